/** Cart rules of §2.5, §4 "Cart" and §9 "Cart item count". */
import type { UnitName } from '@shop/contracts';
import { formatQuantityNumber } from '../format/number.js';
import { add, frac, toNumber } from '../pricing/decimal.js';
import { text } from '../texts.js';
import { unitType } from '../units/units.js';
import type { Cart, CartItem } from './types.js';

const COUNTED_BY_AMOUNT = new Set(['weight', 'volume', 'length']);

/** §9 "Cart item count: items with weight, volume or length-type units count by amount; otherwise 1 per line." */
export function cartItemCount(items: ReadonlyArray<{ amount: number; unit: UnitName }>): number {
  const total = items.reduce(
    (sum, item) => add(sum, COUNTED_BY_AMOUNT.has(unitType(item.unit)) ? item.amount : 1),
    frac(0),
  );
  return toNumber(total, 10);
}

/** §2.5 cart toggle: 'Keine Produkte im Warenkorb', '1 Produkt im Warenkorb', 'N Produkte im Warenkorb', or 'Warenkorb ausblenden' when open. */
export function cartToggleText(count: number, isOpen = false): string {
  if (isOpen) return text('cartToggleHide');
  if (count <= 0) return text('cartToggleEmpty');
  if (count === 1) return text('cartToggleOne');
  return text('cartToggleMany', { n: formatQuantityNumber(count) });
}

/** §4 "Saving a configured item appends it or replaces the item at the edited index." */
export function saveCartItem<I>(items: readonly I[], item: I, editedIndex?: number | null): I[] {
  if (editedIndex === undefined || editedIndex === null || editedIndex < 0 || editedIndex >= items.length)
    return [...items, item];
  return items.map((existing, i) => (i === editedIndex ? item : existing));
}

/** §2.5 'Entfernen' removes the item at the index. */
export function removeCartItem<I>(items: readonly I[], index: number): I[] {
  return items.filter((_, i) => i !== index);
}

/** §4 "Emptying the cart clears the items and resets appointment and comment." */
export function emptyCart<C extends Pick<Cart<unknown>, 'items' | 'order'>>(cart: C): C {
  return { ...cart, items: [], order: { ...cart.order, appointment: null, comment: null } };
}

/**
 * §2.5 "Order button 'Jetzt bestellen'; disabled when the cart is empty or the delivery minimum is not reached."
 * Also disabled when the checkout would have no submit ({@link submitLabel} null: closed without preorder, e.g.
 * delivery closed), so the button never leads to a form that cannot be sent.
 */
export function isOrderButtonDisabled(
  items: ReadonlyArray<CartItem<unknown>>,
  minimumReached: boolean,
  canSubmit = true,
): boolean {
  return items.length === 0 || !minimumReached || !canSubmit;
}
