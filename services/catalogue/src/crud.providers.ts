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
import { branchCrud } from './branches/branch.crud.js';
import { categoryCrud } from './categories/category.crud.js';
import { divisionCrud } from './divisions/division.crud.js';
import { donateeCrud } from './donatees/donatee.crud.js';
import { menuCrud } from './menus/menu.crud.js';
import { productCrud } from './products/product.crud.js';
import { tableCrud } from './tables/table.crud.js';
import { tagCrud } from './tags/tag.crud.js';

/** The catalogue's standard CRUD resources, keyed by their API name. */
export const CATALOGUE_CRUD = {
  divisions: divisionCrud,
  branches: branchCrud,
  menus: menuCrud,
  categories: categoryCrud,
  tags: tagCrud,
  products: productCrud,
  tables: tableCrud,
  donatees: donateeCrud,
} satisfies Partial<Record<CrudResourceName, AnyCrudDefinition>>;
export type CatalogueResource = keyof typeof CATALOGUE_CRUD;

export const crudToken = (resource: CatalogueResource) => `CRUD:${resource}`;

export const crudProviders: Provider[] = Object.entries(CATALOGUE_CRUD).map(([resource, def]) => ({
  provide: crudToken(resource as CatalogueResource),
  inject: [DataSource, OUTBOX_RELAY],
  useFactory: (ds: DataSource, relay: OutboxRelay) => new CrudService(def as AnyCrudDefinition, ds, relay),
}));

export const crudControllers = (Object.keys(CATALOGUE_CRUD) as CatalogueResource[]).map((resource) =>
  createCrudMessageController(resource, crudToken(resource)),
);
