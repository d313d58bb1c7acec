import { SchedulerRegistry } from '@nestjs/schedule';
import { cleanupPrefixes, REDIS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../logging/logger.js';
import { PeriodicTasks } from './periodic-tasks.js';

/** One process's periodic tasks on the real Redis (their leases); two replicas: periodic-tasks.e2e-spec.ts. */
describe('periodic tasks', () => {
  const prefixes = uniquePrefixes('periodic');
  const started: Array<{ registry: SchedulerRegistry; tasks: PeriodicTasks }> = [];
  afterAll(() => cleanupPrefixes(prefixes));
  // what a Nest app's close does: @nestjs/schedule clears the intervals, then the shutdown hooks run
  afterEach(async () => {
    for (const { registry, tasks } of started.splice(0)) {
      registry.getIntervals().forEach((name) => registry.deleteInterval(name));
      await tasks.onApplicationShutdown();
    }
  });

  function periodicTasks(service: string, config = { REDIS_URL, REDIS_PREFIX: prefixes.redis }, lines?: string[]) {
    const destination = lines && { write: (line: string) => void lines.push(line) };
    const registry = new SchedulerRegistry();
    const tasks = new PeriodicTasks(
      registry,
      createLogger(service, destination ? 'debug' : 'silent', destination),
      config,
    );
    started.push({ registry, tasks });
    return { registry, tasks };
  }

  it('never overlaps a run, retries after a failure, and stops when the registry clears it (app shutdown)', async () => {
    const { registry, tasks } = periodicTasks('probe');
    let runs = 0;
    let release: () => void = () => undefined;
    tasks.every('probe', 50, () => {
      runs++;
      if (runs === 2) throw new Error('fails once');
      return runs === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
    });
    await waitFor(() => runs === 1, 10_000);
    await sleep(500); // ten ticks
    expect(runs).toBe(1); // the first run still works: later ticks skip
    release();
    await waitFor(() => runs >= 3, 10_000); // the second run failed, the third ran anyway
    registry.deleteInterval('probe');
    await tasks.onApplicationShutdown(); // a tick already under way when the interval was cleared runs nothing
    const after = runs;
    await sleep(300);
    expect(runs).toBe(after);
  });

  it("lets a run under way finish before the app's close ends its connections, and starts none after", async () => {
    const { tasks } = periodicTasks('drain');
    let runs = 0;
    let finished = false;
    let release: () => void = () => undefined;
    tasks.every('drain', 50, async () => {
      runs++;
      await new Promise<void>((r) => (release = r));
      finished = true;
    });
    await waitFor(() => runs === 1, 10_000);
    let closed = false;
    // what a Nest app's close calls first, before TypeORM's module ends the pool
    const closing = tasks.beforeApplicationShutdown().then(() => (closed = true));
    await sleep(200);
    expect(closed).toBe(false);
    release();
    await closing;
    expect(finished).toBe(true);
    await sleep(300); // six ticks of a registry not cleared yet
    expect(runs).toBe(1);
  });

  it('keeps the leases of other services and of other deployments (Redis prefixes) apart', async () => {
    const other = uniquePrefixes('periodic2');
    const runs = [0, 0, 0];
    const sameName = [
      periodicTasks('order'),
      periodicTasks('content'),
      periodicTasks('order', { REDIS_URL, REDIS_PREFIX: other.redis }),
    ];
    sameName.forEach(({ tasks }, i) => tasks.every('retention', 50, async () => void runs[i]++));
    // one lease for all three would let only its holder run
    await waitFor(() => runs.every((n) => n >= 3), 20_000);
    await cleanupPrefixes(other);
  });

  it('runs its tasks while Redis cannot be reached, and says so once', async () => {
    const lines: string[] = [];
    const { tasks } = periodicTasks('order', { REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: prefixes.redis }, lines);
    let runs = 0;
    tasks.every('sweep', 50, async () => void runs++);
    await waitFor(() => runs >= 3, 20_000);
    expect(lines.filter((l) => l.includes('Redis is unreachable'))).toHaveLength(1);
  });
});
