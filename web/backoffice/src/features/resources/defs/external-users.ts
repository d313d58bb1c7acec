import { T } from '../../../texts';
import { area, boolOptions, defineResource, flag, req, text, yesNo } from './define';

const F = T.fields;

export const externalUsers = defineResource('external-users', {
  label: 'Externer Benutzer',
  plural: T.nav.externalUsers,
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
  columns: [
    { name: 'username', label: F.username },
    { name: 'displayName', label: F.name },
    { name: 'company', label: F.company },
    { name: 'isEnabled', label: F.isEnabled, render: yesNo('isEnabled') },
  ],
  filters: [{ name: 'isEnabled', label: F.isEnabled, options: boolOptions }],
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
