import { z } from 'zod';
import {
  BranchInput,
  CategoryInput,
  DivisionInput,
  DonateeInput,
  MenuInput,
  ProductInput,
  TableInput,
  TagInput,
} from '../../catalogue/catalogue.schema.js';
import { IdParam } from '../../catalogue/common.schema.js';
import { bool } from './filters.js';

/** The catalogue's resources. */
export const CATALOGUE_RESOURCES = {
  divisions: {
    service: 'catalogue',
    entity: 'division',
    input: DivisionInput,
    label: 'Organisation',
    byIdentifier: true,
    filters: z.object({}),
  },
  branches: {
    service: 'catalogue',
    entity: 'branch',
    input: BranchInput,
    label: 'Filiale',
    byIdentifier: true,
    filters: z.object({
      division: IdParam.optional(),
      tag: IdParam.optional(),
      isPublic: bool.optional(),
      isEnabled: bool.optional(),
    }),
  },
  menus: {
    service: 'catalogue',
    entity: 'menu',
    input: MenuInput,
    label: 'Menü',
    byIdentifier: false,
    filters: z.object({ branch: IdParam.optional() }),
  },
  categories: {
    service: 'catalogue',
    entity: 'category',
    input: CategoryInput,
    label: 'Kategorie',
    byIdentifier: false,
    filters: z.object({ isEnabled: bool.optional() }),
  },
  tags: {
    service: 'catalogue',
    entity: 'tag',
    input: TagInput,
    label: 'Tag',
    byIdentifier: false,
    filters: z.object({}),
  },
  products: {
    service: 'catalogue',
    entity: 'product',
    input: ProductInput,
    label: 'Produkt',
    byIdentifier: false,
    filters: z.object({
      type: z.enum(['simple', 'configurable', 'bundle']).optional(),
      isEnabled: bool.optional(),
      category: IdParam.optional(),
    }),
  },
  tables: {
    service: 'catalogue',
    entity: 'table',
    input: TableInput,
    label: 'Tisch',
    byIdentifier: true,
    filters: z.object({ branch: IdParam.optional() }),
  },
  donatees: {
    service: 'catalogue',
    entity: 'donatee',
    input: DonateeInput,
    label: 'Spendenempfänger',
    byIdentifier: true,
    filters: z.object({}),
  },
} as const;
