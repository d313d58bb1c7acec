import { area, column, defineResource, editor, int, req, text } from './define';

export const divisions = defineResource('divisions', {
  groups: [
    {
      fields: [
        req('name'),
        req('identifier'),
        text('title'),
        area('description'),
        int('weight'),
        editor('logo', 'image'),
      ],
    },
  ],
  columns: [column('name'), column('identifier')],
  defaults: { name: '', identifier: '', title: null, description: null, weight: 0, logo: null },
});
