import { T } from '../../../texts';
import { defineResource, nameOf, ref, req } from './define';

const F = T.fields;

export const departments = defineResource('departments', {
  label: 'Abteilung',
  plural: T.nav.departments,
  title: nameOf,
  groups: [{ fields: [req('name'), req('identifier'), ref('branch', 'branches', 'idRef', { nullable: true })] }],
  columns: [
    { name: 'name', label: F.name },
    { name: 'identifier', label: F.identifier },
  ],
  filters: [{ name: 'branch', label: F.branch, resource: 'branches' }],
  defaults: { name: '', identifier: '', branch: null },
});
