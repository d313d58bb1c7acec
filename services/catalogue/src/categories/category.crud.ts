import { CRUD_RESOURCES, type Category } from '@shop/contracts';
import {
  columnsDto,
  containedIn,
  defineCrud,
  equalFilters,
  refuseDeleteWhileUsed,
  requireWriteAccess,
} from '@shop/server';
import { MenuEntity } from '../menus/menu.entity.js';
import { CategoryEntity } from './category.entity.js';

export const categoryCrud = defineCrud(CRUD_RESOURCES.categories, CategoryEntity, {
  searchColumns: ['name'],
  order: { weight: 'DESC', name: 'ASC' },
  /** disabled categories stay visible (shown unavailable) only when isVisibleWhenUnavailable */
  publicScope: (qb, a) => void qb.andWhere(`(${a}."isEnabled" OR ${a}."isVisibleWhenUnavailable")`),
  applyFilters: equalFilters('isEnabled'),
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e): Category =>
    columnsDto(e, ['name', 'description', 'image', 'isEnabled', 'schedule', 'isVisibleWhenUnavailable', 'weight']),
  beforeDelete: refuseDeleteWhileUsed(
    CRUD_RESOURCES.categories.label,
    containedIn(MenuEntity, 'catalog', (id) => ({ categories: [{ id }] })),
  ),
});
