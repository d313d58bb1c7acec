import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { BaseConfig } from '../config/config.js';
import { PeriodicTasks } from './periodic-tasks.js';
import { CONFIG } from './tokens.js';

interface PeriodicJob {
  /** the task's name in PeriodicTasks (its lease key and log lines) */
  name: string;
  intervalMs: (config: BaseConfig) => number;
}

const PeriodicJobOf = Reflector.createDecorator<PeriodicJob>();

/**
 * Runs the decorated method of a service's provider every `intervalMs(config)` once the service has started, as the
 * PeriodicTasks task `name` (on one replica at a time, never overlapping itself; a failure is logged and the next
 * interval retries). The method is called without arguments; what it answers is dropped. So a retention sweep, a
 * re-dispatch or a reconciliation is written as the method alone, without scheduling code of its own.
 */
export function Periodic<C extends BaseConfig>(name: string, intervalMs: (config: C) => number): MethodDecorator {
  // the CONFIG the explorer passes is the service's own config, of the type the service's method names
  return PeriodicJobOf({ name, intervalMs: intervalMs as (config: BaseConfig) => number });
}

/** Starts the @Periodic methods of one provider instance (the explorer below does it for every provider). */
export function schedulePeriodic(instance: object, tasks: PeriodicTasks, config: BaseConfig): void {
  const reflector = new Reflector();
  const prototype: unknown = Object.getPrototypeOf(instance);
  if (!prototype || typeof prototype !== 'object') return;
  for (const key of new MetadataScanner().getAllMethodNames(prototype)) {
    const method: unknown = Reflect.get(prototype, key);
    if (typeof method !== 'function') continue;
    const job = reflector.get(PeriodicJobOf, method);
    if (job)
      tasks.every(job.name, job.intervalMs(config), async () => void (await Reflect.apply(method, instance, [])));
  }
}

/**
 * Part of ServiceCoreModule: at the service's start, every @Periodic method of its providers becomes a periodic task,
 * as @nestjs/schedule does for its own @Interval (which knows neither leases nor intervals from the config).
 */
@Injectable()
export class PeriodicExplorer implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly tasks: PeriodicTasks,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {}

  onApplicationBootstrap(): void {
    // an instance provided under two tokens (useExisting) is started once
    const instances = new Set(this.discovery.getProviders().map((wrapper): unknown => wrapper.instance));
    for (const instance of instances)
      if (instance && typeof instance === 'object') schedulePeriodic(instance, this.tasks, this.config);
  }
}
