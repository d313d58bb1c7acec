import { z } from 'zod';
import { IdParam } from '../../catalogue/common.schema.js';
import { FormSubmissionInput } from '../../content/form.schema.js';
import { ImageTemplateInput } from '../../content/image-template.schema.js';
import { BLOCK_TYPES, type BlockType, NODE_TYPES, SITE_TYPES } from '../../content/layout.js';
import {
  BlockInput,
  ContentNodeInput,
  NavigationInput,
  RedirectInput,
  SiteInput,
  WEBSITES,
} from '../../content/site.schema.js';
import { UploadStaffInput } from '../../content/upload.schema.js';
import { bool } from './filters.js';

/** The content service's pages: sites, nodes, blocks, navigations, redirects. */
export const CONTENT_PAGE_RESOURCES = {
  sites: {
    service: 'content',
    entity: 'site',
    input: SiteInput,
    label: 'Seite',
    /** by path (`/api/sites/%2Fkontakt`), within the requesting host's website */
    byIdentifier: true,
    filters: z.object({
      website: z.enum(WEBSITES).optional(),
      type: z.enum(SITE_TYPES).optional(),
      isPublic: bool.optional(),
    }),
  },
  nodes: {
    service: 'content',
    entity: 'node',
    input: ContentNodeInput,
    label: 'Inhalt',
    byIdentifier: true,
    filters: z.object({ type: z.enum(NODE_TYPES).optional(), isPublic: bool.optional() }),
  },
  blocks: {
    service: 'content',
    entity: 'block',
    input: BlockInput,
    label: 'Block',
    byIdentifier: true,
    filters: z.object({ type: z.enum(Object.keys(BLOCK_TYPES) as [BlockType, ...BlockType[]]).optional() }),
  },
  navigations: {
    service: 'content',
    entity: 'navigation',
    input: NavigationInput,
    label: 'Navigation',
    byIdentifier: true,
    filters: z.object({ website: z.enum(WEBSITES).optional() }),
  },
  redirects: {
    service: 'content',
    entity: 'redirect',
    input: RedirectInput,
    label: 'Redirect',
    /** by source path, within the requesting host's website */
    byIdentifier: true,
    filters: z.object({ website: z.enum(WEBSITES).optional() }),
  },
} as const;

/** The content service's image templates and the files visitors send (uploads, form submissions). */
export const CONTENT_FILE_RESOURCES = {
  'image-templates': {
    service: 'content',
    entity: 'image-template',
    input: ImageTemplateInput,
    label: 'Bildvorlage',
    byIdentifier: true,
    filters: z.object({}),
  },
  /** visitors' files (POST /api/uploads creates them); staff list, read and delete */
  uploads: {
    service: 'content',
    entity: 'upload',
    input: UploadStaffInput,
    label: 'Upload',
    byIdentifier: false,
    filters: z.object({ mimeType: z.string().max(120).optional() }),
    verbs: ['list', 'get', 'delete'],
  },
  /** submissions of the form nodes (POST /api/custom/form/{id} creates them); staff list, read and delete */
  'form-submissions': {
    service: 'content',
    entity: 'form-submission',
    input: FormSubmissionInput,
    label: 'Formulareinsendung',
    byIdentifier: false,
    filters: z.object({ node: IdParam.optional() }),
    verbs: ['list', 'get', 'delete'],
  },
} as const;
