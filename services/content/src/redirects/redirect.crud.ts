import { CRUD_RESOURCES, type Redirect } from '@shop/contracts';
import { columnsDto, defineCrud, equalFilters, requireWriteAccess } from '@shop/server';
import { byWebsitePath } from '../common/website-paths.js';
import { RedirectEntity } from './redirect.entity.js';
import { checkRedirect, collapseInto } from './redirect-rules.js';

/** Redirects of a website by source path: staff write; everyone reads (the gateway answers them). */
export const redirectCrud = defineCrud(CRUD_RESOURCES.redirects, RedirectEntity, {
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
    ...columnsDto(e, ['website', 'source', 'target', 'status']),
    ...(e.shortened?.length ? { shortened: e.shortened } : {}),
  }),
});
