import type { CrudResourceName } from '@shop/contracts';
import { crudServiceControllers, crudServiceProviders, crudServiceToken, type AnyCrudDefinition } from '@shop/server';
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

const resources = Object.keys(CATALOGUE_CRUD) as CatalogueResource[];

export const crudToken = (resource: CatalogueResource) => crudServiceToken(resource);
export const crudProviders = crudServiceProviders(resources, [], (resource) => CATALOGUE_CRUD[resource]);
export const crudControllers = crudServiceControllers(resources);
