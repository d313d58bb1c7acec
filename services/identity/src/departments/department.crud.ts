import { CRUD_RESOURCES, DepartmentInput, type Department } from '@shop/contracts';
import { meta, DomainException, type CrudDefinition } from '@shop/server';
import { adminOnly } from '../common/authorization.js';
import { UserEntity } from '../users/user.entity.js';
import { DepartmentEntity } from './department.entity.js';

type Input = ReturnType<typeof DepartmentInput.parse>;

export const departmentCrud: CrudDefinition<DepartmentEntity, Input> = {
  service: 'identity', entity: 'department', label: 'Abteilung', target: DepartmentEntity, input: DepartmentInput,
  filters: CRUD_RESOURCES.departments.filters,
  identifierColumn: 'identifier', uniqueColumns: ['identifier'], searchColumns: ['name', 'identifier'],
  order: { name: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.branch !== undefined) qb.andWhere(`${a}."branchId" = :branch`, { branch: f.branch });
  },
  authorize: (actor) => adminOnly(actor),
  assign(input, e) {
    e.identifier = input.identifier;
    e.name = input.name;
    e.branchId = input.branch?.id ?? null;
  },
  toDto: (e): Department => ({ ...meta(e), identifier: e.identifier, name: e.name, branch: e.branchId === null ? null : { id: e.branchId } }),
  async beforeDelete(manager, e) {
    if (await manager.getRepository(UserEntity).existsBy({ departmentId: e.id })) {
      throw DomainException.of('IN_USE', 'http.inUse', { label: 'Abteilung' });
    }
  },
};
