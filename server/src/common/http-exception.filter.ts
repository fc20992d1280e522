import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, NotFoundException, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream, existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/**
 * Every error leaves as {"detail": ...}. Unknown page paths (not /api) get the single-page app,
 * whose router shows the spec's 404 page.
 */
/**
 * Whether an unknown GET path is a page of the single-page app rather than a missing file. Files live
 * under /assets/, /media/ and /uploads/ or at the top level (/favicon.svg); deeper paths are pages even
 * with a dot in them, since usernames may hold dots (/profile/vivienne.crane).
 */
export function isPagePath(rawUrl: string): boolean {
  const url = rawUrl.split('?')[0];
  if (/^\/(api|uploads|socket\.io|assets|media)(\/|$)/.test(url)) return false;
  const topLevelFile = url.lastIndexOf('/') === 0 && path.extname(url) !== '' && !url.endsWith('.html');
  return !topLevelFile;
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');
  constructor(private readonly clientDir: string | null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    if (reply.sent) return;

    if (exception instanceof NotFoundException && this.isPageRequest(request)) {
      const index = path.join(this.clientDir!, 'index.html');
      void reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(createReadStream(index));
      return;
    }

    const { status, body } = this.toBody(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    void reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private isPageRequest(request: FastifyRequest): boolean {
    // HEAD too: link checkers and uptime monitors ask for pages that way.
    if (!this.clientDir || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    return isPagePath(request.url) && existsSync(path.join(this.clientDir, 'index.html'));
  }

  private toBody(exception: unknown): { status: number; body: { detail: unknown } } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Fastify's own errors (body parser, router) come wrapped by the adapter: our words, not theirs.
      const cause = exception.cause as FastifyLikeError | undefined;
      if (typeof cause?.code === 'string' && cause.code.startsWith('FST_')) return { status, body: { detail: frameworkErrorDetail(cause.code, status) } };
      const res = exception.getResponse();
      if (typeof res === 'object' && res !== null && 'detail' in res) return { status, body: { detail: (res as { detail: unknown }).detail } };
      if (status === HttpStatus.NOT_FOUND) return { status, body: { detail: 'Not Found' } };
      const message = typeof res === 'string' ? res : (res as { message?: unknown }).message;
      return { status, body: { detail: Array.isArray(message) ? message.join(', ') : String(message ?? exception.message) } };
    }
    const err = (exception ?? {}) as FastifyLikeError;
    // Fastify and its plugins (body parser, multipart) throw errors with a statusCode.
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return { status: err.statusCode, body: { detail: frameworkErrorDetail(err.code, err.statusCode) } };
    }
    return { status: 500, body: { detail: 'Internal server error' } };
  }
}

/**
 * The detail for an error of Fastify or Node: a fixed text per kind, never their message (which may
 * repeat the path) nor their codes (FST_ERR_...).
 */
export function frameworkErrorDetail(code: string | undefined, status: number): string {
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long';
    default:
      if (status === HttpStatus.NOT_FOUND) return 'Not Found';
      return STATUS_CODES[status] ?? 'Bad request';
  }
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  HPE_URI_TOO_LONG: [414, 'The address is too long'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long'],
};

/**
 * Node's `clientError` (a request it could not read: headers too large, a broken request line, a
 * timeout): a small JSON answer in our shape, then the connection closes.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad request'];
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
