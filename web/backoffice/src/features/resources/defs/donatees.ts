import { T } from '../../../texts';
import { area, defineResource, editor, flag, nameOf, req, text, yesNo } from './define';

const F = T.fields;

export const donatees = defineResource('donatees', {
  label: 'Spendenempfänger',
  plural: T.nav.donatees,
  title: nameOf,
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
  columns: [
    { name: 'name', label: F.name },
    { name: 'identifier', label: F.identifier },
    { name: 'isEnabled', label: F.isEnabled, render: yesNo('isEnabled') },
  ],
  defaults: { name: '', identifier: '', description: null, image: null, website: null, isEnabled: true },
});
