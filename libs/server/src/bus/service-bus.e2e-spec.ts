import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NATS_URL, uniquePrefixes } from '@shop/testing';
import { BaseConfigSchema, loadConfig } from '../config/config.js';
import { createServiceBus, ServiceBus } from './service-bus.js';

/**
 * A service's bus is a provider of its app (content, signage, time-tracking provide it and never closed it): it
 * closes its NATS connection when the app closes, so a closed test stack leaves no socket that keeps Jest's worker
 * from exiting.
 */
describe('service bus provided by an app', () => {
  it('closes its NATS connection when the app closes', async () => {
    const config = loadConfig(BaseConfigSchema, {
      DATABASE_URL: 'postgres://unused',
      NATS_URL,
      NATS_SUBJECT_PREFIX: uniquePrefixes('busclose').nats,
    });
    @Module({ providers: [{ provide: ServiceBus, useFactory: () => createServiceBus(config, 'probe') }] })
    class ProbeModule {}
    const app = await NestFactory.createApplicationContext(ProbeModule, { logger: false });
    const nc = app.get(ServiceBus).connection();
    expect(nc.isClosed()).toBe(false);
    await app.close();
    expect(nc.isClosed()).toBe(true);
  });
});
