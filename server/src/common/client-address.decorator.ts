import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address: the connection's, or the forwarded one when TRUST_PROXY names the proxy
 * it came through (Fastify's request.ip applies that rule). IPv4 seen through an IPv6 socket
 * (::ffff:a.b.c.d) is written as plain IPv4, so one client is one address either way.
 */
export const ClientAddress = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const ip = ctx.switchToHttp().getRequest<FastifyRequest>().ip ?? '';
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
});
