import { column, defineResource, int, ref, refFilter, req } from './define';

export const tables = defineResource('tables', {
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
  columns: [column('name'), column('identifier'), column('seats')],
  filters: [refFilter('branch', 'branches')],
  defaults: { name: '', identifier: '', branch: null, seats: null },
});
