// The products of the catalogue: configuration steps and their options, alternative units, the product itself.
import { z } from 'zod';
import { FileRef, Money, NullableText, Schedule, TaxRate, Text, Weight } from './common.schema.js';
import type { EntityMeta } from './entity.js';
import { CALCULATION_MODELS, MODIFIERS, STEP_TYPES, UNIT_NAMES } from './units.js';

const flag = (value = false) => z.boolean().default(value);

const Quantity = z.number().finite().positive().max(1_000_000);
export const StepOption = z.object({
  name: Text(200).min(1),
  modifier: z.enum(MODIFIERS).default('add'),
  value: Money.default(0),
});
export type StepOption = z.output<typeof StepOption>;
export const ConfigurationStep = z.object({
  type: z.enum(STEP_TYPES),
  name: Text(200).min(1),
  description: NullableText(2000),
  optional: flag(),
  options: z.array(StepOption).max(200).default([]),
  /** text and textarea steps: the most characters the customer may write (e.g. 40 on a cake), none when absent */
  maxLength: z.number().int().positive().max(10_000).nullish(),
});
export type ConfigurationStep = z.output<typeof ConfigurationStep>;
export const AlternativeUnit = z.object({
  unit: z.enum(UNIT_NAMES),
  /** how many of the product's unit one of this unit equals (1 Stück = 250 gram: ratio 250) */
  ratio: Quantity,
  minimumQuantity: Quantity.nullable().default(null),
  maximumQuantity: Quantity.nullable().default(null),
  quantityStepSize: Quantity.nullable().default(null),
  calculationModel: z.enum(CALCULATION_MODELS).default('fixed'),
});
export type AlternativeUnit = z.output<typeof AlternativeUnit>;
export const ProductInput = z
  .object({
    name: Text(200).min(1),
    description: NullableText(5000),
    type: z.enum(['simple', 'configurable', 'bundle']).default('simple'),
    allergens: NullableText(200),
    images: z.array(FileRef).max(50).default([]),
    price: Money,
    tax: TaxRate.default(10),
    takeawayTax: TaxRate.default(10),
    dineInTax: TaxRate.default(10),
    unit: z.enum(UNIT_NAMES).default('piece'),
    alternativeUnits: z.array(AlternativeUnit).max(20).default([]),
    minimumQuantity: Quantity.default(1),
    maximumQuantity: Quantity.nullable().default(null),
    quantityStepSize: Quantity.default(1),
    defaultQuantity: Quantity.nullable().default(null),
    defaultUnit: z.enum(UNIT_NAMES).nullable().default(null),
    /** the price is for this many of `unit` (price 2.90 per 100 gram: pricing 100) */
    pricing: Quantity.default(1),
    calculationModel: z.enum(CALCULATION_MODELS).default('fixed'),
    isEnabled: flag(true),
    schedule: Schedule,
    isVisibleWhenUnavailable: flag(),
    isPriceHidden: flag(),
    isStepByStep: flag(),
    config: z
      .object({ parts: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), ConfigurationStep).default({}) })
      .default({ parts: {} }),
    weight: Weight,
  })
  .refine((p) => p.maximumQuantity === null || p.maximumQuantity >= p.minimumQuantity, {
    path: ['maximumQuantity'],
    message: 'validation.maxBelowMin',
  });
export type ProductInput = z.input<typeof ProductInput>;
export type Product = z.output<typeof ProductInput> & EntityMeta;
