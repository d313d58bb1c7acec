import { CRUD_RESOURCES, RedirectInput, type Redirect } from '@shop/contracts';
import { type CrudDefinition, equalFilters, meta, requireWriteAccess } from '@shop/server';
import type { z } from 'zod';
import { pathOf } from '../sites/site.crud.js';
import { RedirectEntity } from './redirect.entity.js';
import { checkRedirect, collapseInto, finalTarget } from './redirect-rules.js';

type Input = z.output<typeof RedirectInput>;

/** Redirects of a website by source path: staff write; everyone reads (the gateway answers them). */
export const redirectCrud: CrudDefinition<RedirectEntity, Input> = {
  ...CRUD_RESOURCES.redirects,
  target: RedirectEntity,
  identifierColumn: 'source',
  identifierOf: pathOf,
  websiteColumn: 'website',
  searchColumns: ['source', 'target'],
  uniqueColumns: [['website', 'source']],
  order: { website: 'ASC', source: 'ASC' },
  applyFilters: equalFilters('website'),
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'staff'),
  checkReferences: (manager, input) => checkRedirect(manager, input),
  async assign(input, e, manager) {
    Object.assign(e, { ...input, target: await finalTarget(manager, input.website, input.target) });
    await collapseInto(manager, e.website, e.source, e.target);
  },
  toDto: (e): Redirect => ({ ...meta(e), website: e.website, source: e.source, target: e.target, status: e.status }),
};
