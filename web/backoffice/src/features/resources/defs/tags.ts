import { column, defineResource, editor, int, req } from './define';

export const tags = defineResource('tags', {
  groups: [{ fields: [req('name'), int('weight'), editor('image', 'image')] }],
  columns: [column('name')],
  defaults: { name: '', image: null, weight: 0 },
});
