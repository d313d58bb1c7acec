import { jest } from '@jest/globals';
import { SchedulerRegistry } from '@nestjs/schedule';
import { createLogger } from '../logging/logger.js';
import { PeriodicTasks } from './periodic-tasks.js';

describe('periodic tasks', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('never overlaps a run, retries after a failure, and stops when the registry clears it (app shutdown)', async () => {
    const registry = new SchedulerRegistry();
    const tasks = new PeriodicTasks(registry, createLogger('test', 'silent'));
    let runs = 0;
    let release: () => void = () => undefined;
    tasks.every('probe', 100, () => {
      runs++;
      if (runs === 2) throw new Error('fails once');
      return runs === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
    });
    await jest.advanceTimersByTimeAsync(500);
    expect(runs).toBe(1); // the first run still works: later ticks skip
    release();
    await jest.advanceTimersByTimeAsync(200);
    expect(runs).toBe(3); // the second run failed, the third ran anyway
    registry.deleteInterval('probe');
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
  });
});
