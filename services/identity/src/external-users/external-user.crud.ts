import { CRUD_RESOURCES, ExternalUserInput, type ExternalUser } from '@shop/contracts';
import { meta, requireAccess, type CrudDefinition } from '@shop/server';
import { ExternalUserEntity } from './external-user.entity.js';

type Input = ReturnType<typeof ExternalUserInput.parse>;

/** External users (backoffice-platform.md §3, §7): people outside the staff, administered by ROLE_ADMIN. */
export const externalUserCrud: CrudDefinition<ExternalUserEntity, Input> = {
  ...CRUD_RESOURCES['external-users'],
  target: ExternalUserEntity,
  uniqueColumns: ['username'],
  searchColumns: ['username', 'firstName', 'lastName', 'company', 'email'],
  order: { username: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.isEnabled !== undefined) qb.andWhere(`${a}."isEnabled" = :isEnabled`, { isEnabled: f.isEnabled });
  },
  authorize: (actor) => requireAccess(actor, 'admin'),
  assign(input, e) {
    const { expiresAt, username, ...fields } = input;
    Object.assign(e, fields);
    e.username = username.toLowerCase();
    e.expiresAt = expiresAt ? new Date(expiresAt) : null;
  },
  toDto: (e): ExternalUser => ({
    ...meta(e),
    username: e.username,
    email: e.email,
    firstName: e.firstName,
    lastName: e.lastName,
    company: e.company,
    phone: e.phone,
    notes: e.notes,
    isEnabled: e.isEnabled,
    expiresAt: e.expiresAt?.toISOString() ?? null,
    displayName: [e.firstName, e.lastName].filter(Boolean).join(' ') || e.username,
  }),
};
