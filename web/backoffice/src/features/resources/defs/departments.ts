import { column, defineResource, ref, refFilter, req } from './define';

export const departments = defineResource('departments', {
  groups: [{ fields: [req('name'), req('identifier'), ref('branch', 'branches', 'idRef', { nullable: true })] }],
  columns: [column('name'), column('identifier')],
  filters: [refFilter('branch', 'branches')],
  defaults: { name: '', identifier: '', branch: null },
});
