import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import pretty from 'pino-pretty';

interface LoggedRequest {
  method: string;
  url: string;
}

/** JSON objects, one a line (for machines: the default off a terminal), or lines a person reads. */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when set; otherwise readable lines on a terminal and JSON everywhere else (files, pipes, containers). */
export function chooseLogFormat(setting: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat {
  return setting ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

export function createPino(level: string, format: LogFormat = 'json', out: NodeJS.WritableStream = process.stdout): Pino {
  const options = {
    level,
    base: { service: 'screamstage' },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: {
      // No client addresses in logs, and no query strings: they can carry single-use tokens.
      req: (req: LoggedRequest) => ({ method: req.method, url: req.url.split('?')[0] }),
    },
  };
  if (format === 'pretty') return pino(options, prettyStream(out, colorsFor(out)));
  // pino's own destination for stdout (buffered, written off the hot path); any other stream as given.
  return out === process.stdout ? pino(options) : pino(options, out as DestinationStream);
}

/** Colours on a terminal that wants them (https://no-color.org). */
function colorsFor(out: NodeJS.WritableStream): boolean {
  return Boolean((out as NodeJS.WriteStream).isTTY) && !process.env.NO_COLOR;
}

/**
 * pino-pretty, in this process and synchronous (a terminal is slow anyway, and no line is lost at exit):
 * `[18:04:05.123] INFO: [Votes] counted POST /api/v1/x 201 3ms {"votes":12}` — the time, the level, the
 * context, the message and a request's method, path and status on one line; other fields after it, an
 * error's stack below.
 */
function prettyStream(out: NodeJS.WritableStream, colors: boolean): DestinationStream {
  return pretty({
    destination: out,
    sync: true,
    colorize: colors,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,context,req,res,responseTime',
    messageFormat:
      '{if context}[{context}] {end}{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}{if responseTime} {responseTime}ms{end}',
  });
}

/**
 * Nest's start-up inventory (every module loaded, every route mapped: a hundred lines) is for
 * debugging, not for the person starting the app: at debug level.
 */
const START_UP_INVENTORY = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController', 'NestFactory', 'NestApplication']);

/** Nest's own log lines, through the same pino instance Fastify uses. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}
  log(message: unknown, context?: string) {
    if (context && START_UP_INVENTORY.has(context)) this.pino.debug({ context }, String(message));
    else this.pino.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pino.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pino.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pino.trace({ context }, String(message));
  }
}
