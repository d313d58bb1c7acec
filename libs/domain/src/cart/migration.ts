/**
 * §4 "After each catalogue reload the cart is migrated: items whose product no longer matches an active
 * product on id, name, description and price are removed." Kept items are left unchanged; each removed item
 * comes with the reason, so the customer is told what went and why (nothing disappears silently).
 */
import type { Product } from '@shop/contracts';

export type MigratableProduct = Pick<Product, 'id' | 'name' | 'description' | 'price'>;

export function productMatches(a: MigratableProduct, b: MigratableProduct): boolean {
  return (
    a.id === b.id && a.name === b.name && (a.description ?? null) === (b.description ?? null) && a.price === b.price
  );
}

/** Why a cart item was taken out: its price changed, its name or description changed, or it is no longer offered. */
export type RemovalReason = 'priceChanged' | 'changed' | 'unavailable';

export interface RemovedItem<I> {
  item: I;
  reason: RemovalReason;
}

export function migrateCart<I extends { product: MigratableProduct }>(
  items: readonly I[],
  activeProducts: readonly MigratableProduct[],
): { items: I[]; removed: RemovedItem<I>[] } {
  const byId = new Map(activeProducts.map((p) => [p.id, p]));
  const kept: I[] = [];
  const removed: RemovedItem<I>[] = [];
  for (const item of items) {
    const active = byId.get(item.product.id);
    if (active && productMatches(item.product, active)) kept.push(item);
    else
      removed.push({
        item,
        reason: !active ? 'unavailable' : active.price !== item.product.price ? 'priceChanged' : 'changed',
      });
  }
  return { items: kept, removed };
}
