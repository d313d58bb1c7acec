import { CALCULATION_MODELS, UNIT_NAMES, type UnitName } from '@shop/contracts';
import { formatPrice, unitShortName } from '@shop/domain';
import { T } from '../../../texts';
import type { FieldGroup, FieldName, Option } from '../types';
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
  opts,
  req,
  select,
  text,
} from './define';

const F = T.fields;
const O = T.options as Record<string, string>;
const G = T.groups;
const TYPES = ['simple', 'configurable', 'bundle'];

/** 'Stück (Stk.)', 'Gramm (g)', 'Paar': a unit's German name and short name (issue 42 item 5: not '(piece)') */
export function unitOptionLabel(unit: UnitName): string {
  const name = T.unitNames[unit];
  const short = unitShortName(unit);
  return name === short ? name : `${name} (${short})`;
}

/** The units a product is sold in (also the alternative units' editor), by their German names. */
export const unitOptions: Option[] = UNIT_NAMES.map((u) => ({ value: u, label: unitOptionLabel(u) }));

const groups: FieldGroup<FieldName<'products'>>[] = [
  {
    legend: G.general,
    fields: [req('name'), area('description'), select('type', TYPES), text('allergens'), int('weight')],
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
      editor('alternativeUnits', 'alternativeUnits'),
    ],
  },
  {
    legend: G.availability,
    fields: [flag('isEnabled'), flag('isVisibleWhenUnavailable'), editor('schedule', 'schedule')],
  },
  {
    legend: T.steps.title,
    fields: [flag('isStepByStep'), { name: 'config.parts', label: T.steps.title, kind: 'steps' }],
  },
  { legend: F.images, fields: [editor('images', 'images')] },
];

export const products = defineResource('products', {
  groups,
  columns: [
    column('name'),
    { name: 'type', label: F.type, render: (r) => O[r.type] ?? r.type },
    {
      name: 'price',
      label: F.price,
      // the back office's one money format ('EUR 12,50', as orders and labels show it)
      render: (r) => formatPrice(Number(r.price)),
    },
    flagColumn('isEnabled'),
  ],
  filters: [
    { name: 'type', label: F.type, options: opts(TYPES) },
    flagFilter('isEnabled'),
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
});
