import type { SessionStore } from '@fastify/session';
import type { Redis } from 'ioredis';

type Callback = (err?: unknown) => void;
type GetCallback = Parameters<SessionStore['get']>[1];

/**
 * @fastify/session's store interface on ioredis: one key per session with the session's TTL, so sessions
 * survive gateway restarts and are shared by every gateway instance.
 */
export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis, private readonly prefix: string, private readonly ttlSeconds: number) {}

  set(sid: string, session: unknown, cb: Callback): void {
    this.redis.set(this.prefix + sid, JSON.stringify(session), 'EX', this.ttlSeconds).then(() => cb(), cb);
  }

  get(sid: string, cb: GetCallback): void {
    this.redis.get(this.prefix + sid).then((raw) => cb(null, raw ? JSON.parse(raw) : null), cb);
  }

  destroy(sid: string, cb: Callback): void {
    this.redis.del(this.prefix + sid).then(() => cb(), cb);
  }
}
