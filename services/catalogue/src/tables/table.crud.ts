import { columnFilters, columnsDto, defineCrud, missingReferences, requireWriteAccess } from '@shop/server';
import { CRUD_RESOURCES, type Table } from '@shop/contracts';
import { BranchEntity } from '../branches/branch.entity.js';
import { TableEntity } from './table.entity.js';

export const tableCrud = defineCrud(CRUD_RESOURCES.tables, TableEntity, {
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier'],
  searchColumns: ['name', 'identifier'],
  order: { branchId: 'ASC', name: 'ASC' },
  publicScope(qb, a) {
    const publicBranch = qb
      .subQuery()
      .select('1')
      .from(BranchEntity, 'b')
      .where(`b.id = ${a}."branchId" AND b."isPublic" AND b."isEnabled"`)
      .getQuery();
    qb.andWhere(`EXISTS ${publicBranch}`);
  },
  applyFilters: columnFilters({ branch: 'branchId' }),
  checkReferences: (manager, input) =>
    missingReferences(manager, BranchEntity, CRUD_RESOURCES.branches.label, [{ field: 'branch', id: input.branch }]),
  /** employees manage the tables of their own branches */
  authorize(actor, verb, existing, input) {
    requireWriteAccess(actor, verb, 'branch', [
      ...new Set([existing?.branchId, input?.branch].filter((x): x is number => x !== undefined)),
    ]);
  },
  assign(input, e) {
    e.identifier = input.identifier;
    e.name = input.name;
    e.branchId = input.branch;
    e.seats = input.seats;
  },
  toDto: (e): Table => ({ ...columnsDto(e, ['identifier', 'name']), branch: e.branchId, seats: e.seats }),
});
