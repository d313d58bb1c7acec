/** Unit names of storefront-presenter.md §3 "Unit types and units"; the tables live in @shop/domain. */
export const UNIT_NAMES = [
  'piece',
  'serving',
  'pair',
  'person',
  'package',
  'gram',
  'decagram',
  'kilogram',
  'milliliter',
  'centiliter',
  'deciliter',
  'liter',
  'millimeter',
  'centimeter',
  'decimeter',
  'meter',
  'kilometer',
  'squareMillimeter',
  'squareCentimeter',
  'squareDecimeter',
  'squareMeter',
  'cubicMillimeter',
  'cubicCentimeter',
  'cubicDecimeter',
  'cubicMeter',
] as const;
export type UnitName = (typeof UNIT_NAMES)[number];

export const CALCULATION_MODELS = ['fixed', 'approximate', 'minimum'] as const;
export type CalculationModel = (typeof CALCULATION_MODELS)[number];

export const STEP_TYPES = ['text', 'textarea', 'image', 'images', 'file', 'files', 'select', 'multiselect'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const MODIFIERS = ['add', 'subtract', 'overwrite'] as const;
export type Modifier = (typeof MODIFIERS)[number];

export const DELIVERY_METHODS = ['takeaway', 'delivery', 'dineIn'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const PAYMENT_METHODS = ['cash', 'atm-card', 'hydro-ag-voucher', 'mollie', 'datatrans'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const COUNTRIES = ['AT', 'DE', 'LI', 'CH'] as const;
export type Country = (typeof COUNTRIES)[number];
