import type { Provider } from '@nestjs/common';
import type { Logger } from 'pino';
import { createServiceBus, ServiceBus } from '../bus/service-bus.js';
import type { BaseConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { CONFIG, LOGGER } from './tokens.js';

export interface ProcessProviderOptions {
  /** the process's JSON logger; by default a new one named after the process, at the config's LOG_LEVEL */
  logger?: Logger;
  /** the process asks services over NATS: ServiceBus, connected under the process's name (it closes with the app) */
  bus?: boolean;
}

/**
 * What every process gives its code under the runtime's tokens: its config (CONFIG), its logger (LOGGER) and, where
 * it asks services, its ServiceBus. The services' ServiceCoreModule and the workers provide the same.
 */
export function processProviders(name: string, config: BaseConfig, o: ProcessProviderOptions = {}): Provider[] {
  const logger = o.logger ?? createLogger(name, config.LOG_LEVEL);
  const bus: Provider = { provide: ServiceBus, useFactory: () => createServiceBus(config, name) };
  return [{ provide: CONFIG, useValue: config }, { provide: LOGGER, useValue: logger }, ...(o.bus ? [bus] : [])];
}
