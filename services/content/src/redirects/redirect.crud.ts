import { CRUD_RESOURCES, RedirectInput, type Redirect } from '@shop/contracts';
import { type CrudDefinition, equalFilters, meta, requireWriteAccess } from '@shop/server';
import type { z } from 'zod';
import { byWebsitePath } from '../common/website-paths.js';
import { RedirectEntity } from './redirect.entity.js';
import { checkRedirect, collapseInto } from './redirect-rules.js';

type Input = z.output<typeof RedirectInput>;

/** Redirects of a website by source path: staff write; everyone reads (the gateway answers them). */
export const redirectCrud: CrudDefinition<RedirectEntity, Input> = {
  ...CRUD_RESOURCES.redirects,
  target: RedirectEntity,
  ...byWebsitePath<RedirectEntity>('source'),
  searchColumns: ['source', 'target'],
  applyFilters: equalFilters('website'),
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'staff'),
  checkReferences: (manager, input) => checkRedirect(manager, input),
  // a target that redirects again is refused (checkRedirect); redirects that led to this source are shortened
  async assign(input, e, manager) {
    Object.assign(e, input);
    e.shortened = await collapseInto(manager, e.website, e.source, e.target);
  },
  toDto: (e): Redirect => ({
    ...meta(e),
    website: e.website,
    source: e.source,
    target: e.target,
    status: e.status,
    ...(e.shortened?.length ? { shortened: e.shortened } : {}),
  }),
};
