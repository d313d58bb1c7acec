import { createLogger, dataSourceOptions, OutboxEntity } from '@shop/server';
import { openTestDatabase, type OpenTestDatabase } from '@shop/testing';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { OrderConfig } from '../src/config/order-config.js';
import { DeviceEntity } from '../src/devices/device.entity.js';
import { ORDER_ENTITIES, ORDER_SCHEMA } from '../src/order.entities.js';

/**
 * A throwaway database for one spec file with the order schema's tables (synchronized from the entities, with
 * the outbox), for unit specs of the order service's use cases against real Postgres.
 */
export const orderTestDatabase = (label: string): Promise<OpenTestDatabase<DataSource>> =>
  openTestDatabase(label, async (url) => {
    const setup = new DataSource({ type: 'postgres', url });
    await setup.initialize();
    await setup.query(`CREATE SCHEMA "${ORDER_SCHEMA}"`);
    await setup.destroy();
    return new DataSource(
      dataSourceOptions({
        url,
        schema: ORDER_SCHEMA,
        entities: [OutboxEntity, ...ORDER_ENTITIES],
        migrations: [],
        synchronize: true,
        poolSize: 4,
      }),
    ).initialize();
  });

/** The settings the device use cases read; the rest of OrderConfig is not used by them. */
export const testConfig = (o: Partial<OrderConfig> = {}) =>
  ({ PRINT_MAX_ATTEMPTS: 2, PRINT_HANDOUT_TIMEOUT_MS: 60_000, ...o }) as OrderConfig;
export const silentLogger = () => createLogger('test', 'silent');

/** A device with its own credentials (identifier and API key returned for the protocol calls). */
export async function addDevice(ds: DataSource, o: Partial<DeviceEntity> = {}): Promise<DeviceEntity> {
  const suffix = randomBytes(4).toString('hex');
  return ds.getRepository(DeviceEntity).save({
    identifier: `device-${suffix}`,
    name: `Gerät ${suffix}`,
    type: 'printer',
    branchId: 1,
    protocol: 'cloudprnt',
    printFormat: 'star',
    pollIntervalSeconds: 5,
    isEnabled: true,
    apiKey: `key-${suffix}`,
    lastSeenAt: null,
    lastStatus: null,
    logsRequestedAt: null,
    ...o,
  } as DeviceEntity);
}

export const credentialsOf = (d: DeviceEntity) => ({ identifier: d.identifier, apiKey: d.apiKey });
