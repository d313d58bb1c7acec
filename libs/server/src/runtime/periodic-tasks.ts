import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { LOGGER } from './tokens.js';

/**
 * Periodic background work of a service (re-dispatching jobs, reconciling payments, sweeping for lost events),
 * registered with @nestjs/schedule's SchedulerRegistry, which clears every interval when the app shuts down.
 * A run never overlaps the previous one in this process, and a failed run is logged; the next one retries.
 */
@Injectable()
export class PeriodicTasks {
  constructor(
    private readonly registry: SchedulerRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  every(name: string, ms: number, task: () => Promise<void>): void {
    let running = false;
    const interval = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        await task();
      } catch (err) {
        this.logger.warn({ err, task: name }, 'periodic task failed; the next run retries');
      } finally {
        running = false;
      }
    }, ms);
    interval.unref();
    this.registry.addInterval(name, interval);
  }
}
