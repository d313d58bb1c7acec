/**
 * §3 "Option: name, modifier (add, subtract, overwrite), value." and §2.6 "Option price hint: '+ value'
 * for modifier add, '- value' for subtract, plain value for overwrite."
 *
 * Modifiers apply to the product price (the price for `pricing` of the product's unit) in the order of
 * the configuration steps (config.parts key order), and within a multiselect in the order chosen:
 * add adds, subtract subtracts, overwrite replaces the price reached so far. A result below 0 is 0.
 */
import type { ConfigurationStep, Product } from '@shop/contracts';
import { formatPrice } from '../format/number.js';
import type { CartParts, OptionLike, PartValue } from '../cart/types.js';
import { add, cmp, frac, sub, toNumber, ZERO, type Fraction } from './decimal.js';

export function applyModifierExact(price: Fraction | number, option: OptionLike): Fraction {
  switch (option.modifier) {
    case 'add':
      return add(price, option.value);
    case 'subtract':
      return sub(price, option.value);
    case 'overwrite':
      return frac(option.value);
  }
}

/** The price after the options, in order, never below 0 (exact). */
export function applyModifiersExact(basePrice: number, options: readonly OptionLike[]): Fraction {
  const price = options.reduce<Fraction>((p, o) => applyModifierExact(p, o), frac(basePrice));
  return cmp(price, ZERO) < 0 ? ZERO : price;
}

/** The price after the options, in order, never below 0 (4 decimals). */
export function applyModifiers(basePrice: number, options: readonly OptionLike[]): number {
  return toNumber(applyModifiersExact(basePrice, options), 4);
}

function isOption(value: unknown): value is OptionLike {
  return typeof value === 'object' && value !== null && 'modifier' in value && 'value' in value;
}

/** The chosen options of select and multiselect steps, in step order. */
export function selectedOptions(
  steps: Readonly<Record<string, Pick<ConfigurationStep, 'type'>>>,
  parts: CartParts | undefined,
): OptionLike[] {
  if (!parts) return [];
  const chosen: OptionLike[] = [];
  for (const [key, step] of Object.entries(steps)) {
    const value: PartValue = parts[key];
    if (step.type === 'select' && isOption(value)) chosen.push(value);
    if (step.type === 'multiselect' && Array.isArray(value)) chosen.push(...(value as unknown[]).filter(isOption));
  }
  return chosen;
}

/** The product price with the modifiers of the chosen options (exact). */
export function configuredPriceExact(product: Pick<Product, 'price' | 'config'>, parts?: CartParts): Fraction {
  return applyModifiersExact(product.price, selectedOptions(product.config.parts, parts));
}

/** The product price with the modifiers of the chosen options (4 decimals). */
export function configuredPrice(product: Pick<Product, 'price' | 'config'>, parts?: CartParts): number {
  return toNumber(configuredPriceExact(product, parts), 4);
}

/** §2.6 option price hint: '+ EUR 1,50' (add), '- EUR 1,50' (subtract), 'EUR 1,50' (overwrite). */
export function optionPriceHint(option: OptionLike, currency = 'EUR'): string {
  const price = formatPrice(option.value, currency);
  if (option.modifier === 'add') return `+ ${price}`;
  if (option.modifier === 'subtract') return `- ${price}`;
  return price;
}
