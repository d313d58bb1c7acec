import { CRUD_RESOURCES, ProductInput, type Product } from '@shop/contracts';
import { DomainException, requireWriteAccess, type CrudDefinition } from '@shop/server';
import { meta } from '../common/columns.js';
import { MenuEntity } from '../menus/menu.entity.js';
import { ProductEntity } from './product.entity.js';

type Input = ReturnType<typeof ProductInput.parse>;

export function productToDto(e: ProductEntity): Product {
  const { id, createdAt, updatedAt, ...fields } = e;
  return { ...meta(e), ...fields };
}

export const productCrud: CrudDefinition<ProductEntity, Input> = {
  ...CRUD_RESOURCES.products,
  target: ProductEntity,
  searchColumns: ['name', 'description'],
  order: { weight: 'DESC', name: 'ASC' },
  /** disabled products stay visible (shown unavailable) only when isVisibleWhenUnavailable */
  publicScope: (qb, a) => void qb.andWhere(`(${a}."isEnabled" OR ${a}."isVisibleWhenUnavailable")`),
  applyFilters(qb, a, f) {
    if (f.type !== undefined) qb.andWhere(`${a}.type = :type`, { type: f.type });
    if (f.isEnabled !== undefined) qb.andWhere(`${a}."isEnabled" = :isEnabled`, { isEnabled: f.isEnabled });
    if (f.category !== undefined) {
      const inCategory = qb
        .subQuery()
        .select('1')
        .from(MenuEntity, 'm')
        .where(
          `m.catalog @> jsonb_build_object('categories', jsonb_build_array(jsonb_build_object('id', :category::int, 'products', jsonb_build_array(jsonb_build_object('id', ${a}.id)))))`,
        )
        .getQuery();
      qb.andWhere(`EXISTS ${inCategory}`, { category: f.category });
    }
  },
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: productToDto,
  async beforeDelete(manager, e) {
    const used = await manager
      .getRepository(MenuEntity)
      .createQueryBuilder('m')
      .where(`m.catalog @> :probe::jsonb`, { probe: JSON.stringify({ categories: [{ products: [{ id: e.id }] }] }) })
      .getExists();
    if (used) throw DomainException.of('IN_USE', 'http.inUse', { label: CRUD_RESOURCES.products.label });
  },
};
