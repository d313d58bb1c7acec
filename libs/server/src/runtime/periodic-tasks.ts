import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { BaseConfig } from '../config/config.js';
import { CONFIG, LOGGER } from './tokens.js';

/**
 * A lease lasts this many intervals of its task. Its holder renews it on every tick, so a tick that comes late (a
 * busy event loop, a garbage collection) by up to one interval keeps it, and a holder that died frees it after at
 * most this many intervals; the next tick of another replica then takes it.
 */
export const LEASE_INTERVALS = 2;

/** a lease command that takes longer counts as Redis being unreachable (the run then goes ahead, see `every`) */
const LEASE_COMMAND_TIMEOUT_MS = 2000;

/** 1: the lease is this holder's now (taken while free, or renewed); 0: another replica holds it */
const TAKE_LEASE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/** frees the lease if this holder has it (never another replica's) */
const GIVE_UP_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

type LeaseRedis = Redis & {
  takeLease(key: string, holder: string, ttlMs: number): Promise<number>;
  giveUpLease(key: string, holder: string): Promise<number>;
};

type Lease = 'ours' | 'theirs' | 'unreachable';

interface TaskState {
  running: boolean;
  /** the last run failed: the next tick is left to the other replicas */
  sitOut: boolean;
}

/**
 * Periodic background work of a service (re-dispatching jobs, reconciling payments, sweeping for lost events,
 * retention), registered with @nestjs/schedule's SchedulerRegistry, which clears every interval when the app shuts
 * down. A run never overlaps the previous one in this process, and a failed run is logged; the next one retries.
 *
 * Across the replicas of a service each task runs on one of them: the one holding its lease in Redis
 * (ARCHITECTURE.md "Running at scale"). Every replica ticks; a tick takes the lease when it is free or renews it
 * when this replica holds it, and only the holder runs. So the holder keeps the task while it is alive and its runs
 * succeed, a run longer than the lease stays its only run (its ticks renew the lease meanwhile), and replicas whose
 * timers are offset never both run in one interval. A run that fails gives the lease up and sits out the next tick,
 * so a sick replica hands the task over. While Redis cannot be reached each replica runs its tasks as if alone (as
 * before leases): each task is safe to run twice at once (row locks, idempotent writes), the lease only spares the
 * duplicate work, and a retention sweep or the payment reconciliation must not stop with Redis.
 *
 * Not a Postgres lock (`pg_try_advisory_xact_lock`; session locks do not survive PgBouncer's transaction pooling):
 * its transaction would hold a pooled connection for the whole run (pools of two or three in small deployments),
 * idle_in_transaction_session_timeout would end it, lock and all, while the run works on other connections, it
 * would only keep runs apart, not make one run per interval, and a holder whose host vanished would keep it until
 * TCP keepalive noticed.
 */
@Injectable()
export class PeriodicTasks implements BeforeApplicationShutdown, OnApplicationShutdown {
  /** this process's value in every lease it holds */
  private readonly holder = randomUUID();
  private readonly leases = new Map<string, TaskState>();
  /** the runs under way, which a shutdown lets finish before the pools end */
  private readonly runs = new Set<Promise<void>>();
  private redis: LeaseRedis | null = null;
  private unreachable = false;
  private stopped = false;

  constructor(
    private readonly registry: SchedulerRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: Pick<BaseConfig, 'REDIS_URL' | 'REDIS_PREFIX'>,
  ) {}

  every(name: string, ms: number, task: () => Promise<void>): void {
    const key = this.leaseKey(name);
    const state: TaskState = { running: false, sitOut: false };
    this.leases.set(key, state);
    const interval = setInterval(async () => {
      if (this.stopped) return;
      if (state.sitOut) {
        state.sitOut = false;
        return;
      }
      const lease = await this.take(key, ms * LEASE_INTERVALS);
      if (this.stopped) return;
      if (state.running) {
        // a long run whose lease went to another replica meanwhile (a tick later than the lease lasts)
        if (lease === 'theirs') this.logger.warn({ task: name }, 'periodic task lost its lease while running');
        return;
      }
      if (lease === 'theirs') {
        this.logger.debug({ task: name }, 'periodic run skipped: another replica holds its lease');
        return;
      }
      state.running = true;
      const run = this.run(name, key, state, task);
      this.runs.add(run);
      await run;
      this.runs.delete(run);
    }, ms);
    interval.unref();
    this.registry.addInterval(name, interval);
  }

  private async run(name: string, key: string, state: TaskState, task: () => Promise<void>): Promise<void> {
    try {
      await task();
    } catch (err) {
      this.logger.warn({ err, task: name }, 'periodic task failed; the next run retries');
      state.sitOut = true;
      await this.giveUp(key);
    } finally {
      state.running = false;
    }
  }

  /**
   * The first step of an app's close, before any module ends its pool or connection (their onApplicationShutdown,
   * TypeORM's before this service's own): no run starts any more, and the runs under way finish with their
   * connections open instead of having their queries cut ("Connection terminated").
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.runs);
  }

  /**
   * Shutdown (after @nestjs/schedule cleared the intervals): the leases of idle tasks are freed, so another replica
   * takes them on its next tick; the lease of a task still running expires on its own, as do all of them while
   * Redis is away (the stop does not wait for it).
   */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const redis = this.redis;
    if (!redis) return;
    if (redis.status !== 'ready') return redis.disconnect();
    await Promise.all([...this.leases].filter(([, state]) => !state.running).map(([key]) => this.giveUp(key)));
    await redis.quit().catch(() => redis.disconnect());
  }

  /** unique per deployment (REDIS_PREFIX, unique per test stack too), service (its logger's name) and task */
  private leaseKey(name: string): string {
    const service = (this.logger.bindings() as { service?: string }).service ?? 'service';
    return `${this.config.REDIS_PREFIX}periodic:${service}:${name}`;
  }

  private connection(): LeaseRedis {
    if (this.redis) return this.redis;
    const redis = new Redis(this.config.REDIS_URL, {
      // a command waits for the connection at most until the next reconnect attempt, and never longer than this
      maxRetriesPerRequest: 0,
      commandTimeout: LEASE_COMMAND_TIMEOUT_MS,
      // a shutdown while Redis is away does not wait for the socket of the failed attempt
      disconnectTimeout: 100,
    });
    // reported once per outage by take(); ioredis would print every reconnect attempt otherwise
    redis.on('error', () => undefined);
    redis.defineCommand('takeLease', { numberOfKeys: 1, lua: TAKE_LEASE });
    redis.defineCommand('giveUpLease', { numberOfKeys: 1, lua: GIVE_UP_LEASE });
    this.redis = redis as LeaseRedis;
    return this.redis;
  }

  private async take(key: string, ttlMs: number): Promise<Lease> {
    try {
      const redis = this.connection();
      // between two reconnect attempts a command would wait for the next one: Redis is away now
      if (redis.status === 'reconnecting' || redis.status === 'end') throw new Error(`Redis is ${redis.status}`);
      const ours = (await redis.takeLease(key, this.holder, ttlMs)) === 1;
      if (this.unreachable) {
        this.unreachable = false;
        this.logger.info('Redis is back: each periodic task runs on one replica again');
      }
      return ours ? 'ours' : 'theirs';
    } catch (err) {
      if (!this.unreachable && !this.stopped) {
        this.unreachable = true;
        const reason = err instanceof Error ? err.message : String(err);
        this.logger.warn({ reason }, 'Redis is unreachable: periodic tasks run on every replica until it is back');
      }
      return 'unreachable';
    }
  }

  private async giveUp(key: string): Promise<void> {
    await this.redis?.giveUpLease(key, this.holder).catch(() => undefined);
  }
}
