import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, NotFoundException, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { NOT_FOUND_MESSAGES, REQUEST_MESSAGES, SERVICE_MESSAGES } from '#contract/common/messages.js';
import { answerInLanguage, detailIn } from '#server/common/http/answer-language.js';
import { requestLocale } from '#server/common/http/request-locale.js';
import { isDatabaseUnavailable } from '#server/infra/database/database-errors.js';
import { isRedisUnavailable } from '#server/infra/queue/outage-errors.js';
import type { PageShell } from '#server/infra/ssr/page-shell.js';

/** The wait a 503 suggests: about what an outage that passes takes to be noticed and recovered from. */
const RETRY_AFTER_SECONDS = '5';

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/**
 * Every error leaves as {"detail": ...}, its texts in the request's language (Content-Language says
 * which). Unknown page paths (not /api) get the single-page app, whose router shows the not-found page.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');
  constructor(private readonly shell: PageShell | null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    if (reply.sent) return;

    // A page path nothing else answered (a profile page of no contestant): 404, with the page as the app draws it.
    if (exception instanceof NotFoundException && this.shell?.serves(request.method, request.url)) {
      void this.shell.send(reply, request.url, HttpStatus.NOT_FOUND);
      return;
    }

    const locale = requestLocale(request.headers);
    answerInLanguage(reply, locale);

    // The database or Redis down or restarting is not a fault of this request: 503, the client may try
    // again. Redis outages are logged by its connections, once per outage, not once per request.
    if (!(exception instanceof HttpException) && (isDatabaseUnavailable(exception) || isRedisUnavailable(exception))) {
      const database = isDatabaseUnavailable(exception);
      if (database) this.logger.warn(`Database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
      void reply
        .code(HttpStatus.SERVICE_UNAVAILABLE)
        .header('content-type', 'application/json; charset=utf-8')
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ detail: detailIn(locale, database ? SERVICE_MESSAGES.databaseUnavailable : SERVICE_MESSAGES.storeUnavailable) });
      return;
    }

    const { status, body } = this.toBody(exception);
    // A 503 the code chose to answer (not ready, a service away) is an answer, not a fault: logging each
    // would repeat an outage once per request.
    if (status >= 500 && !(exception instanceof HttpException && status === HttpStatus.SERVICE_UNAVAILABLE)) {
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    }
    // Every 503 says when to try again; an answer that set its own Retry-After keeps it.
    if (status === HttpStatus.SERVICE_UNAVAILABLE && !reply.hasHeader('retry-after')) void reply.header('retry-after', RETRY_AFTER_SECONDS);
    void reply
      .code(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ ...body, detail: detailIn(locale, body.detail) });
  }

  private toBody(exception: unknown): { status: number; body: { detail: unknown } } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Fastify's own errors (body parser, router) come wrapped by the adapter: our words, not theirs.
      const cause = exception.cause as FastifyLikeError | undefined;
      if (typeof cause?.code === 'string' && cause.code.startsWith('FST_')) return { status, body: { detail: frameworkErrorDetail(cause.code, status) } };
      const res = exception.getResponse();
      if (typeof res === 'object' && res !== null && 'detail' in res) return { status, body: { detail: (res as { detail: unknown }).detail } };
      if (status === HttpStatus.NOT_FOUND) return { status, body: { detail: NOT_FOUND_MESSAGES.apiRoute } };
      const message = typeof res === 'string' ? res : (res as { message?: unknown }).message;
      return { status, body: { detail: Array.isArray(message) ? message.join(', ') : String(message ?? exception.message) } };
    }
    const err = (exception ?? {}) as FastifyLikeError;
    // Fastify and its plugins (body parser, multipart) throw errors with a statusCode.
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return { status: err.statusCode, body: { detail: frameworkErrorDetail(err.code, err.statusCode) } };
    }
    return { status: 500, body: { detail: REQUEST_MESSAGES.internalError } };
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
      return REQUEST_MESSAGES.tooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return REQUEST_MESSAGES.unsupportedType;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return REQUEST_MESSAGES.invalidJson;
    case 'FST_ERR_BAD_URL':
      return REQUEST_MESSAGES.badAddress;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return REQUEST_MESSAGES.addressTooLong;
    default:
      if (status === HttpStatus.NOT_FOUND) return NOT_FOUND_MESSAGES.apiRoute;
      return STATUS_CODES[status] ?? REQUEST_MESSAGES.badRequest;
  }
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  HPE_URI_TOO_LONG: [414, REQUEST_MESSAGES.addressTooLong],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long'],
};

/**
 * Node's `clientError` (a request it could not read: headers too large, a broken request line, a
 * timeout): a small JSON answer in our shape, then the connection closes.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = CLIENT_ERRORS[err.code ?? ''] ?? [400, REQUEST_MESSAGES.badRequest];
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
