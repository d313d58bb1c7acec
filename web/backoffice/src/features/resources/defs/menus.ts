import { T } from '../../../texts';
import { column, defineResource, ref, refFilter, req } from './define';

const F = T.fields;

export const menus = defineResource('menus', {
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
    column('name'),
    {
      name: 'availableFrom',
      label: F.availableFrom,
      render: (r) => new Date(String(r.availableFrom)).toLocaleString('de-AT'),
    },
  ],
  filters: [refFilter('branch', 'branches')],
  defaults: { name: '', availableFrom: new Date().toISOString(), branches: [], catalog: { categories: [] } },
});
