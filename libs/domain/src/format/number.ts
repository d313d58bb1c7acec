/**
 * §9 "Price shown as 'EUR ' plus a German-formatted number with exactly 2 decimals." and "Number format
 * German with 2 decimals". Rounding is exact decimal rounding (half away from zero) of the number's
 * shortest decimal representation, so 1.005 shows as 1,01 — the same rule as the pricing module.
 */
import { frac, toFixedString } from '../pricing/decimal.js';

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** German number with exactly `decimals` decimals: 1234.5 → '1.234,50'. */
export function formatNumber(value: number, decimals = 2): string {
  const fixed = toFixedString(frac(value), decimals);
  const negative = fixed.startsWith('-');
  const [int = '0', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const zero = /^[0.]*$/.test(fixed.replace('-', ''));
  return `${negative && !zero ? '-' : ''}${group(int)}${fraction !== undefined ? `,${fraction}` : ''}`;
}

/** 'EUR 1.234,50' (the currency code of the shop, EUR by default). */
export function formatPrice(value: number, currency = 'EUR'): string {
  return `${currency} ${formatNumber(value, 2)}`;
}

/** A quantity in German with up to `maxDecimals` decimals and no trailing zeros: 1500 → '1.500', 0.25 → '0,25'. */
export function formatQuantityNumber(value: number, maxDecimals = 3): string {
  const [int, fraction = ''] = formatNumber(value, maxDecimals).split(',');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${int},${trimmed}` : `${int}`;
}
