import type { ClassProvider, FactoryProvider, ValueProvider } from '@nestjs/common';
import { ServiceBus } from '../bus/service-bus.js';
import type { BaseConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { processProviders } from './process-providers.js';
import { CONFIG, LOGGER } from './tokens.js';

type Given = ValueProvider | FactoryProvider | ClassProvider;

describe('processProviders', () => {
  const config = { LOG_LEVEL: 'silent' } as BaseConfig;
  const tokens = (providers: unknown[]) => (providers as Given[]).map((p) => p.provide);

  it('gives the config and a logger named after the process, and the bus only where asked for', () => {
    const providers = processProviders('workers', config) as Given[];
    expect(tokens(providers)).toEqual([CONFIG, LOGGER]);
    expect((providers[0] as ValueProvider).useValue).toBe(config);
    const logger = (providers[1] as ValueProvider<ReturnType<typeof createLogger>>).useValue;
    expect(logger.bindings()).toMatchObject({ service: 'workers' });
    expect(tokens(processProviders('workers', config, { bus: true }))).toEqual([CONFIG, LOGGER, ServiceBus]);
  });

  it("keeps a logger it is given (the one a service's core already uses)", () => {
    const logger = createLogger('order', 'silent');
    const [, given] = processProviders('order', config, { logger }) as ValueProvider[];
    expect(given.useValue).toBe(logger);
  });
});
