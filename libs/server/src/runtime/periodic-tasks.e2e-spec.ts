import { SchedulerRegistry } from '@nestjs/schedule';
import { cleanupPrefixes, REDIS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../logging/logger.js';
import { LEASE_INTERVALS, PeriodicTasks } from './periodic-tasks.js';

/** a tick of every task here: its lease lasts LEASE_INTERVALS of them (a second) */
const TICK_MS = 500;

/** one replica of the order service: its own timers, Redis connection and log */
function replica(name: string, prefix: string, redisUrl = REDIS_URL) {
  const lines: string[] = [];
  const registry = new SchedulerRegistry();
  const logger = createLogger('order', 'debug', { write: (line: string) => void lines.push(line) });
  const tasks = new PeriodicTasks(registry, logger, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
  const count = (text: string) => lines.filter((l) => l.includes(text)).length;
  return {
    name,
    tasks,
    skipped: () => count('another replica holds its lease'),
    count,
    /** its process is gone: no tick renews the lease any more, nothing gives it up */
    die: () => registry.getIntervals().forEach((interval) => registry.deleteInterval(interval)),
  };
}
type Replica = ReturnType<typeof replica>;

/** What the replicas' runs did: who ran, in which order, and whether two ever ran at once. */
function runLog() {
  let active = 0;
  const log = {
    order: [] as string[],
    overlaps: 0,
    runsOf: (r: Replica) => log.order.filter((n) => n === r.name).length,
    /** the task as replica r runs it; `work` is the run's own part */
    task:
      (r: Replica, work: (run: number) => Promise<void> = () => sleep(20)) =>
      async () => {
        if (++active > 1) log.overlaps++;
        log.order.push(r.name);
        try {
          await work(log.order.length);
        } finally {
          active--;
        }
      },
  };
  return log;
}

/**
 * ARCHITECTURE.md "Running at scale": a periodic task (retention, re-dispatch, reconciliation) runs on one replica
 * of its service, not on all: two replicas, each with its own Redis connection and timers, share one task.
 */
describe('periodic tasks on two replicas', () => {
  const prefixes = uniquePrefixes('sweeps');
  const running: Replica[] = [];
  const start = (name: string, redisUrl?: string) => {
    const r = replica(name, prefixes.redis, redisUrl);
    running.push(r);
    return r;
  };
  afterEach(async () => {
    for (const r of running.splice(0)) {
      r.die();
      await r.tasks.onApplicationShutdown();
    }
  });
  afterAll(() => cleanupPrefixes(prefixes));

  it('runs each time on one replica, never on both at once, and a failed run hands the task over', async () => {
    const a = start('a');
    const b = start('b');
    const runs = runLog();
    const work = async (run: number) => {
      // every fourth run takes longer than the lease lasts: the ticks during it renew it
      await sleep(run % 4 === 0 ? LEASE_INTERVALS * TICK_MS + 300 : 20);
      if (run === 9) throw new Error('fails once');
    };
    a.tasks.every('sweep', TICK_MS, runs.task(a, work));
    await sleep(TICK_MS / 2); // b ticks between a's ticks: it would find a lease that was not renewed expired
    b.tasks.every('sweep', TICK_MS, runs.task(b, work));
    await waitFor(() => runs.order.length >= 14, 90_000);

    expect(runs.overlaps).toBe(0);
    const [first, second] = runs.order[0] === 'a' ? [a, b] : [b, a];
    // the first to take the lease keeps the task, the other skips every tick and says so
    expect(runs.order.slice(0, 9)).toEqual(Array(9).fill(first.name));
    expect(second.skipped()).toBeGreaterThan(0);
    // the ninth run failed: its replica gave the lease up and the other one goes on with the task
    expect(runs.order.slice(9).every((n) => n === second.name)).toBe(true);
  }, 120_000);

  it('a replica that dies holding the lease keeps the task from the other for at most the lease', async () => {
    const a = start('a');
    const runs = runLog();
    let unhang: () => void = () => undefined;
    // a's run never ends while it lives (it is killed in the middle of a run)
    a.tasks.every(
      'reconcile',
      TICK_MS,
      runs.task(a, () => new Promise<void>((resolve) => (unhang = resolve))),
    );
    await waitFor(() => runs.runsOf(a) === 1, 30_000);
    const b = start('b');
    b.tasks.every('reconcile', TICK_MS, runs.task(b));
    // a's ticks renew its lease while its run goes on, far longer than one lease
    await waitFor(() => b.skipped() >= 2 * LEASE_INTERVALS + 1, 30_000);
    expect(runs.runsOf(b)).toBe(0);

    a.die();
    const skippedBefore = b.skipped();
    await waitFor(() => runs.runsOf(b) >= 2, 30_000);
    // the lease outlived its holder by at most LEASE_INTERVALS of b's ticks (one more on either side: a tick in
    // flight when a died, and one at the moment the lease ran out)
    expect(b.skipped() - skippedBefore).toBeLessThanOrEqual(LEASE_INTERVALS + 2);
    unhang();
  }, 120_000);

  describe('while Redis is down', () => {
    let port: number;
    const redisCli = (...args: string[]) => execFileSync('redis-cli', ['-p', String(port), ...args]).toString();
    const startRedis = async () => {
      execFileSync('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'yes']);
      await waitFor(() => redisCli('ping').includes('PONG'), 20_000);
    };
    beforeAll(async () => {
      port = await freePort();
      await startRedis();
    });
    afterAll(() => {
      try {
        redisCli('shutdown', 'nosave');
      } catch {
        // already stopped by a failed test
      }
    });

    it('every replica runs its tasks as if alone, and one again when Redis is back', async () => {
      const url = `redis://127.0.0.1:${port}`;
      const a = start('a', url);
      const b = start('b', url);
      const runs = runLog();
      a.tasks.every('expire', TICK_MS, runs.task(a));
      b.tasks.every('expire', TICK_MS, runs.task(b));
      await oneReplicaRuns(a, b, runs);

      redisCli('shutdown', 'nosave');
      const before = [runs.runsOf(a), runs.runsOf(b)];
      await waitFor(() => runs.runsOf(a) > before[0] + 1 && runs.runsOf(b) > before[1] + 1, 60_000);
      for (const r of [a, b]) expect(r.count('Redis is unreachable')).toBe(1);

      // a fresh Redis, without the leases: the next tick takes one, and the other replica skips again
      await startRedis();
      await waitFor(() => a.count('Redis is back') && b.count('Redis is back'), 60_000);
      await oneReplicaRuns(a, b, runs);
    }, 180_000);
  });
});

/** From the next skip on (the other replica holds the lease), three runs in a row are the holder's, never two at once. */
async function oneReplicaRuns(a: Replica, b: Replica, runs: ReturnType<typeof runLog>): Promise<void> {
  const [skippedA, skippedB] = [a.skipped(), b.skipped()];
  await waitFor(() => a.skipped() > skippedA || b.skipped() > skippedB, 60_000);
  const holder = a.skipped() > skippedA ? b : a;
  const [from, overlaps] = [runs.order.length, runs.overlaps];
  await waitFor(() => runs.order.length >= from + 3, 60_000);
  expect(runs.order.slice(from)).toEqual(Array(runs.order.length - from).fill(holder.name));
  expect(runs.overlaps).toBe(overlaps);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
