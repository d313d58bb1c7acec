/**
 * §5 "Delivery. Order gross must be at least the delivery area's minimumOrderValue, else the message 'Sie
 * haben den Mindestbestellwert in Höhe von {amount} leider noch nicht erreicht.' appears … Delivery is
 * free if the area is marked free or if gross exceeds freeFromOrderValue."
 */
import type { DeliveryArea } from '@shop/contracts';
import { formatPrice } from '../format/number.js';
import { text } from '../texts.js';
import { cmp, toNumber } from './decimal.js';

export type DeliveryAreaLike = Pick<DeliveryArea, 'price' | 'free' | 'freeFromOrderValue'> &
  Partial<Pick<DeliveryArea, 'area' | 'tax' | 'minimumOrderValue'>>;

/** Free when the area is marked free or the order gross exceeds (strictly) freeFromOrderValue. */
export function isDeliveryFree(area: DeliveryAreaLike, orderGross: number): boolean {
  if (area.free) return true;
  return (
    area.freeFromOrderValue !== null &&
    area.freeFromOrderValue !== undefined &&
    cmp(orderGross, area.freeFromOrderValue) > 0
  );
}

/**
 * §2.5 "Hints show … the free-delivery threshold": the threshold (freeFromOrderValue) while it still matters
 * (an area not marked free whose threshold the order has not yet passed), else null.
 */
export function freeDeliveryThreshold(area: DeliveryAreaLike | null | undefined, orderGross: number): number | null {
  if (!area || area.free || area.freeFromOrderValue === null || area.freeFromOrderValue === undefined) return null;
  return isDeliveryFree(area, orderGross) ? null : toNumber(area.freeFromOrderValue, 2);
}

/** The delivery cost (gross, whole cents) for an order of `orderGross`. */
export function deliveryCost(area: DeliveryAreaLike, orderGross: number): number {
  return isDeliveryFree(area, orderGross) ? 0 : toNumber(area.price, 2);
}

export interface MinimumOrderCheck {
  reached: boolean;
  /** 'Sie haben den Mindestbestellwert in Höhe von EUR 15,00 leider noch nicht erreicht.' or null */
  message: string | null;
}

/** The order gross must be at least minimumOrderValue. */
export function checkMinimumOrder(
  area: Pick<DeliveryArea, 'minimumOrderValue'> | null | undefined,
  orderGross: number,
  currency = 'EUR',
): MinimumOrderCheck {
  const minimum = area?.minimumOrderValue ?? 0;
  if (cmp(orderGross, minimum) >= 0) return { reached: true, message: null };
  return { reached: false, message: text('minimumOrderNotReached', { amount: formatPrice(minimum, currency) }) };
}
