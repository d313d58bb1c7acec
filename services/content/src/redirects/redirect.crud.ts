import { CRUD_RESOURCES, type Redirect } from '@shop/contracts';
import { columnsDto, defineCrud, equalFilters } from '@shop/server';
import { requireContentWrite } from '../common/content-access.js';
import { byWebsitePath } from '../common/website-paths.js';
import { RedirectEntity } from './redirect.entity.js';
import { checkRedirect, collapseInto } from './redirect-rules.js';

/**
 * Redirects of a website by source path: content editors write; everyone reads (the gateway answers them). The
 * contract refuses unsafe targets and protected sources; an external target's host must be one of `allowedHosts`
 * (REDIRECT_ALLOWED_HOSTS).
 */
export const redirectCrud = (allowedHosts: readonly string[]) =>
  defineCrud(CRUD_RESOURCES.redirects, RedirectEntity, {
    ...byWebsitePath<RedirectEntity>('source'),
    searchColumns: ['source', 'target'],
    applyFilters: equalFilters('website'),
    authorize: requireContentWrite,
    checkReferences: (manager, input) => checkRedirect(manager, input, allowedHosts),
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
