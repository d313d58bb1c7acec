import { CALCULATION_MODELS, COUNTRIES, UNIT_NAMES, type UnitName } from '@shop/contracts';
import { unitShortName } from '@shop/domain';
import { f, T } from '../../texts';
import type { Field, FieldGroup, Option, ResourceDef } from './types';
import { SIGNAGE_RESOURCES } from '../../signage/signage-resources';
import { TIME_TRACKING_RESOURCES } from '../time-tracking/time-tracking-resources';

const F = T.fields;
const O = T.options as Record<string, string>;
const G = T.groups;

const opts = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: O[v] ?? v }));
export const unitOptions: Option[] = UNIT_NAMES.map((u) => ({
  value: u,
  label: `${unitShortName(u as UnitName)} (${u})`,
}));

const text = (name: keyof typeof F, extra: Partial<Field> = {}): Field =>
  ({ name, label: F[name], kind: 'text', nullable: true, ...extra }) as Field;
const req = (name: keyof typeof F, kind: 'text' | 'textarea' = 'text'): Field => ({
  name,
  label: F[name],
  kind,
  required: true,
});
const area = (name: keyof typeof F, rows = 4): Field => ({
  name,
  label: F[name],
  kind: 'textarea',
  nullable: true,
  rows,
});
const flag = (name: keyof typeof F): Field => ({ name, label: F[name], kind: 'checkbox' });
const num = (name: keyof typeof F, extra: Partial<Field> = {}): Field =>
  ({ name, label: F[name], kind: 'number', ...extra }) as Field;
const int = (name: keyof typeof F, extra: Partial<Field> = {}): Field =>
  ({ name, label: F[name], kind: 'integer', ...extra }) as Field;
const select = (name: keyof typeof F, values: readonly string[], nullable = false): Field => ({
  name,
  label: F[name],
  kind: 'select',
  options: opts(values),
  nullable,
});
const special = (
  name: keyof typeof F,
  kind:
    | 'rules'
    | 'schedule'
    | 'deliveryAreas'
    | 'alternativeUnits'
    | 'steps'
    | 'menuCatalog'
    | 'images'
    | 'image'
    | 'apiKey',
  path: string = name,
): Field => ({ name: path, label: F[name], kind }) as Field;

const contact: Field[] = [
  text('street'),
  text('zipCode'),
  text('city'),
  select('country', COUNTRIES),
  text('phone'),
  text('email', { kind: 'email' }),
  text('website', { kind: 'url' }),
];

const nameOf = (r: Record<string, unknown>) => String(r.name ?? r.identifier ?? r.username ?? r.id);
const yesNo = (key: string) => (r: Record<string, unknown>) => (r[key] ? T.app.yes : T.app.no);
/** hh:mm of a timestamp, in the back office's locale */
export const clockTime = (at: string) =>
  new Date(at).toLocaleTimeString('de-AT', { hour: '2-digit', minute: '2-digit' });
/** the end of a user's running lockout after failed logins, if one runs */
export const runningLockout = (r: Record<string, unknown>): string | null =>
  typeof r.lockedUntil === 'string' && Date.parse(r.lockedUntil) > Date.now() ? r.lockedUntil : null;
/** 'Gesperrt': an administrator's lock, else a running lockout after failed logins with its end */
const lockState = (r: Record<string, unknown>) => {
  const until = runningLockout(r);
  if (r.isLocked || !until) return yesNo('isLocked')(r);
  return f(T.users.lockedUntil, { time: clockTime(until) });
};
const boolOptions: Option[] = [
  { value: 'true', label: T.app.yes },
  { value: 'false', label: T.app.no },
];

const branchGroups: FieldGroup[] = [
  {
    legend: G.general,
    fields: [
      req('name'),
      req('identifier'),
      { name: 'division', label: F.division, kind: 'ref', resource: 'divisions', shape: 'idRef', nullable: true },
      area('description'),
      text('keywords'),
      { name: 'tags', label: F.tags, kind: 'ref', resource: 'tags', shape: 'idRef', multiple: true },
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
  { legend: F.openingHours, fields: [special('openingHours', 'rules')] },
  { legend: F.deliveryHours, fields: [flag('isDeliveryHoursEnabled'), special('deliveryHours', 'rules')] },
  { legend: F.deliveryAreas, fields: [special('deliveryAreas', 'deliveryAreas')] },
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
  {
    legend: G.requiredFields,
    fields: (['Delivery', 'DineIn', 'Takeaway'] as const).flatMap((t) =>
      (['Email', 'Phone', 'Address'] as const).map((x) => flag(`is${t}${x}Required` as keyof typeof F)),
    ),
  },
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
  { legend: F.images, fields: [special('logo', 'image'), special('images', 'images')] },
  { legend: F.apiKey, fields: [special('apiKey', 'apiKey')] },
];

const productGroups: FieldGroup[] = [
  {
    legend: G.general,
    fields: [
      req('name'),
      area('description'),
      select('type', ['simple', 'configurable', 'bundle']),
      text('allergens'),
      int('weight'),
    ],
  },
  {
    legend: G.prices,
    fields: [
      num('price', { required: true, step: '0.01' }),
      num('tax', { step: '0.1' }),
      num('takeawayTax', { step: '0.1' }),
      num('dineInTax', { step: '0.1' }),
      num('pricing', { step: 'any' }),
      select('calculationModel', CALCULATION_MODELS),
      flag('isPriceHidden'),
    ],
  },
  {
    legend: G.quantities,
    fields: [
      { name: 'unit', label: F.unit, kind: 'select', options: unitOptions },
      num('minimumQuantity', { step: 'any' }),
      num('maximumQuantity', { step: 'any', nullable: true }),
      num('quantityStepSize', { step: 'any' }),
      num('defaultQuantity', { step: 'any', nullable: true }),
      { name: 'defaultUnit', label: F.defaultUnit, kind: 'select', options: unitOptions, nullable: true },
      special('alternativeUnits', 'alternativeUnits'),
    ],
  },
  {
    legend: G.availability,
    fields: [flag('isEnabled'), flag('isVisibleWhenUnavailable'), special('schedule', 'schedule')],
  },
  {
    legend: T.steps.title,
    fields: [flag('isStepByStep'), { name: 'config.parts', label: T.steps.title, kind: 'steps' }],
  },
  { legend: F.images, fields: [special('images', 'images')] },
];

export const RESOURCES: ResourceDef[] = [
  {
    name: 'divisions',
    noun: 'divisions',
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
          special('logo', 'image'),
        ],
      },
    ],
    columns: [
      { name: 'name', label: F.name },
      { name: 'identifier', label: F.identifier },
    ],
    defaults: { name: '', identifier: '', title: null, description: null, weight: 0, logo: null },
  },
  {
    name: 'branches',
    noun: 'branches',
    label: 'Filiale',
    plural: T.nav.branches,
    title: nameOf,
    groups: branchGroups,
    employee: { create: false, change: true, delete: false, branchOf: (r) => r.id },
    columns: [
      { name: 'name', label: F.name },
      { name: 'identifier', label: F.identifier },
      { name: 'city', label: F.city },
      { name: 'isPublic', label: F.isPublic, render: yesNo('isPublic') },
      { name: 'isEnabled', label: F.isEnabled, render: yesNo('isEnabled') },
    ],
    filters: [
      { name: 'division', label: F.division, resource: 'divisions' },
      { name: 'isPublic', label: F.isPublic, options: boolOptions },
      { name: 'isEnabled', label: F.isEnabled, options: boolOptions },
    ],
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
      weight: 0,
    },
  },
  {
    name: 'menus',
    noun: 'menus',
    label: 'Menü',
    plural: T.nav.menus,
    title: nameOf,
    groups: [
      {
        fields: [
          req('name'),
          { name: 'availableFrom', label: F.availableFrom, kind: 'datetime', required: true },
          { name: 'branches', label: F.branches, kind: 'ref', resource: 'branches', shape: 'id', multiple: true },
        ],
      },
      { legend: F.catalog, fields: [{ name: 'catalog.categories', label: F.catalog, kind: 'menuCatalog' }] },
    ],
    columns: [
      { name: 'name', label: F.name },
      {
        name: 'availableFrom',
        label: F.availableFrom,
        render: (r) => new Date(String(r.availableFrom)).toLocaleString('de-AT'),
      },
    ],
    filters: [{ name: 'branch', label: F.branch, resource: 'branches' }],
    defaults: { name: '', availableFrom: new Date().toISOString(), branches: [], catalog: { categories: [] } },
  },
  {
    name: 'categories',
    noun: 'categories',
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
          special('schedule', 'schedule'),
          special('image', 'image'),
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
  },
  {
    name: 'tags',
    noun: 'tags',
    label: 'Tag',
    plural: T.nav.tags,
    title: nameOf,
    groups: [{ fields: [req('name'), int('weight'), special('image', 'image')] }],
    columns: [{ name: 'name', label: F.name }],
    defaults: { name: '', image: null, weight: 0 },
  },
  {
    name: 'products',
    noun: 'products',
    label: 'Produkt',
    plural: T.nav.products,
    title: nameOf,
    groups: productGroups,
    columns: [
      { name: 'name', label: F.name },
      { name: 'type', label: F.type, render: (r) => O[String(r.type)] ?? String(r.type) },
      {
        name: 'price',
        label: F.price,
        render: (r) => Number(r.price).toLocaleString('de-AT', { style: 'currency', currency: 'EUR' }),
      },
      { name: 'isEnabled', label: F.isEnabled, render: yesNo('isEnabled') },
    ],
    filters: [
      { name: 'type', label: F.type, options: opts(['simple', 'configurable', 'bundle']) },
      { name: 'isEnabled', label: F.isEnabled, options: boolOptions },
      { name: 'category', label: T.nav.categories, resource: 'categories' },
    ],
    defaults: {
      name: '',
      description: null,
      type: 'simple',
      allergens: null,
      images: [],
      price: 0,
      tax: 10,
      takeawayTax: 10,
      dineInTax: 10,
      unit: 'piece',
      alternativeUnits: [],
      minimumQuantity: 1,
      maximumQuantity: null,
      quantityStepSize: 1,
      defaultQuantity: null,
      defaultUnit: null,
      pricing: 1,
      calculationModel: 'fixed',
      isEnabled: true,
      schedule: null,
      isVisibleWhenUnavailable: false,
      isPriceHidden: false,
      isStepByStep: false,
      config: { parts: {} },
      weight: 0,
    },
  },
  {
    name: 'tables',
    noun: 'tables',
    label: 'Tisch',
    plural: T.nav.tables,
    title: nameOf,
    employee: { create: true, change: true, delete: true, branchOf: (r) => r.branch },
    groups: [
      {
        fields: [
          req('name'),
          req('identifier'),
          { name: 'branch', label: F.branch, kind: 'ref', resource: 'branches', shape: 'id', required: true },
          int('seats', { nullable: true }),
        ],
      },
    ],
    columns: [
      { name: 'name', label: F.name },
      { name: 'identifier', label: F.identifier },
      { name: 'seats', label: F.seats },
    ],
    filters: [{ name: 'branch', label: F.branch, resource: 'branches' }],
    defaults: { name: '', identifier: '', branch: null, seats: null },
  },
  {
    name: 'donatees',
    noun: 'donatees',
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
          special('image', 'image'),
        ],
      },
    ],
    columns: [
      { name: 'name', label: F.name },
      { name: 'identifier', label: F.identifier },
      { name: 'isEnabled', label: F.isEnabled, render: yesNo('isEnabled') },
    ],
    defaults: { name: '', identifier: '', description: null, image: null, website: null, isEnabled: true },
  },
  {
    name: 'users',
    noun: 'users',
    label: 'Benutzer',
    plural: T.nav.users,
    title: (r) => String(r.username),
    groups: [
      {
        legend: G.general,
        fields: [req('username'), text('firstName'), text('lastName'), text('email', { kind: 'email' })],
      },
      {
        legend: G.access,
        fields: [
          {
            name: 'roles',
            label: F.roles,
            kind: 'checkboxes',
            options: opts(['ROLE_ADMIN', 'ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER']),
          },
          { name: 'branches', label: F.branches, kind: 'ref', resource: 'branches', shape: 'idRef', multiple: true },
          {
            name: 'department',
            label: F.department,
            kind: 'ref',
            resource: 'departments',
            shape: 'idRef',
            nullable: true,
          },
          flag('isEnabled'),
          flag('isLocked'),
          { name: 'expiresAt', label: F.expiresAt, kind: 'datetime', nullable: true },
          { name: 'password', label: F.password, kind: 'password', help: F.passwordHint },
        ],
      },
    ],
    columns: [
      { name: 'username', label: F.username },
      { name: 'displayName', label: F.name },
      { name: 'roles', label: F.roles, render: (r) => (r.roles as string[]).map((x) => O[x] ?? x).join(', ') },
      { name: 'isEnabled', label: F.isEnabled, render: yesNo('isEnabled') },
      { name: 'isLocked', label: F.isLocked, render: lockState },
    ],
    filters: [
      { name: 'role', label: F.roles, options: opts(['ROLE_ADMIN', 'ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER']) },
      { name: 'branch', label: F.branch, resource: 'branches' },
    ],
    defaults: {
      username: '',
      email: null,
      firstName: null,
      lastName: null,
      roles: ['ROLE_EMPLOYEE'],
      branches: [],
      department: null,
      isEnabled: true,
      isLocked: false,
      expiresAt: null,
    },
  },
  {
    name: 'departments',
    noun: 'departments',
    label: 'Abteilung',
    plural: T.nav.departments,
    title: nameOf,
    groups: [
      {
        fields: [
          req('name'),
          req('identifier'),
          { name: 'branch', label: F.branch, kind: 'ref', resource: 'branches', shape: 'idRef', nullable: true },
        ],
      },
    ],
    columns: [
      { name: 'name', label: F.name },
      { name: 'identifier', label: F.identifier },
    ],
    filters: [{ name: 'branch', label: F.branch, resource: 'branches' }],
    defaults: { name: '', identifier: '', branch: null },
  },
  {
    name: 'customers',
    noun: 'customers',
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
          { name: 'branch', label: F.branch, kind: 'ref', resource: 'branches', shape: 'idRef', nullable: true },
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
  },
  {
    name: 'external-users',
    noun: 'external-users',
    label: 'Externer Benutzer',
    plural: T.nav.externalUsers,
    title: (r) => String(r.username),
    groups: [
      {
        fields: [
          req('username'),
          text('firstName'),
          text('lastName'),
          text('company'),
          text('email', { kind: 'email' }),
          text('phone'),
          flag('isEnabled'),
          { name: 'expiresAt', label: F.expiresAt, kind: 'datetime', nullable: true },
          area('notes'),
        ],
      },
    ],
    columns: [
      { name: 'username', label: F.username },
      { name: 'displayName', label: F.name },
      { name: 'company', label: F.company },
      { name: 'isEnabled', label: F.isEnabled, render: yesNo('isEnabled') },
    ],
    filters: [{ name: 'isEnabled', label: F.isEnabled, options: boolOptions }],
    defaults: {
      username: '',
      email: null,
      firstName: null,
      lastName: null,
      company: null,
      phone: null,
      notes: null,
      isEnabled: true,
      expiresAt: null,
    },
  },
  {
    name: 'devices',
    noun: 'devices',
    label: 'Gerät',
    plural: T.nav.devices,
    title: nameOf,
    employee: { create: false, change: false, delete: false, branchOf: (r) => r.branch },
    groups: [
      {
        fields: [
          req('name'),
          req('identifier'),
          select('type', ['printer', 'notification']),
          { name: 'branch', label: F.branch, kind: 'ref', resource: 'branches', shape: 'id', required: true },
          select('protocol', ['cloudprnt', 'epson-sdp'], true),
          select('printFormat', ['star', 'escpos']),
          int('pollIntervalSeconds'),
          flag('isEnabled'),
          special('apiKey', 'apiKey'),
        ],
      },
    ],
    columns: [
      { name: 'name', label: F.name },
      { name: 'identifier', label: F.identifier },
      { name: 'type', label: F.type, render: (r) => O[String(r.type)] ?? String(r.type) },
      {
        name: 'lastSeenAt',
        label: F.lastSeenAt,
        render: (r) => (r.lastSeenAt ? new Date(String(r.lastSeenAt)).toLocaleString('de-AT') : '–'),
      },
    ],
    filters: [
      { name: 'branch', label: F.branch, resource: 'branches' },
      { name: 'type', label: F.type, options: opts(['printer', 'notification']) },
    ],
    defaults: {
      name: '',
      identifier: '',
      type: 'printer',
      branch: null,
      protocol: null,
      printFormat: 'star',
      pollIntervalSeconds: 5,
      isEnabled: true,
    },
  },
];

/** the signage resources are declared beside their own screens (web/backoffice/src/signage) */
export const resourceByName = (name: string) =>
  [...RESOURCES, ...SIGNAGE_RESOURCES, ...TIME_TRACKING_RESOURCES].find((r) => r.name === name);
