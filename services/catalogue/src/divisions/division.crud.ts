import { CRUD_RESOURCES, type Division } from '@shop/contracts';
import { columnsDto, defineCrud, referencedBy, refuseDeleteWhileUsed, requireWriteAccess } from '@shop/server';
import { BranchEntity } from '../branches/branch.entity.js';
import { DivisionEntity } from './division.entity.js';

export const divisionCrud = defineCrud(CRUD_RESOURCES.divisions, DivisionEntity, {
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier'],
  searchColumns: ['name', 'identifier'],
  order: { weight: 'DESC', name: 'ASC' },
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e): Division => columnsDto(e, ['identifier', 'name', 'title', 'description', 'logo', 'weight']),
  beforeDelete: refuseDeleteWhileUsed(CRUD_RESOURCES.divisions.label, referencedBy(BranchEntity, 'divisionId')),
});
