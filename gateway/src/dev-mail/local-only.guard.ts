import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainException } from '@shop/server';
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 ('::ffff:127.0.0.1'). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Only this machine may read the caught mails: the gateway listens on every interface (GATEWAY_HOST 0.0.0.0), and
 * the mails of a local stack hold customers' addresses. Judged by the socket, never by X-Forwarded-For; anyone
 * else gets the 404 of an unknown route.
 */
@Injectable()
export class LocalOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (!isLoopback(req.raw.socket.remoteAddress)) throw DomainException.notFound();
    return true;
  }
}
