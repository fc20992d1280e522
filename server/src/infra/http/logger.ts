import type { LoggerService } from '@nestjs/common';
import { pino, type Logger as Pino } from 'pino';

interface LoggedRequest {
  method: string;
  url: string;
}

export function createPino(level: string): Pino {
  return pino({
    level,
    base: { service: 'screamstage' },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: {
      // No client addresses in logs, and no query strings: they can carry single-use tokens.
      req: (req: LoggedRequest) => ({ method: req.method, url: req.url.split('?')[0] }),
    },
  });
}

/** Nest's own log lines, as structured JSON through the same pino instance Fastify uses. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}
  log(message: unknown, context?: string) {
    this.pino.info({ context }, String(message));
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
