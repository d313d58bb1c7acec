import { CategoryInput, CRUD_RESOURCES, type Category } from '@shop/contracts';
import { DomainException, requireWriteAccess, type CrudDefinition } from '@shop/server';
import { meta } from '../common/columns.js';
import { MenuEntity } from '../menus/menu.entity.js';
import { CategoryEntity } from './category.entity.js';

type Input = ReturnType<typeof CategoryInput.parse>;

export const categoryCrud: CrudDefinition<CategoryEntity, Input> = {
  ...CRUD_RESOURCES.categories,
  target: CategoryEntity,
  searchColumns: ['name'],
  order: { weight: 'DESC', name: 'ASC' },
  /** disabled categories stay visible (shown unavailable) only when isVisibleWhenUnavailable */
  publicScope: (qb, a) => void qb.andWhere(`(${a}."isEnabled" OR ${a}."isVisibleWhenUnavailable")`),
  applyFilters(qb, a, f) {
    if (f.isEnabled !== undefined) qb.andWhere(`${a}."isEnabled" = :isEnabled`, { isEnabled: f.isEnabled });
  },
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e): Category => ({
    ...meta(e),
    name: e.name,
    description: e.description,
    image: e.image,
    isEnabled: e.isEnabled,
    schedule: e.schedule,
    isVisibleWhenUnavailable: e.isVisibleWhenUnavailable,
    weight: e.weight,
  }),
  async beforeDelete(manager, e) {
    const used = await manager
      .getRepository(MenuEntity)
      .createQueryBuilder('m')
      .where(`m.catalog @> :probe::jsonb`, { probe: JSON.stringify({ categories: [{ id: e.id }] }) })
      .getExists();
    if (used) throw DomainException.of('IN_USE', 'http.inUse', { label: CRUD_RESOURCES.categories.label });
  },
};
