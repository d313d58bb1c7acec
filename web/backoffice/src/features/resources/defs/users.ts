import { T } from '../../../texts';
import { lockState } from '../lockout';
import { column, defineResource, flag, flagColumn, opts, ref, refFilter, req, text } from './define';

const F = T.fields;
const O = T.options as Record<string, string>;
const G = T.groups;
// ROLE_CONTENT_EDITOR ('Website-Redaktion', issue 42): an administrator gives an employee the content permission;
// ROLE_PRIVACY ('Datenschutz', issue 44) the privacy permission (a customer's data: search, export, erase)
const ROLES = ['ROLE_ADMIN', 'ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER', 'ROLE_CONTENT_EDITOR', 'ROLE_PRIVACY'];

export const users = defineResource('users', {
  title: (r) => String(r.username),
  groups: [
    {
      legend: G.general,
      fields: [req('username'), text('firstName'), text('lastName'), text('email', { kind: 'email' })],
    },
    {
      legend: G.access,
      fields: [
        { name: 'roles', label: F.roles, kind: 'checkboxes', options: opts(ROLES) },
        ref('branches', 'branches', 'idRef', { multiple: true }),
        ref('department', 'departments', 'idRef', { nullable: true }),
        flag('isEnabled'),
        flag('isLocked'),
        { name: 'expiresAt', label: F.expiresAt, kind: 'datetime', nullable: true },
        { name: 'password', label: F.password, kind: 'password', help: F.passwordHint },
      ],
    },
  ],
  columns: [
    column('username'),
    { name: 'displayName', label: F.name },
    { name: 'roles', label: F.roles, render: (r) => r.roles.map((x) => O[x] ?? x).join(', ') },
    flagColumn('isEnabled'),
    { name: 'isLocked', label: F.isLocked, render: lockState },
  ],
  filters: [{ name: 'role', label: F.roles, options: opts(ROLES) }, refFilter('branch', 'branches')],
  defaults: {
    username: '',
    email: null,
    firstName: null,
    lastName: null,
    roles: ['ROLE_EMPLOYEE'],
    branches: [],
    department: null,
    isEnabled: true,
    isLocked: false,
    expiresAt: null,
  },
});
