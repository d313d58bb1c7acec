import type { CrudResourceName } from '@shop/contracts';
import {
  CONFIG,
  crudServiceControllers,
  crudServiceProviders,
  crudServiceToken,
  type AnyCrudDefinition,
} from '@shop/server';
import { blockCrud } from './blocks/block.crud.js';
import { navigationCrud } from './navigations/navigation.crud.js';
import { nodeCrud } from './nodes/node.crud.js';
import { redirectCrud } from './redirects/redirect.crud.js';
import { siteCrud } from './sites/site.crud.js';
import type { ContentConfig } from './config/content-config.js';
import { formSubmissionCrud } from './forms/form-submission.crud.js';
import { uploadCrud } from './uploads/upload.crud.js';
import { imageTemplateCrud } from './image-templates/image-template.crud.js';

/** The content resources served by standard CRUD (their registry entries are in libs/contracts). */
const contentCrud = (config: ContentConfig) =>
  ({
    sites: siteCrud,
    nodes: nodeCrud,
    blocks: blockCrud,
    navigations: navigationCrud,
    redirects: redirectCrud(config.REDIRECT_ALLOWED_HOSTS),
    uploads: uploadCrud(config.FILES_DIR),
    'form-submissions': formSubmissionCrud,
    'image-templates': imageTemplateCrud,
  }) satisfies Partial<Record<CrudResourceName, AnyCrudDefinition>>;
export type ContentResource = keyof ReturnType<typeof contentCrud>;
const resources: ContentResource[] = [
  'sites',
  'nodes',
  'blocks',
  'navigations',
  'redirects',
  'uploads',
  'form-submissions',
  'image-templates',
];

export const contentCrudToken = (resource: ContentResource) => crudServiceToken(resource);
export const contentCrudProviders = crudServiceProviders(
  resources,
  [CONFIG],
  (resource, config: ContentConfig) => contentCrud(config)[resource],
);
export const contentCrudControllers = crudServiceControllers(resources);
