import { CRUD_RESOURCES, type Department } from '@shop/contracts';
import { columnFilters, defineCrud, meta, referencedBy, refuseDeleteWhileUsed, requireAccess } from '@shop/server';
import { UserEntity } from '../users/user.entity.js';
import { DepartmentEntity } from './department.entity.js';

export const departmentCrud = defineCrud(CRUD_RESOURCES.departments, DepartmentEntity, {
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier'],
  searchColumns: ['name', 'identifier'],
  order: { name: 'ASC' },
  applyFilters: columnFilters({ branch: 'branchId' }),
  authorize: (actor) => requireAccess(actor, 'admin'),
  assign(input, e) {
    e.identifier = input.identifier;
    e.name = input.name;
    e.branchId = input.branch?.id ?? null;
  },
  toDto: (e): Department => ({
    ...meta(e),
    identifier: e.identifier,
    name: e.name,
    branch: e.branchId === null ? null : { id: e.branchId },
  }),
  beforeDelete: refuseDeleteWhileUsed(CRUD_RESOURCES.departments.label, referencedBy(UserEntity, 'departmentId')),
});
