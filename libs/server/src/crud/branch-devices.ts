import { CRUD_RESOURCES, type FieldError } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import type { ObjectLiteral } from 'typeorm';
import { requireAccess, visibleBranches } from '../access/access.js';
import type { CrudDefinition } from './crud-definition.js';
import { columnFilters, type FilterColumn } from './filters.js';

/** What every kind of device stores besides its own fields. */
export type BranchDeviceRow = ObjectLiteral & { id: number; branchId: number; identifier: string; name: string };

/**
 * The CRUD rules every kind of device shares (order's printers and notification devices, signage's TVs), beside
 * the credentials of `device-credentials.ts`: found by its identifier, identifier and key unique, searched by name
 * and identifier, listed by branch and name and filtered by branch (and the kind's own `filters`); visitors see
 * none, employees the devices of their branches, administrators all, and only administrators write.
 */
export function branchDeviceRules<E extends BranchDeviceRow>(
  keyColumn: keyof E & string,
  filters: Readonly<Record<string, FilterColumn<E>>> = {},
): Pick<
  CrudDefinition<E, unknown>,
  'identifierColumn' | 'uniqueColumns' | 'searchColumns' | 'order' | 'publicScope' | 'actorScope' | 'authorize'
> & { applyFilters: NonNullable<CrudDefinition<E, unknown>['applyFilters']> } {
  return {
    identifierColumn: 'identifier',
    uniqueColumns: ['identifier', keyColumn],
    searchColumns: ['name', 'identifier'],
    order: { branchId: 'ASC', name: 'ASC' } as CrudDefinition<E, unknown>['order'],
    applyFilters: columnFilters<E>({ branch: 'branchId', ...filters }),
    publicScope: (qb) => void qb.andWhere('false'),
    actorScope(qb, a, actor) {
      const mine = visibleBranches(actor);
      if (mine !== 'all') qb.andWhere(`${a}."branchId" IN (:...mine)`, { mine: mine.length ? mine : [-1] });
    },
    authorize(actor, verb, existing) {
      if (verb !== 'read') return void requireAccess(actor, 'admin');
      requireAccess(actor, 'staff');
      if (existing) requireAccess(actor, 'branch', [existing.branchId]);
    },
  };
}

/** The field error of a device whose branch the catalogue does not know. */
export const unknownBranch = (branch: number): FieldError => ({
  field: 'branch',
  message: t('validation.referenceNotFound', { label: CRUD_RESOURCES.branches.label, id: branch }),
});
