import { CRUD_RESOURCES, type Navigation } from '@shop/contracts';
import { columnsDto, defineCrud, equalFilters } from '@shop/server';
import { NavigationEntity } from './navigation.entity.js';
import { requireContentWrite } from '../common/content-access.js';

/** Navigations of a website by identifier: content editors write; everyone reads (visitors see enabled items only). */
export const navigationCrud = defineCrud(CRUD_RESOURCES.navigations, NavigationEntity, {
  identifierColumn: 'identifier',
  websiteColumn: 'website',
  searchColumns: ['identifier'],
  uniqueColumns: [['website', 'identifier']],
  order: { website: 'ASC', identifier: 'ASC' },
  applyFilters: equalFilters('website'),
  authorize: requireContentWrite,
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e, actor): Navigation => ({
    ...columnsDto(e, ['website', 'identifier']),
    items: actor ? e.items : enabledOnly(e.items),
  }),
});

/** §2.9 "Only enabled items show" (a disabled item hides its children too). */
function enabledOnly(items: Navigation['items']): Navigation['items'] {
  return items.filter((i) => i.isEnabled).map((i) => ({ ...i, children: enabledOnly(i.children) }));
}
