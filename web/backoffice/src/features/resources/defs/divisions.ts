import { T } from '../../../texts';
import { area, defineResource, editor, int, nameOf, req, text } from './define';

const F = T.fields;

export const divisions = defineResource('divisions', {
  label: 'Organisation',
  plural: T.nav.divisions,
  title: nameOf,
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
  columns: [
    { name: 'name', label: F.name },
    { name: 'identifier', label: F.identifier },
  ],
  defaults: { name: '', identifier: '', title: null, description: null, weight: 0, logo: null },
});
