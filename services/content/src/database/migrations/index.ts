import type { MigrationInterface } from 'typeorm';
import { ContentUploads1795317277422 } from './1795317277422-ContentUploads.js';
import { ContentImages1795326567898 } from './1795326567898-ContentImages.js';
import { ContentPages1795571729616 } from './1795571729616-ContentPages.js';
import { ContentForms1795581327837 } from './1795581327837-ContentForms.js';
import { ContentImageTemplates1795584643857 } from './1795584643857-ContentImageTemplates.js';
import { ContentNodeName1795868199073 } from './1795868199073-ContentNodeName.js';
import { ContentAiGenerations1796512871417 } from './1796512871417-ContentAiGenerations.js';

/** Every migration of the content schema, in order. */
export const CONTENT_MIGRATIONS: (new () => MigrationInterface)[] = [
  ContentUploads1795317277422,
  ContentImages1795326567898,
  ContentPages1795571729616,
  ContentForms1795581327837,
  ContentImageTemplates1795584643857,
  ContentNodeName1795868199073,
  ContentAiGenerations1796512871417,
];
