import { CRUD_RESOURCES, type Customer } from '@shop/contracts';
import { columnFilters, columnsDto, defineCrud, requireAccess } from '@shop/server';
import { CustomerEntity } from './customer.entity.js';

/** Customers (backoffice-platform.md §3, §7): administered by ROLE_ADMIN; lists filter by branch and state. */
export const customerCrud = defineCrud(CRUD_RESOURCES.customers, CustomerEntity, {
  uniqueColumns: [],
  searchColumns: ['firstName', 'lastName', 'companyName', 'email', 'phone', 'city'],
  order: { lastName: 'ASC', firstName: 'ASC', id: 'ASC' },
  applyFilters: columnFilters({ branch: 'branchId', isEnabled: 'isEnabled' }),
  authorize: (actor) => requireAccess(actor, 'admin'),
  assign(input, e) {
    const { branch, ...fields } = input;
    Object.assign(e, fields);
    e.branchId = branch?.id ?? null;
  },
  toDto: (e): Customer => ({
    ...columnsDto(e, ['firstName', 'lastName', 'companyName', 'email', 'phone', 'street', 'zipCode', 'city']),
    country: e.country as Customer['country'],
    vatNumber: e.vatNumber,
    branch: e.branchId === null ? null : { id: e.branchId },
    notes: e.notes,
    isEnabled: e.isEnabled,
    displayName: [e.companyName, [e.firstName, e.lastName].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  }),
});
