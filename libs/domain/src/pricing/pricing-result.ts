/**
 * §3 "Pricing result: net, tax, gross, deliveryNet, deliveryTax, deliveryGross, totalNet, totalTax,
 * totalGross, and taxes keyed by tax rate."
 *
 * - gross: sum of the line prices (each rounded to cents);
 * - lines are grouped by their tax rate for the order type; per rate net = round4(gross_rate / (1 + rate/100)),
 *   tax = gross_rate − net; net and tax are the sums over the rates;
 * - delivery (delivery orders with an area and at least one item only): deliveryGross = delivery cost of the area for the items
 *   gross, net and tax at the area's rate;
 * - totals are item values plus delivery values; taxes[rate] holds the items' and the delivery's share of
 *   that rate, so the taxes always add up to the totals.
 */
import type { DeliveryMethod } from '@shop/contracts';
import type { CartItem, PricedProduct } from '../cart/types.js';
import { GROSS_DECIMALS, NET_DECIMALS } from '../constants.js';
import { frac, roundScaled, toNumber } from './decimal.js';
import { deliveryCost, type DeliveryAreaLike } from './delivery.js';
import { linePriceCents } from './line-price.js';
import { netScaled, taxRateFor } from './tax.js';

export interface TaxLine {
  rate: number;
  net: number;
  tax: number;
  gross: number;
}

export interface PricingResult {
  net: number;
  tax: number;
  gross: number;
  deliveryNet: number;
  deliveryTax: number;
  deliveryGross: number;
  totalNet: number;
  totalTax: number;
  totalGross: number;
  /** keyed by the rate as written, e.g. "10", "20", "5.5" */
  taxes: Record<string, TaxLine>;
}

/** amounts in ten-thousandths */
interface Bucket {
  rate: number;
  net: bigint;
  gross: bigint;
}

const SCALE_DIFF = 10n ** BigInt(NET_DECIMALS - GROSS_DECIMALS);
const money = (tenThousandths: bigint) => toNumber(frac(`${tenThousandths}e-${NET_DECIMALS}`), NET_DECIMALS);

function bucketOf(rate: number, grossCents: bigint): Bucket {
  const gross = grossCents * SCALE_DIFF;
  return { rate, gross, net: netScaled(`${grossCents}e-${GROSS_DECIMALS}`, rate) };
}

export interface PricingInput {
  items: ReadonlyArray<CartItem<PricedProduct>>;
  /** the order type; decides the product tax rate and whether delivery costs apply */
  deliveryMethod: DeliveryMethod;
  /** the chosen delivery area (delivery orders) */
  deliveryArea?: DeliveryAreaLike | null;
  /** the rate of the delivery cost when the area carries none (default 20, the schema default) */
  defaultDeliveryTax?: number;
}

/** The full §3 pricing result of a cart. */
export function calculatePricing(input: PricingInput): PricingResult {
  const { items, deliveryMethod, deliveryArea = null, defaultDeliveryTax = 20 } = input;
  const byRate = new Map<string, bigint>();
  const rates = new Map<string, number>();
  let grossCents = 0n;
  for (const item of items) {
    const rate = taxRateFor(item.product, deliveryMethod);
    const key = String(rate);
    const cents = linePriceCents(item);
    grossCents += cents;
    byRate.set(key, (byRate.get(key) ?? 0n) + cents);
    rates.set(key, rate);
  }
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- rates has every key of byRate (set together above)
  const itemBuckets = [...byRate].map(([key, cents]) => [key, bucketOf(rates.get(key)!, cents)] as const);

  const gross = grossCents * SCALE_DIFF;
  const net = itemBuckets.reduce((s, [, b]) => s + b.net, 0n);

  let delivery: Bucket = { rate: 0, gross: 0n, net: 0n };
  // no goods, no delivery: an empty delivery cart costs nothing (it showed the area's fee as its total)
  if (deliveryMethod === 'delivery' && deliveryArea && items.length > 0) {
    const cost = deliveryCost(deliveryArea, toNumber(frac(`${grossCents}e-${GROSS_DECIMALS}`), GROSS_DECIMALS));
    const costCents = roundScaled(cost, GROSS_DECIMALS);
    if (costCents > 0n) delivery = bucketOf(deliveryArea.tax ?? defaultDeliveryTax, costCents);
  }

  const buckets = new Map<string, Bucket>(itemBuckets.map(([key, b]) => [key, { ...b }]));
  if (delivery.gross > 0n) {
    const key = String(delivery.rate);
    const existing = buckets.get(key);
    buckets.set(
      key,
      existing
        ? { rate: delivery.rate, net: existing.net + delivery.net, gross: existing.gross + delivery.gross }
        : delivery,
    );
  }
  const taxes: Record<string, TaxLine> = {};
  for (const [key, b] of buckets)
    taxes[key] = { rate: b.rate, net: money(b.net), tax: money(b.gross - b.net), gross: money(b.gross) };

  return {
    net: money(net),
    tax: money(gross - net),
    gross: money(gross),
    deliveryNet: money(delivery.net),
    deliveryTax: money(delivery.gross - delivery.net),
    deliveryGross: money(delivery.gross),
    totalNet: money(net + delivery.net),
    totalTax: money(gross + delivery.gross - net - delivery.net),
    totalGross: money(gross + delivery.gross),
    taxes,
  };
}
