import type { DeliveryArea, DeliveryMethod, Product, UnitName } from '@shop/contracts';
import {
  deliveryMethodFlags,
  deliveryMethodOf,
  emptyCart,
  migrateCart,
  removeCartItem,
  saveCartItem,
  type Cart,
  type CartParts,
  type RemovalReason,
} from '@shop/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { readSession, writeSession } from './storage';

/**
 * §4 "Cart: persists per branch, loaded and saved on changes" — one cart per branch identifier in
 * sessionStorage ('cart:{identifier}'); the delivery-method choice separately ('delivery-method:{identifier}')
 * so the config default applies only when the customer has not chosen yet. Every rule comes from @shop/domain.
 */
export interface StoredCartItem {
  /** the product as it was when added (the migration compares id, name, description, price) */
  product: Product;
  amount: number;
  unit: UnitName;
  parts: CartParts;
}

/** An item the catalogue reload took out, kept until the customer has read why (the cart shows it). */
export interface RemovedCartItem {
  name: string;
  reason: RemovalReason;
}

export type StoredCart = Omit<Cart<Product>, 'items'> & { items: StoredCartItem[]; removed?: RemovedCartItem[] };

const EMPTY: StoredCart = {
  items: [],
  isDelivery: false,
  isDineIn: false,
  deliveryArea: null,
  order: { appointment: null, comment: null },
};
const cartKey = (branch: string) => `cart:${branch}`;
const methodKey = (branch: string) => `delivery-method:${branch}`;

const carts = new Map<string, StoredCart>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function getCart(branch: string): StoredCart {
  let cart = carts.get(branch);
  if (!cart) {
    const stored = readSession<StoredCart>(cartKey(branch));
    cart =
      stored && Array.isArray(stored.items)
        ? { ...EMPTY, ...stored, order: { ...EMPTY.order, ...stored.order } }
        : EMPTY;
    carts.set(branch, cart);
  }
  return cart;
}

export function setCart(branch: string, next: StoredCart): void {
  carts.set(branch, next);
  writeSession(cartKey(branch), next);
  emit();
}

export function updateCart(branch: string, update: (cart: StoredCart) => StoredCart): void {
  setCart(branch, update(getCart(branch)));
}

export function persistedDeliveryMethod(branch: string): DeliveryMethod | null {
  return readSession<DeliveryMethod>(methodKey(branch));
}

export function chooseDeliveryMethod(branch: string, method: DeliveryMethod): void {
  writeSession(methodKey(branch), method);
  updateCart(branch, (cart) => ({ ...cart, ...deliveryMethodFlags(method) }));
}

export function setDeliveryArea(branch: string, area: DeliveryArea | null): void {
  updateCart(branch, (cart) => ({ ...cart, deliveryArea: area }));
}

export function saveItem(branch: string, item: StoredCartItem, editedIndex?: number | null): void {
  updateCart(branch, (cart) => ({ ...cart, items: saveCartItem(cart.items, item, editedIndex) }));
}

export function removeItem(branch: string, index: number): void {
  updateCart(branch, (cart) => ({ ...cart, items: removeCartItem(cart.items, index) }));
}

export function clearCart(branch: string): void {
  updateCart(branch, (cart) => emptyCart(cart));
}

export function setOrderData(branch: string, order: Partial<StoredCart['order']>): void {
  updateCart(branch, (cart) => ({ ...cart, order: { ...cart.order, ...order } }));
}

/** §4 "After each catalogue reload the cart is migrated" — every stored cart against the active products. */
export function migrateAllCarts(activeProducts: readonly Product[]): void {
  const branches = new Set<string>(carts.keys());
  try {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (key?.startsWith('cart:')) branches.add(key.slice(5));
    }
  } catch {
    /* no storage */
  }
  for (const branch of branches) {
    const cart = getCart(branch);
    const { items, removed } = migrateCart(cart.items, activeProducts);
    if (removed.length > 0)
      setCart(branch, {
        ...cart,
        items,
        removed: [...(cart.removed ?? []), ...removed.map((r) => ({ name: r.item.product.name, reason: r.reason }))],
      });
  }
}

/** The customer has read which items the catalogue reload removed. */
export function dismissRemoved(branch: string): void {
  updateCart(branch, (cart) => ({ ...cart, removed: [] }));
}

export function cartMethod(cart: Pick<StoredCart, 'isDelivery' | 'isDineIn'>): DeliveryMethod {
  return deliveryMethodOf(cart);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The cart of one branch, re-rendering on every change; empty on the server and while its markup is hydrated (the
 * server cannot read the visitor's storage), the stored cart right after.
 */
export function useCart(branch: string): StoredCart {
  const get = useCallback(() => getCart(branch), [branch]);
  return useSyncExternalStore(subscribe, get, () => EMPTY);
}

/** Forget the in-memory copies (tests). */
export function resetCartStore(): void {
  carts.clear();
}
