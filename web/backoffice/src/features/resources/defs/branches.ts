import { BRANCH_EMPLOYEE_FIELDS, COUNTRIES } from '@shop/contracts';
import { T } from '../../../texts';
import type { FieldGroup, FieldName } from '../types';
import {
  area,
  column,
  defineResource,
  editor,
  flag,
  flagColumn,
  flagFilter,
  int,
  num,
  ref,
  refFilter,
  req,
  select,
  text,
} from './define';

const F = T.fields;
const G = T.groups;

const contact = [
  text('street'),
  text('zipCode'),
  text('city'),
  select('country', COUNTRIES),
  text('phone'),
  text('email', { kind: 'email' }),
  text('website', { kind: 'url' }),
];

/** 'isDeliveryEmailRequired' and the eight others: which contact data each order type asks for */
const requiredFields = (['Delivery', 'DineIn', 'Takeaway'] as const).flatMap((t) =>
  (['Email', 'Phone', 'Address'] as const).map((x) => flag(`is${t}${x}Required` as const)),
);

const groups: FieldGroup<FieldName<'branches'>>[] = [
  {
    legend: G.general,
    fields: [
      req('name'),
      req('identifier'),
      ref('division', 'divisions', 'idRef', { nullable: true }),
      area('description'),
      text('keywords'),
      ref('tags', 'tags', 'idRef', { multiple: true }),
      int('weight'),
    ],
  },
  { legend: G.contact, fields: contact },
  {
    legend: G.location,
    fields: [
      num('latitude', { nullable: true, step: 'any' }),
      num('longitude', { nullable: true, step: 'any' }),
      { name: 'timezone', label: F.timezone, kind: 'text', required: true },
    ],
  },
  { legend: F.openingHours, fields: [editor('openingHours', 'rules')] },
  { legend: F.deliveryHours, fields: [flag('isDeliveryHoursEnabled'), editor('deliveryHours', 'rules')] },
  { legend: F.deliveryAreas, fields: [editor('deliveryAreas', 'deliveryAreas')] },
  {
    legend: G.orderTypes,
    fields: [
      flag('isTakeawayEnabled'),
      flag('isDeliveryEnabled'),
      flag('isDineInEnabled'),
      flag('isTableSelectionEnabled'),
      flag('isPreorderEnabled'),
      flag('isAppointmentRequired'),
      flag('isQuotationRequired'),
      text('orderableFrom', { kind: 'time' }),
      area('closedMessage', 2),
    ],
  },
  { legend: G.visibility, fields: [flag('isPublic'), flag('isEnabled')] },
  { legend: G.requiredFields, fields: requiredFields },
  {
    legend: G.payment,
    fields: [
      flag('isCashEnabled'),
      flag('isATMCardEnabled'),
      flag('isHydroAGVoucherEnabled'),
      flag('isMollieEnabled'),
      flag('isDatatransEnabled'),
    ],
  },
  { legend: G.printing, fields: [select('printOn', ['created', 'confirmed'])] },
  {
    legend: G.statusEmails,
    fields: [
      flag('isConfirmedEmailEnabled'),
      flag('isReadyForPickupEmailEnabled'),
      flag('isInDeliveryEmailEnabled'),
      flag('isCounterProposalEmailEnabled'),
      flag('isRejectedEmailEnabled'),
      flag('isCanceledEmailEnabled'),
    ],
  },
  { legend: F.images, fields: [editor('logo', 'image'), editor('images', 'images')] },
  { legend: F.apiKey, fields: [editor('apiKey', 'apiKey')] },
];

export const branches = defineResource('branches', {
  groups,
  // employees change their branch's hours, closed message, pause and status e-mails; the rest is read only to them
  employee: { create: false, change: true, delete: false, branchOf: (r) => r.id, fields: BRANCH_EMPLOYEE_FIELDS },
  columns: [column('name'), column('identifier'), column('city'), flagColumn('isPublic'), flagColumn('isEnabled')],
  filters: [refFilter('division', 'divisions'), flagFilter('isPublic'), flagFilter('isEnabled')],
  defaults: {
    name: '',
    identifier: '',
    division: null,
    description: null,
    street: null,
    zipCode: null,
    city: null,
    country: 'AT',
    phone: null,
    email: null,
    website: null,
    keywords: null,
    latitude: null,
    longitude: null,
    timezone: 'Europe/Vienna',
    openingHours: [],
    deliveryHours: [],
    isDeliveryHoursEnabled: false,
    deliveryAreas: [],
    isTakeawayEnabled: true,
    isDeliveryEnabled: false,
    isDineInEnabled: false,
    isTableSelectionEnabled: false,
    isPreorderEnabled: false,
    isAppointmentRequired: false,
    isQuotationRequired: false,
    isPublic: true,
    isEnabled: true,
    orderableFrom: null,
    closedMessage: null,
    tags: [],
    images: [],
    logo: null,
    isDeliveryEmailRequired: true,
    isDeliveryPhoneRequired: true,
    isDeliveryAddressRequired: true,
    isDineInEmailRequired: false,
    isDineInPhoneRequired: false,
    isDineInAddressRequired: false,
    isTakeawayEmailRequired: true,
    isTakeawayPhoneRequired: true,
    isTakeawayAddressRequired: false,
    isCashEnabled: true,
    isATMCardEnabled: false,
    isHydroAGVoucherEnabled: false,
    isMollieEnabled: false,
    isDatatransEnabled: false,
    printOn: 'confirmed',
    isConfirmedEmailEnabled: true,
    isReadyForPickupEmailEnabled: true,
    isInDeliveryEmailEnabled: true,
    isCounterProposalEmailEnabled: true,
    isRejectedEmailEnabled: true,
    isCanceledEmailEnabled: true,
    weight: 0,
  },
});
