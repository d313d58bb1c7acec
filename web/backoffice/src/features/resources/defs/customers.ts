import { COUNTRIES } from '@shop/contracts';
import { T } from '../../../texts';
import { area, boolOptions, defineResource, flag, ref, select, text } from './define';

const F = T.fields;
const G = T.groups;

export const customers = defineResource('customers', {
  label: 'Kunde',
  plural: T.nav.customers,
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
  columns: [
    { name: 'displayName', label: F.name },
    { name: 'email', label: F.email },
    { name: 'phone', label: F.phone },
    { name: 'city', label: F.city },
  ],
  filters: [
    { name: 'branch', label: F.branch, resource: 'branches' },
    { name: 'isEnabled', label: F.isEnabled, options: boolOptions },
  ],
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
