import { CRUD_RESOURCES, NavigationInput, type Navigation } from '@shop/contracts';
import { type CrudDefinition, equalFilters, meta, requireWriteAccess } from '@shop/server';
import type { z } from 'zod';
import { NavigationEntity } from './navigation.entity.js';

type Input = z.output<typeof NavigationInput>;

/** Navigations of a website by identifier: staff write; everyone reads (visitors see enabled items only). */
export const navigationCrud: CrudDefinition<NavigationEntity, Input> = {
  ...CRUD_RESOURCES.navigations,
  target: NavigationEntity,
  identifierColumn: 'identifier',
  websiteColumn: 'website',
  searchColumns: ['identifier'],
  uniqueColumns: [['website', 'identifier']],
  order: { website: 'ASC', identifier: 'ASC' },
  applyFilters: equalFilters('website'),
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'staff'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e, actor): Navigation => ({
    ...meta(e),
    website: e.website,
    identifier: e.identifier,
    items: actor ? e.items : enabledOnly(e.items),
  }),
};

/** §2.9 "Only enabled items show" (a disabled item hides its children too). */
function enabledOnly(items: Navigation['items']): Navigation['items'] {
  return items.filter((i) => i.isEnabled).map((i) => ({ ...i, children: enabledOnly(i.children) }));
}
