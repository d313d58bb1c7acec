import { T } from '../../../texts';
import { defineResource, int, nameOf, ref, req } from './define';

const F = T.fields;

export const tables = defineResource('tables', {
  label: 'Tisch',
  plural: T.nav.tables,
  title: nameOf,
  employee: { create: true, change: true, delete: true, branchOf: (r) => r.branch },
  groups: [
    {
      fields: [
        req('name'),
        req('identifier'),
        ref('branch', 'branches', 'id', { required: true }),
        int('seats', { nullable: true }),
      ],
    },
  ],
  columns: [
    { name: 'name', label: F.name },
    { name: 'identifier', label: F.identifier },
    { name: 'seats', label: F.seats },
  ],
  filters: [{ name: 'branch', label: F.branch, resource: 'branches' }],
  defaults: { name: '', identifier: '', branch: null, seats: null },
});
