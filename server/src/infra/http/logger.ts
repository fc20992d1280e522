import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';

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

function prettyStream(out: NodeJS.WritableStream, colors: boolean): DestinationStream {
  return { write: (line: string) => void out.write(`${prettyLine(line, colors)}\n`) };
}

const LEVELS: Record<number, [string, number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 36],
  30: ['INFO ', 32],
  40: ['WARN ', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 35],
};

/** Fields every line has, or that the line's head already shows. */
const SHOWN = new Set(['level', 'time', 'msg', 'context', 'service', 'pid', 'hostname', 'req', 'res', 'responseTime', 'err', 'trace']);

const paint = (colors: boolean, code: number, text: string) => (colors ? `\u001b[${code}m${text}\u001b[39m` : text);

const fieldValue = (value: unknown) => (typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value));

/**
 * One pino line as a person reads it: `12:00:01.123 INFO  [Context] message GET /path 200 3ms key=value`,
 * then an error's stack on the lines below. A line that is not pino's JSON is passed through.
 */
export function prettyLine(json: string, colors = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const [label, color] = LEVELS[entry.level as number] ?? [String(entry.level), 39];
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : new Date(Number(entry.time)).toISOString().slice(11, 23);
  const parts = [paint(colors, 90, time), paint(colors, color, label)];
  if (typeof entry.context === 'string') parts.push(paint(colors, 33, `[${entry.context}]`));
  if (entry.msg !== undefined) parts.push(String(entry.msg));
  const req = entry.req as Partial<LoggedRequest> | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime * 10) / 10}ms`);
  for (const [key, value] of Object.entries(entry)) if (!SHOWN.has(key) && value !== undefined) parts.push(paint(colors, 90, `${key}=${fieldValue(value)}`));
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const below = [err?.stack ?? err?.message, typeof entry.trace === 'string' ? entry.trace : undefined].filter(Boolean);
  return [parts.join(' '), ...below.map((text) => paint(colors, 90, String(text)))].join('\n');
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
