import { T } from '../../../texts';
import { defineResource, editor, int, nameOf, req } from './define';

const F = T.fields;

export const tags = defineResource('tags', {
  label: 'Tag',
  plural: T.nav.tags,
  title: nameOf,
  groups: [{ fields: [req('name'), int('weight'), editor('image', 'image')] }],
  columns: [{ name: 'name', label: F.name }],
  defaults: { name: '', image: null, weight: 0 },
});
