import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import type { BaseConfig } from '../config/config.js';
import { Periodic, PeriodicExplorer, schedulePeriodic } from './periodic.js';
import { PeriodicTasks } from './periodic-tasks.js';
import { CONFIG } from './tokens.js';

type SweepConfig = BaseConfig & { SWEEP_INTERVAL_MS: number };
const config = { SWEEP_INTERVAL_MS: 250 } as SweepConfig;

/** a provider with one periodic method and one that is not */
@Injectable()
class Sweeper {
  readonly calls: unknown[][] = [];

  @Periodic('sweep', (c: SweepConfig) => c.SWEEP_INTERVAL_MS)
  sweep(...args: unknown[]): Promise<number> {
    this.calls.push(args);
    return Promise.resolve(3);
  }

  other(): void {
    this.calls.push(['other']);
  }
}

/** PeriodicTasks as the specs see it: what was registered, and a way to run it */
class RecordedTasks {
  readonly registered: Array<{ name: string; ms: number; task: () => Promise<void> }> = [];
  every(name: string, ms: number, task: () => Promise<void>): void {
    this.registered.push({ name, ms, task });
  }
}

describe('Periodic', () => {
  it("registers a provider's @Periodic methods with their name and the config's interval, called without arguments", async () => {
    const tasks = new RecordedTasks();
    const sweeper = new Sweeper();
    schedulePeriodic(sweeper, tasks as unknown as PeriodicTasks, config);
    expect(tasks.registered.map(({ name, ms }) => [name, ms])).toEqual([['sweep', 250]]);
    // the task answers nothing (PeriodicTasks drops it anyway) and runs the method on its own instance
    await expect(tasks.registered[0].task()).resolves.toBeUndefined();
    expect(sweeper.calls).toEqual([[]]);
  });

  it('leaves an instance without @Periodic methods alone', () => {
    const tasks = new RecordedTasks();
    schedulePeriodic({ sweep: () => undefined }, tasks as unknown as PeriodicTasks, config);
    expect(tasks.registered).toEqual([]);
  });

  describe('in a Nest application', () => {
    const tasks = new RecordedTasks();
    @Module({
      imports: [DiscoveryModule],
      providers: [
        Sweeper,
        // the same instance under a second token is started once
        { provide: 'SWEEPER', useExisting: Sweeper },
        PeriodicExplorer,
        { provide: PeriodicTasks, useValue: tasks },
        { provide: CONFIG, useValue: config },
      ],
    })
    class SweepModule {}
    let app: INestApplicationContext;
    afterAll(() => app.close());

    it("starts every provider's @Periodic methods when the application starts", async () => {
      app = await NestFactory.createApplicationContext(SweepModule, { logger: false });
      expect(tasks.registered.map(({ name, ms }) => [name, ms])).toEqual([['sweep', 250]]);
      await tasks.registered[0].task();
      expect(app.get(Sweeper).calls).toEqual([[]]);
    });
  });
});
