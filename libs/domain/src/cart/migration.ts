/**
 * §4 "After each catalogue reload the cart is migrated: items whose product no longer matches an active
 * product on id, name, description and price are removed." Kept items are left unchanged.
 */
import type { Product } from '@shop/contracts';

export type MigratableProduct = Pick<Product, 'id' | 'name' | 'description' | 'price'>;

export function productMatches(a: MigratableProduct, b: MigratableProduct): boolean {
  return (
    a.id === b.id && a.name === b.name && (a.description ?? null) === (b.description ?? null) && a.price === b.price
  );
}

export function migrateCart<I extends { product: MigratableProduct }>(
  items: readonly I[],
  activeProducts: readonly MigratableProduct[],
): { items: I[]; removed: I[] } {
  const byId = new Map(activeProducts.map((p) => [p.id, p]));
  const kept: I[] = [];
  const removed: I[] = [];
  for (const item of items) {
    const active = byId.get(item.product.id);
    (active && productMatches(item.product, active) ? kept : removed).push(item);
  }
  return { items: kept, removed };
}
