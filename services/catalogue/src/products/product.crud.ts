import { CRUD_RESOURCES, type Product } from '@shop/contracts';
import { containedIn, defineCrud, equalFilters, refuseDeleteWhileUsed, requireWriteAccess } from '@shop/server';
import { meta } from '../common/columns.js';
import { MenuEntity } from '../menus/menu.entity.js';
import { ProductEntity } from './product.entity.js';

export function productToDto(e: ProductEntity): Product {
  const { id, createdAt, updatedAt, ...fields } = e;
  return { ...meta(e), ...fields };
}

export const productCrud = defineCrud(CRUD_RESOURCES.products, ProductEntity, {
  searchColumns: ['name', 'description'],
  order: { weight: 'DESC', name: 'ASC' },
  /** disabled products stay visible (shown unavailable) only when isVisibleWhenUnavailable */
  publicScope: (qb, a) => void qb.andWhere(`(${a}."isEnabled" OR ${a}."isVisibleWhenUnavailable")`),
  applyFilters(qb, a, f) {
    equalFilters<ProductEntity>('type', 'isEnabled')(qb, a, f);
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
  beforeDelete: refuseDeleteWhileUsed(
    CRUD_RESOURCES.products.label,
    containedIn(MenuEntity, 'catalog', (id) => ({ categories: [{ products: [{ id }] }] })),
  ),
});
