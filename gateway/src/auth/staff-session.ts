import type { Actor } from '@shop/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE } from '../common/csrf.js';

export const SESSION_COOKIE = 'sid';

/** What a staff session keeps (in Redis, never in the cookie). */
export interface SessionData {
  actor: Actor;
  /** when identity last confirmed the actor (ms since epoch) */
  actorCheckedAt: number;
  /** when the session began, at login (ms since epoch): it ends absoluteSeconds later, however active */
  startedAt: number;
  /** the user's credentialsChangedAt when this session last confirmed it: a later password change ends it */
  credentialsChangedAt?: string | null;
  /** an administrator without the required two-factor login: only enrolment is allowed until it is on */
  mfaSetupRequired?: boolean;
}

export interface StaffSession {
  id: string;
  data: SessionData;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the staff session of a request with a valid `sid` cookie, else null */
    staffSession: StaffSession | null;
  }
}

/**
 * The request names a staff session that does not exist (any more): it expired, was ended, Redis lost it or the
 * cookie's signature no longer verifies. Such requests still read public data; a 401 tells them so.
 */
export function hasLostSession(req: FastifyRequest): boolean {
  return !req.staffSession && !!req.cookies?.[SESSION_COOKIE];
}

export interface SessionOptions {
  redis: Redis;
  keyPrefix: string;
  /** the rolling lifetime: the session ends after this long without a request */
  ttlSeconds: number;
  /** the absolute lifetime: the session ends this long after login, however active (OWASP ASVS 3.3) */
  absoluteSeconds: number;
  secure: boolean | 'auto';
}

/**
 * Staff sessions: a random 256-bit id in a signed, HttpOnly, SameSite=Lax cookie, the data in Redis with a
 * rolling TTL (shared by every gateway instance, kept across restarts). Unlike a general session plugin, a
 * request without the cookie costs nothing: the customer's hot paths (order status polls, /api/init) never
 * create, sign or store a session.
 */
export class StaffSessions {
  constructor(private readonly o: SessionOptions) {}

  /** Loads the session of requests that carry the cookie (and renews its TTL in the same command). */
  register(fastify: FastifyInstance): void {
    fastify.decorateRequest('staffSession', null);
    fastify.addHook('onRequest', async (req) => {
      const raw = req.cookies[SESSION_COOKIE];
      if (!raw) return;
      const { valid, value } = req.unsignCookie(raw);
      if (!valid || !value) return;
      const stored = await this.o.redis.getex(this.key(value), 'EX', this.o.ttlSeconds);
      if (!stored) return;
      const data = JSON.parse(stored) as Partial<SessionData>;
      // past its absolute lifetime (or from before it was recorded): gone, like an expired one
      if (!data.startedAt || Date.now() - data.startedAt >= this.o.absoluteSeconds * 1000) {
        await this.o.redis.del(this.key(value));
        return;
      }
      req.staffSession = { id: value, data: data as SessionData };
    });
  }

  /**
   * Login: a new id every time (a planted id is worthless), the old session removed. Also when a session's rights
   * grow (two-factor login enrolled), then with the session's `startedAt`: its absolute lifetime does not restart.
   */
  async start(
    req: FastifyRequest,
    reply: FastifyReply,
    fields: Omit<SessionData, 'startedAt'>,
    startedAt = Date.now(),
  ): Promise<void> {
    if (req.staffSession) await this.o.redis.del(this.key(req.staffSession.id));
    const data: SessionData = { ...fields, startedAt };
    const id = randomBytes(32).toString('base64url');
    await this.o.redis.set(this.key(id), JSON.stringify(data), 'EX', this.o.ttlSeconds);
    req.staffSession = { id, data };
    reply.setCookie(SESSION_COOKIE, id, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: this.o.secure,
      maxAge: this.o.ttlSeconds,
    });
  }

  async save(req: FastifyRequest): Promise<void> {
    if (req.staffSession)
      await this.o.redis.set(
        this.key(req.staffSession.id),
        JSON.stringify(req.staffSession.data),
        'EX',
        this.o.ttlSeconds,
      );
  }

  /** Logout: the session is gone from Redis and its cookies (the id and the CSRF secret) are cleared. */
  async end(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.forget(req);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(CSRF_COOKIE, { path: '/' });
  }

  /** Removes the session server-side (a cookie that still names it is ignored). */
  async forget(req: FastifyRequest): Promise<void> {
    if (req.staffSession) await this.o.redis.del(this.key(req.staffSession.id));
    req.staffSession = null;
  }

  /**
   * Identity changed a user (roles, branches, lock, disable, deletion), or, with null, anything may have changed
   * (the event stream had a gap): every session of that user, or every session, re-confirms its actor at its next
   * request instead of trusting it for ACTOR_REFRESH_SECONDS. Shared by all gateway instances through Redis.
   */
  async userChanged(userId: number | null): Promise<void> {
    await this.o.redis.set(this.changedKey(userId), String(Date.now()), 'EX', this.o.absoluteSeconds);
  }

  /** When the user (or anyone) last changed, in ms since epoch; 0 when not within a session's lifetime. */
  async userChangedAt(userId: number): Promise<number> {
    const [user, anyone] = await this.o.redis.mget(this.changedKey(userId), this.changedKey(null));
    return Math.max(Number(user ?? 0), Number(anyone ?? 0));
  }

  private changedKey(userId: number | null): string {
    return `${this.o.keyPrefix}changed:${userId ?? 'any'}`;
  }

  private key(id: string): string {
    return `${this.o.keyPrefix}${id}`;
  }
}
