import { CRUD_RESOURCES, CustomerInput, type Customer } from '@shop/contracts';
import { meta, requireAccess, type CrudDefinition } from '@shop/server';
import { CustomerEntity } from './customer.entity.js';

type Input = ReturnType<typeof CustomerInput.parse>;

/** Customers (backoffice-platform.md §3, §7): administered by ROLE_ADMIN; lists filter by branch and state. */
export const customerCrud: CrudDefinition<CustomerEntity, Input> = {
  ...CRUD_RESOURCES.customers,
  target: CustomerEntity,
  uniqueColumns: [],
  searchColumns: ['firstName', 'lastName', 'companyName', 'email', 'phone', 'city'],
  order: { lastName: 'ASC', firstName: 'ASC', id: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.branch !== undefined) qb.andWhere(`${a}."branchId" = :branch`, { branch: f.branch });
    if (f.isEnabled !== undefined) qb.andWhere(`${a}."isEnabled" = :isEnabled`, { isEnabled: f.isEnabled });
  },
  authorize: (actor) => requireAccess(actor, 'admin'),
  assign(input, e) {
    const { branch, ...fields } = input;
    Object.assign(e, fields);
    e.branchId = branch?.id ?? null;
  },
  toDto: (e): Customer => ({
    ...meta(e),
    firstName: e.firstName,
    lastName: e.lastName,
    companyName: e.companyName,
    email: e.email,
    phone: e.phone,
    street: e.street,
    zipCode: e.zipCode,
    city: e.city,
    country: e.country as Customer['country'],
    vatNumber: e.vatNumber,
    branch: e.branchId === null ? null : { id: e.branchId },
    notes: e.notes,
    isEnabled: e.isEnabled,
    displayName: [e.companyName, [e.firstName, e.lastName].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  }),
};
