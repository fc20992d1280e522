import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { chooseLogFormat, createPino, PinoNestLogger, prettyLine } from './logger.js';

/** A stream that keeps what is written to it. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

describe(chooseLogFormat.name, () => {
  it('should write lines a person reads on a terminal and JSON anywhere else, unless LOG_FORMAT says which', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });
});

describe(prettyLine.name, () => {
  it('should show the time, the level, the context and the message, then the other fields', () => {
    const line = JSON.stringify({
      level: 30,
      time: '2026-05-01T18:04:05.123Z',
      service: 'screamstage',
      context: 'Votes',
      msg: 'counted',
      votes: 12,
      group: 'g 1',
    });
    expect(prettyLine(line)).toBe('18:04:05.123 INFO  [Votes] counted votes=12 group="g 1"');
  });

  it("should show a request's method, path, status and time, and an error's stack below the line", () => {
    const request = JSON.stringify({
      level: 30,
      time: '2026-05-01T18:04:05.123Z',
      reqId: 'r1',
      req: { method: 'POST', url: '/api/v1/x' },
      res: { statusCode: 201 },
      responseTime: 3.14,
      msg: 'request completed',
    });
    expect(prettyLine(request)).toBe('18:04:05.123 INFO  request completed POST /api/v1/x 201 3.1ms reqId=r1');
    const failure = JSON.stringify({ level: 50, time: '2026-05-01T18:04:05.123Z', msg: 'boom', err: { message: 'boom', stack: 'Error: boom\n    at here' } });
    expect(prettyLine(failure)).toBe('18:04:05.123 ERROR boom\nError: boom\n    at here');
  });

  it('should colour the level on a terminal, and pass through a line that is not JSON', () => {
    expect(prettyLine(JSON.stringify({ level: 40, time: '2026-05-01T18:04:05.123Z', msg: 'careful' }), true)).toContain('\u001b[33mWARN \u001b[39m careful');
    expect(prettyLine('plain text\n')).toBe('plain text');
  });
});

describe(createPino.name, () => {
  it('should write readable lines in the pretty format and one JSON object a line otherwise', () => {
    const pretty = capture();
    createPino('info', 'pretty', pretty.stream).info({ port: 3000 }, 'listening');
    expect(pretty.lines).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}listening port=3000$/)]);

    const json = capture();
    const log = createPino('info', 'json', json.stream);
    log.debug('not at info level');
    log.info({ port: 3000 }, 'listening');
    expect(json.lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([expect.objectContaining({ level: 30, msg: 'listening', port: 3000 })]);
  });
});

describe(PinoNestLogger.name, () => {
  it("should put Nest's start-up inventory (modules loaded, routes mapped) at debug level, and everything else at info", () => {
    const out = capture();
    const logger = new PinoNestLogger(createPino('debug', 'json', out.stream));
    logger.log('Mapped {/api/v1/health, GET} route', 'RouterExplorer');
    logger.log('HealthController {/api/v1/health}:', 'RoutesResolver');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.log('3 pictures given their smaller copies', 'Pictures');
    expect(out.lines.map((l) => [(JSON.parse(l) as { level: number }).level, (JSON.parse(l) as { context: string }).context])).toEqual([
      [20, 'RouterExplorer'],
      [20, 'RoutesResolver'],
      [20, 'InstanceLoader'],
      [20, 'NestApplication'],
      [30, 'Pictures'],
    ]);
  });
});
