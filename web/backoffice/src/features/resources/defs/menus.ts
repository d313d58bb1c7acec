import { T } from '../../../texts';
import { defineResource, nameOf, ref, req } from './define';

const F = T.fields;

export const menus = defineResource('menus', {
  label: 'Menü',
  plural: T.nav.menus,
  title: nameOf,
  groups: [
    {
      fields: [
        req('name'),
        { name: 'availableFrom', label: F.availableFrom, kind: 'datetime', required: true },
        ref('branches', 'branches', 'id', { multiple: true }),
      ],
    },
    { legend: F.catalog, fields: [{ name: 'catalog.categories', label: F.catalog, kind: 'menuCatalog' }] },
  ],
  columns: [
    { name: 'name', label: F.name },
    {
      name: 'availableFrom',
      label: F.availableFrom,
      render: (r) => new Date(String(r.availableFrom)).toLocaleString('de-AT'),
    },
  ],
  filters: [{ name: 'branch', label: F.branch, resource: 'branches' }],
  defaults: { name: '', availableFrom: new Date().toISOString(), branches: [], catalog: { categories: [] } },
});
