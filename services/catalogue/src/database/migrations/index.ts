import type { MigrationInterface } from 'typeorm';
import { CatalogueInit1795311920609 } from './1795311920609-CatalogueInit.js';
import { ProductStepOrder1795314380490 } from './1795314380490-ProductStepOrder.js';
import { BranchStatusEmails1796569056157 } from './1796569056157-BranchStatusEmails.js';

/** Every migration of the catalogue schema, in order. */
export const CATALOGUE_MIGRATIONS: (new () => MigrationInterface)[] = [
  CatalogueInit1795311920609,
  ProductStepOrder1795314380490,
  BranchStatusEmails1796569056157,
];
