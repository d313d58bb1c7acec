import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { clientKey } from '../common/client-address.js';
import { tooManyRequests } from '../common/too-many-requests.js';

/**
 * A per-minute limit for the routes machines call (signage players, printers, payment webhooks), which the
 * per-address write limit leaves alone: one count per `who` (a device's identifier, a payment provider) and client
 * address, in the gateway's rate-limit store (Redis, in memory while Redis is away). Per device, not per address
 * only: a branch's screens and printers share one public address. Reads count too (a player's and a printer's
 * polls are GETs and POSTs alike). Past the limit: the German 429 with Retry-After. Used as a preHandler, after
 * the credentials were read (a device is counted under its own identifier, never under its key).
 */
export function machineRateLimit(
  scope: FastifyInstance,
  name: string,
  perMinute: number,
  who: (req: FastifyRequest) => string,
): (req: FastifyRequest) => Promise<void> {
  const check = scope.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    // the global limit's allow list lets safe methods through; a machine's polls are counted whatever their method
    allowList: () => false,
    // hashed: an identifier is as long as its sender likes, and a counter's key stays short
    keyGenerator: (req) => `${name}:${createHash('sha256').update(who(req)).digest('base64url')}:${clientKey(req.ip)}`,
  });
  return async (req) => {
    const limit = await check(req);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(limit.ttl);
  };
}
