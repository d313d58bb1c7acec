import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Unique NATS subject prefix and Redis key prefix for one test file. */
export function uniquePrefixes(label = 't'): { nats: string; redis: string } {
  const id = `${label
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 12)}${process.pid}${randomBytes(3).toString('hex')}`;
  return { nats: `${id}.`, redis: `test:${id}:` };
}

/** Removes the JetStream streams and Redis keys a test file created. */
export async function cleanupPrefixes(prefixes: { nats: string; redis: string }): Promise<void> {
  const nc = await connect({ servers: NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const streamPrefix = prefixes.nats.replace(/[^A-Za-z0-9_-]/g, '_');
    for await (const s of jsm.streams.list()) {
      // object store buckets live in streams named OBJ_<bucket>
      if (s.config.name.startsWith(streamPrefix) || s.config.name.startsWith(`OBJ_${streamPrefix}`))
        await jsm.streams.delete(s.config.name);
    }
  } finally {
    await nc.close();
  }
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefixes.redis}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Polls until fn returns a truthy value (or throws after timeoutMs). */
export async function waitFor<T>(fn: () => Promise<T> | T, timeoutMs = 5000, intervalMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`waitFor timed out after ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}
