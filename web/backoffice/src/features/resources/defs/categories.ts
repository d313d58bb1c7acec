import { T } from '../../../texts';
import { area, boolOptions, defineResource, editor, flag, int, nameOf, req, yesNo } from './define';

const F = T.fields;

export const categories = defineResource('categories', {
  label: 'Kategorie',
  plural: T.nav.categories,
  title: nameOf,
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
  columns: [
    { name: 'name', label: F.name },
    { name: 'isEnabled', label: F.isEnabled, render: yesNo('isEnabled') },
  ],
  filters: [{ name: 'isEnabled', label: F.isEnabled, options: boolOptions }],
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
