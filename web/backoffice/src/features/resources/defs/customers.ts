import { COUNTRIES } from '@shop/contracts';
import { T } from '../../../texts';
import { area, column, defineResource, flag, flagFilter, ref, refFilter, select, text } from './define';

const F = T.fields;
const G = T.groups;

export const customers = defineResource('customers', {
  title: (r) => String(r.displayName || r.id),
  groups: [
    {
      legend: G.general,
      fields: [
        text('firstName'),
        text('lastName'),
        text('companyName'),
        text('vatNumber'),
        flag('isEnabled'),
        ref('branch', 'branches', 'idRef', { nullable: true }),
      ],
    },
    {
      legend: G.contact,
      fields: [
        text('email', { kind: 'email' }),
        text('phone'),
        text('street'),
        text('zipCode'),
        text('city'),
        select('country', COUNTRIES),
        area('notes'),
      ],
    },
  ],
  columns: [{ name: 'displayName', label: F.name }, column('email'), column('phone'), column('city')],
  filters: [refFilter('branch', 'branches'), flagFilter('isEnabled')],
  defaults: {
    firstName: null,
    lastName: null,
    companyName: null,
    email: null,
    phone: null,
    street: null,
    zipCode: null,
    city: null,
    country: 'AT',
    vatNumber: null,
    branch: null,
    notes: null,
    isEnabled: true,
  },
});
