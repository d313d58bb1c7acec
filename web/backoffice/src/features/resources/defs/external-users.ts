import { T } from '../../../texts';
import { area, column, defineResource, flag, flagColumn, flagFilter, req, text } from './define';

const F = T.fields;

export const externalUsers = defineResource('external-users', {
  title: (r) => String(r.username),
  groups: [
    {
      fields: [
        req('username'),
        text('firstName'),
        text('lastName'),
        text('company'),
        text('email', { kind: 'email' }),
        text('phone'),
        flag('isEnabled'),
        { name: 'expiresAt', label: F.expiresAt, kind: 'datetime', nullable: true },
        area('notes'),
      ],
    },
  ],
  columns: [column('username'), { name: 'displayName', label: F.name }, column('company'), flagColumn('isEnabled')],
  filters: [flagFilter('isEnabled')],
  defaults: {
    username: '',
    email: null,
    firstName: null,
    lastName: null,
    company: null,
    phone: null,
    notes: null,
    isEnabled: true,
    expiresAt: null,
  },
});
