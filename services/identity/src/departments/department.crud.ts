import { CRUD_RESOURCES, DepartmentInput, type Department } from '@shop/contracts';
import { DomainException, meta, requireAccess, type CrudDefinition } from '@shop/server';
import { UserEntity } from '../users/user.entity.js';
import { DepartmentEntity } from './department.entity.js';

type Input = ReturnType<typeof DepartmentInput.parse>;

export const departmentCrud: CrudDefinition<DepartmentEntity, Input> = {
  ...CRUD_RESOURCES.departments,
  target: DepartmentEntity,
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier'],
  searchColumns: ['name', 'identifier'],
  order: { name: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.branch !== undefined) qb.andWhere(`${a}."branchId" = :branch`, { branch: f.branch });
  },
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
  async beforeDelete(manager, e) {
    if (await manager.getRepository(UserEntity).existsBy({ departmentId: e.id })) {
      throw DomainException.of('IN_USE', 'http.inUse', { label: CRUD_RESOURCES.departments.label });
    }
  },
};
