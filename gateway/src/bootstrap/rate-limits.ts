import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { DomainException } from '@shop/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { INIT_ROUTE } from '../init/init-fast-path.js';
import { PUBLIC_ORDER_PATH } from '../orders/public-order.route.js';
import { clientKey } from '../common/client-address.js';
import { SAFE_METHODS } from '../common/csrf.js';
import { tooManyRequests } from '../common/too-many-requests.js';
import { FORM_SUBMIT_ROUTE } from '../common/error-envelope.js';

type StoreArgs = [continueExceeding: boolean, exponentialBackoff: boolean];
type StoreFlags = { continueExceeding: boolean; exponentialBackoff: boolean };
type StoreChild = Parameters<FastifyRateLimitStore['child']>[0];
// the plugin's own two stores (its package has no export map for them, nor typings)
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  ...args: [...StoreArgs, redis: Redis, key: string]
) => FastifyRateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  ...args: [...StoreArgs, cache?: number]
) => FastifyRateLimitStore;

const LOGIN_URL = '/backend/login';
/** POST /api/uploads (the anonymous upload route, uploads/upload.route.ts) */
const UPLOAD_URL = '/api/uploads';
const HOUR_MS = 3_600_000;

/**
 * Counters in Redis, shared by every gateway instance; while Redis is not connected (or a command fails) the
 * same counters run in this process's memory, so an outage of Redis never turns a write into a 500: orders are
 * still taken, with limits per gateway instance instead of per cluster.
 */
export function redisWithMemoryFallback(redis: Redis, nameSpace: string, logger: Logger) {
  let warned = false;
  const fallback = (local: FastifyRateLimitStore, remote: FastifyRateLimitStore): FastifyRateLimitStore => ({
    incr(key, cb, timeWindow, max) {
      const inMemory = (err?: Error) => {
        if (!warned) logger.warn({ err }, 'rate limits in memory while Redis is unreachable');
        warned = true;
        local.incr(key, cb, timeWindow, max);
      };
      // a command to a Redis that is reconnecting would wait for its retries: counted in memory right away
      if (redis.status !== 'ready') return inMemory();
      const inRedis: typeof cb = (err, result) => {
        if (err) return inMemory(err);
        warned = false;
        cb(null, result);
      };
      remote.incr(key, inRedis, timeWindow, max);
    },
    child: (route: StoreChild) => fallback(local.child(route), remote.child(route)),
  });
  // the plugin constructs its store with `new` and the global options; a constructor may return the object itself
  const store = function ({ continueExceeding, exponentialBackoff }: StoreFlags) {
    return fallback(
      new LocalStore(continueExceeding, exponentialBackoff),
      new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
    );
  };
  return store as unknown as NonNullable<RateLimitOptions['store']>;
}

/** Fastify's `trustProxy`: only the configured proxies' X-Forwarded-For is believed; none by default. */
export function trustedProxies(config: Pick<GatewayConfig, 'TRUSTED_PROXIES'>): string[] | false {
  return config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false;
}

/** The uploads' 429 names minutes (the window is an hour). */
function tooManyUploads(ttlMs: number) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const ex = DomainException.of('TOO_MANY_REQUESTS', 'content.tooManyUploads', { minutes: Math.ceil(seconds / 60) });
  return Object.assign(ex, { statusCode: 429, extra: { retryAfter: seconds } });
}

/**
 * The reads the fast paths answer from memory (fast-path.ts): never counted, also when a fast path declines one and
 * Fastify answers it, so both answer alike (the same headers) and a waiting customer's poll is never refused.
 */
const CACHED_READS: ReadonlySet<string> = new Set([INIT_ROUTE, PUBLIC_ORDER_PATH]);

/** Which count a request is in: a login, a write, an API read, or none (pages, assets, files, cached reads). */
function counted(req: FastifyRequest): 'login' | 'write' | 'read' | null {
  const route = req.routeOptions.url ?? '';
  if (route === LOGIN_URL) return 'login';
  if (!SAFE_METHODS.has(req.method)) return 'write';
  return req.url.startsWith('/api/') && !CACHED_READS.has(route) ? 'read' : null;
}

/**
 * Writes, login attempts and API reads are counted per client (the socket's address, or the one a trusted proxy
 * names; an IPv6 client by its /64, client-address.ts). Per username a login is never refused here: its failures
 * lead to a proof-of-work instead (auth/login-failures.ts), so nobody can lock the right password out by guessing
 * from many addresses. API reads have a generous limit of their own (issue 37 item 9: a scraper walking the API
 * from one address); pages, assets and files stay unlimited, and so do the visitors' `/api/init` and the order
 * status polls the fast paths answer from memory before Fastify (CACHED_READS): their speed is untouched.
 */
export async function registerRateLimits(
  fastify: FastifyInstance,
  redis: Redis,
  config: GatewayConfig,
  logger: Logger,
): Promise<void> {
  const perMinute = {
    login: config.RATE_LIMIT_LOGIN_PER_MINUTE,
    write: config.RATE_LIMIT_WRITES_PER_MINUTE,
    read: config.RATE_LIMIT_READS_PER_MINUTE,
  };
  await fastify.register(fastifyRateLimit, {
    global: true,
    store: redisWithMemoryFallback(redis, `${config.REDIS_PREFIX}rl:`, logger),
    timeWindow: 60_000,
    allowList: (req) => counted(req) === null,
    max: (req) => perMinute[counted(req) ?? 'read'],
    keyGenerator: (req) => `${counted(req)}:${clientKey(req.ip)}`,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(ctx.ttl),
  });
  // anonymous writes that cost more than a request (a stored file, a sent e-mail): a count per client and hour on
  // top of the per-minute write limit (issue 15 item 9, issue 16 "Rate-limited per client")
  const perClientHour = (name: string, max: number) =>
    fastify.createRateLimit({ max, timeWindow: HOUR_MS, keyGenerator: (req) => `${name}:${clientKey(req.ip)}` });
  const hourly: Record<string, { check: ReturnType<typeof perClientHour>; error: (ttl: number) => Error }> = {
    [UPLOAD_URL]: { check: perClientHour('upload', config.RATE_LIMIT_UPLOADS_PER_HOUR), error: tooManyUploads },
    [FORM_SUBMIT_ROUTE]: { check: perClientHour('form', config.RATE_LIMIT_FORMS_PER_HOUR), error: tooManyRequests },
  };
  fastify.addHook('preHandler', async (req) => {
    if (req.method !== 'POST') return;
    const per = hourly[req.routeOptions.url ?? ''];
    if (!per) return;
    const limit = await per.check(req);
    if (!limit.isAllowed && limit.isExceeded) throw per.error(limit.ttl);
  });
}
