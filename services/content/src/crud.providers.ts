import type { Provider } from '@nestjs/common';
import type { CrudResourceName } from '@shop/contracts';
import {
  createCrudMessageController,
  CrudService,
  OUTBOX_RELAY,
  type AnyCrudDefinition,
  type OutboxRelay,
} from '@shop/server';
import { DataSource } from 'typeorm';
import { blockCrud } from './blocks/block.crud.js';
import { navigationCrud } from './navigations/navigation.crud.js';
import { nodeCrud } from './nodes/node.crud.js';
import { redirectCrud } from './redirects/redirect.crud.js';
import { siteCrud } from './sites/site.crud.js';

/** The content resources served by standard CRUD (their registry entries are in libs/contracts). */
export const CONTENT_CRUD = {
  sites: siteCrud,
  nodes: nodeCrud,
  blocks: blockCrud,
  navigations: navigationCrud,
  redirects: redirectCrud,
} satisfies Partial<Record<CrudResourceName, AnyCrudDefinition>>;
export type ContentResource = keyof typeof CONTENT_CRUD;

export const contentCrudToken = (resource: ContentResource) => `CRUD:${resource}`;
const resources = Object.keys(CONTENT_CRUD) as ContentResource[];

export const contentCrudProviders: Provider[] = resources.map((resource) => ({
  provide: contentCrudToken(resource),
  inject: [DataSource, OUTBOX_RELAY],
  useFactory: (ds: DataSource, relay: OutboxRelay) =>
    new CrudService(CONTENT_CRUD[resource] as AnyCrudDefinition, ds, relay),
}));

export const contentCrudControllers = resources.map((resource) =>
  createCrudMessageController(resource, contentCrudToken(resource)),
);
