import { area, column, defineResource, editor, flag, flagColumn, flagFilter, int, req } from './define';

export const categories = defineResource('categories', {
  groups: [
    {
      fields: [
        req('name'),
        area('description'),
        int('weight'),
        flag('isEnabled'),
        flag('isVisibleWhenUnavailable'),
        editor('schedule', 'schedule'),
        editor('image', 'image'),
      ],
    },
  ],
  columns: [column('name'), flagColumn('isEnabled')],
  filters: [flagFilter('isEnabled')],
  defaults: {
    name: '',
    description: null,
    image: null,
    isEnabled: true,
    schedule: null,
    isVisibleWhenUnavailable: false,
    weight: 0,
  },
});
