import { area, column, defineResource, editor, flag, flagColumn, req, text } from './define';

export const donatees = defineResource('donatees', {
  groups: [
    {
      fields: [
        req('name'),
        req('identifier'),
        area('description'),
        text('website', { kind: 'url' }),
        flag('isEnabled'),
        editor('image', 'image'),
      ],
    },
  ],
  columns: [column('name'), column('identifier'), flagColumn('isEnabled')],
  defaults: { name: '', identifier: '', description: null, image: null, website: null, isEnabled: true },
});
