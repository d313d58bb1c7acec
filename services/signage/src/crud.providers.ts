import type { Provider } from '@nestjs/common';
import type { CrudResourceName } from '@shop/contracts';
import {
  CONFIG,
  createCrudMessageController,
  CrudService,
  OUTBOX_RELAY,
  ServiceBus,
  type AnyCrudDefinition,
  type OutboxRelay,
} from '@shop/server';
import { DataSource } from 'typeorm';
import type { SignageConfig } from './config/signage-config.js';
import { deviceCrud } from './devices/device.crud.js';
import { sceneCrud } from './scenes/scene.crud.js';
import { segmentCrud } from './segments/segment.crud.js';
import { streamCrud } from './streams/stream.crud.js';

/** The signage resources served by standard CRUD (their registry entries are in libs/contracts). */
const SIGNAGE_CRUD = {
  scenes: () => sceneCrud,
  'digital-signage-streams': () => streamCrud,
  'digital-signage-segments': () => segmentCrud,
  'digital-signage-devices': (bus: ServiceBus, config: SignageConfig) =>
    deviceCrud(bus, config.SIGNAGE_OFFLINE_AFTER_MS),
} satisfies Partial<Record<CrudResourceName, (bus: ServiceBus, config: SignageConfig) => AnyCrudDefinition>>;
type SignageResource = keyof typeof SIGNAGE_CRUD;

const token = (resource: SignageResource) => `CRUD:${resource}`;
const resources = Object.keys(SIGNAGE_CRUD) as SignageResource[];

export const signageCrudProviders: Provider[] = resources.map((resource) => ({
  provide: token(resource),
  inject: [DataSource, OUTBOX_RELAY, ServiceBus, CONFIG],
  useFactory: (ds: DataSource, relay: OutboxRelay, bus: ServiceBus, config: SignageConfig) =>
    new CrudService(SIGNAGE_CRUD[resource](bus, config) as AnyCrudDefinition, ds, relay),
}));

export const signageCrudControllers = resources.map((resource) =>
  createCrudMessageController(resource, token(resource)),
);
