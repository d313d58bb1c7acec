import { columnFilters, defineCrud, missingReferences, requireWriteAccess } from '@shop/server';
import { CRUD_RESOURCES, type Menu } from '@shop/contracts';
import { meta } from '../common/columns.js';
import { BranchEntity } from '../branches/branch.entity.js';
import { CategoryEntity } from '../categories/category.entity.js';
import { ProductEntity } from '../products/product.entity.js';
import { MenuEntity } from './menu.entity.js';

export const menuToDto = (e: MenuEntity): Menu => ({
  ...meta(e),
  name: e.name,
  availableFrom: e.availableFrom.toISOString(),
  branches: e.branches,
  catalog: e.catalog,
});

export const menuCrud = defineCrud(CRUD_RESOURCES.menus, MenuEntity, {
  searchColumns: ['name'],
  order: { availableFrom: 'DESC' },
  /** anonymous readers see menus of public, enabled branches, and only those branch ids */
  publicScope(qb, a) {
    const publicBranch = qb
      .subQuery()
      .select('1')
      .from(BranchEntity, 'b')
      .where(`b.id = ANY(${a}.branches) AND b."isPublic" AND b."isEnabled"`)
      .getQuery();
    qb.andWhere(`EXISTS ${publicBranch}`);
  },
  applyFilters: columnFilters({ branch: { holds: 'branches' } }),
  async checkReferences(manager, input) {
    const categories = input.catalog.categories;
    return [
      ...(await missingReferences(
        manager,
        BranchEntity,
        CRUD_RESOURCES.branches.label,
        input.branches.map((id, i) => ({ field: `branches.${i}`, id })),
      )),
      ...(await missingReferences(
        manager,
        CategoryEntity,
        CRUD_RESOURCES.categories.label,
        categories.map((c, i) => ({ field: `catalog.categories.${i}.id`, id: c.id })),
      )),
      ...(await missingReferences(
        manager,
        ProductEntity,
        CRUD_RESOURCES.products.label,
        categories.flatMap((c, i) =>
          c.products.map((p, j) => ({ field: `catalog.categories.${i}.products.${j}.id`, id: p.id })),
        ),
      )),
    ];
  },
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign(input, e) {
    e.name = input.name;
    e.availableFrom = new Date(input.availableFrom);
    e.branches = [...new Set(input.branches)];
    e.catalog = input.catalog;
  },
  toDto: menuToDto,
});
