import { CRUD_RESOURCES, type ExternalUser } from '@shop/contracts';
import { columnsDto, defineCrud, equalFilters, requireAccess } from '@shop/server';
import { ExternalUserEntity } from './external-user.entity.js';

/** External users (backoffice-platform.md §3, §7): people outside the staff, administered by ROLE_ADMIN. */
export const externalUserCrud = defineCrud(CRUD_RESOURCES['external-users'], ExternalUserEntity, {
  uniqueColumns: ['username'],
  searchColumns: ['username', 'firstName', 'lastName', 'company', 'email'],
  order: { username: 'ASC' },
  applyFilters: equalFilters('isEnabled'),
  authorize: (actor) => requireAccess(actor, 'admin'),
  assign(input, e) {
    const { expiresAt, username, ...fields } = input;
    Object.assign(e, fields);
    e.username = username.toLowerCase();
    e.expiresAt = expiresAt ? new Date(expiresAt) : null;
  },
  toDto: (e): ExternalUser => ({
    ...columnsDto(e, ['username', 'email', 'firstName', 'lastName', 'company', 'phone', 'notes', 'isEnabled']),
    expiresAt: e.expiresAt?.toISOString() ?? null,
    displayName: [e.firstName, e.lastName].filter(Boolean).join(' ') || e.username,
  }),
});
