import type { InjectionToken, Provider } from '@nestjs/common';
import type { CrudResourceName } from '@shop/contracts';
import { DataSource } from 'typeorm';
import type { OutboxRelay } from '../outbox/outbox-relay.js';
import { OUTBOX_RELAY } from '../runtime/tokens.js';
import type { AnyCrudDefinition } from './crud-definition.js';
import { createCrudMessageController } from './crud-controller.factory.js';
import { CrudService } from './crud.service.js';

/** The Nest token of a resource's CrudService (`CRUD:sites`): what its controller and other readers inject. */
export const crudServiceToken = (resource: CrudResourceName) => `CRUD:${resource}`;

/**
 * A service's CrudService providers, one per resource, each on the service's DataSource and outbox relay. A
 * definition that needs more (the config, the bus) names their tokens in `deps`; `definition` gets them in order.
 */
export function crudServiceProviders<R extends CrudResourceName, D extends unknown[]>(
  resources: readonly R[],
  deps: readonly InjectionToken[],
  definition: (resource: R, ...deps: D) => AnyCrudDefinition,
): Provider[] {
  return resources.map((resource) => ({
    provide: crudServiceToken(resource),
    inject: [DataSource, OUTBOX_RELAY, ...deps],
    useFactory: (ds: DataSource, relay: OutboxRelay, ...values: D) =>
      new CrudService(definition(resource, ...values), ds, relay),
  }));
}

/** The standard NATS controllers of these resources, each on the CrudService of crudServiceProviders. */
export const crudServiceControllers = (resources: readonly CrudResourceName[]) =>
  resources.map((resource) => createCrudMessageController(resource, crudServiceToken(resource)));
