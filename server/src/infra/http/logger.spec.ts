import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { chooseLogFormat, createPino, PinoNestLogger } from './logger.js';

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

describe('the pretty format', () => {
  const prettyLines = (write: (log: ReturnType<typeof createPino>) => void) => {
    const out = capture();
    write(createPino('info', 'pretty', out.stream));
    return out.lines;
  };

  it('should show the time, the level, the context and the message on one line, then the other fields', () => {
    expect(prettyLines((log) => log.info({ context: 'Votes', votes: 12, group: 'g 1' }, 'counted'))).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[Votes\] counted \{"votes":12,"group":"g 1"\}$/),
    ]);
  });

  it("should show a request's method, path (without its query), status and time, and an error's stack below its line", () => {
    const request = { reqId: 'r1', req: { method: 'POST', url: '/api/v1/x?token=secret' }, res: { statusCode: 201 }, responseTime: 3.1 };
    expect(prettyLines((log) => log.info(request, 'request completed'))).toEqual([
      expect.stringMatching(/^\[[\d:.]+\] INFO: request completed POST \/api\/v1\/x 201 3\.1ms \{"reqId":"r1"\}$/),
    ]);
    const failure = prettyLines((log) => log.error({ err: new Error('boom') }, 'it failed'));
    expect(failure[0]).toMatch(/^\[[\d:.]+\] ERROR: it failed/);
    expect(failure.join('\n')).toContain('Error: boom');
  });

  it('should leave colours out when the stream is not a terminal', () => {
    expect(prettyLines((log) => log.warn('careful')).join('\n')).not.toContain('\u001b[');
  });
});

describe(createPino.name, () => {
  it('should write readable lines in the pretty format and one JSON object a line otherwise', () => {
    const pretty = capture();
    createPino('info', 'pretty', pretty.stream).info({ port: 3000 }, 'listening');
    expect(pretty.lines).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening \{"port":3000\}$/)]);

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
