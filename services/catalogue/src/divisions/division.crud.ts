import { CRUD_RESOURCES, DivisionInput, type Division } from '@shop/contracts';
import type { CrudDefinition } from '@shop/server';
import { DomainException, requireWriteAccess } from '@shop/server';
import { meta } from '../common/columns.js';
import { BranchEntity } from '../branches/branch.entity.js';
import { DivisionEntity } from './division.entity.js';

export const divisionCrud: CrudDefinition<DivisionEntity, ReturnType<typeof DivisionInput.parse>> = {
  ...CRUD_RESOURCES.divisions,
  target: DivisionEntity,
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier'],
  searchColumns: ['name', 'identifier'],
  order: { weight: 'DESC', name: 'ASC' },
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e): Division => ({
    ...meta(e),
    identifier: e.identifier,
    name: e.name,
    title: e.title,
    description: e.description,
    logo: e.logo,
    weight: e.weight,
  }),
  async beforeDelete(manager, e) {
    if (await manager.getRepository(BranchEntity).existsBy({ divisionId: e.id })) {
      throw DomainException.of('IN_USE', 'http.inUse', { label: CRUD_RESOURCES.divisions.label });
    }
  },
};
