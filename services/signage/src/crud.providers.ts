import type { CrudResourceName } from '@shop/contracts';
import { CONFIG, crudServiceControllers, crudServiceProviders, ServiceBus, type AnyCrudDefinition } from '@shop/server';
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

const resources = Object.keys(SIGNAGE_CRUD) as SignageResource[];

export const signageCrudProviders = crudServiceProviders(
  resources,
  [ServiceBus, CONFIG],
  (resource, bus: ServiceBus, config: SignageConfig) => SIGNAGE_CRUD[resource](bus, config),
);
export const signageCrudControllers = crudServiceControllers(resources);
