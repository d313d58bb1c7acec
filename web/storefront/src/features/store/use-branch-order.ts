import {
  activeMenu,
  branchStatus,
  calculatePricing,
  checkMinimumOrder,
  deliveryMethodFlags,
  enabledDeliveryMethods,
  formatPrice,
  initialDeliveryArea,
  initialDeliveryMethod,
  freeDeliveryThreshold,
  isOrderButtonDisabled,
  menuEntryOf,
  openAlternativeMethods,
  submitLabel,
  type BranchStatus,
  type MenuLine,
  type MinimumOrderCheck,
  type PricingResult,
} from '@shop/domain';
import { useHydrated } from '@shop/web-shared';
import { useEffect, useMemo } from 'react';
import type { Branch, DeliveryArea, DeliveryMethod, Menu, Product } from '@shop/contracts';
import { useData } from '../../api/init';
import { persistedDeliveryMethod, updateCart, useCart, type StoredCart } from '../../state/cart-store';
import { useNow } from '../../state/clock';
import { s } from './texts';

export interface BranchOrder {
  branch: Branch;
  cart: StoredCart;
  now: Date;
  status: BranchStatus;
  methods: DeliveryMethod[];
  method: DeliveryMethod;
  area: DeliveryArea | null;
  pricing: PricingResult;
  minimum: MinimumOrderCheck;
  /** §2.5 "Hints show the minimum order value or the free-delivery threshold." */
  freeDeliveryHint: string | null;
  orderDisabled: boolean;
  /** the checkout's submit label (null: nothing to submit, e.g. delivery closed without preorder) */
  label: string | null;
  /** the chosen method cannot be ordered now (closed, no preorder): the checkout would have no submit */
  closedMethod: boolean;
  /** the other enabled methods that could be ordered now (offered when the chosen one is closed) */
  alternatives: DeliveryMethod[];
  currency: string;
  /** the cart's products with their entries and categories in the active menu: their schedules limit the appointment */
  lines: Array<MenuLine<Product>>;
}

/** Visible branch of a store route (enabled; public, or a draft that a logged-in staff member previews), or null. */
export function useBranch(identifier: string | undefined): Branch | null {
  const { branches, user } = useData();
  return branches.find((b) => b.identifier === identifier && b.isEnabled && (b.isPublic || user !== null)) ?? null;
}

/**
 * Everything the branch page and the checkout derive from the cart: delivery method (persisted, else the
 * config default, else the first enabled), delivery area (first one preselected), pricing, minimum order
 * check and hints — all from @shop/domain.
 */
export function useBranchOrder(branch: Branch): BranchOrder {
  const { config, menus, categories, products } = useData();
  const cart = useCart(branch.identifier);
  const now = useNow();
  // the visitor's stored choice is not known to the server's markup: read once it is hydrated
  const hydrated = useHydrated();
  const status = branchStatus(branch, now);
  const methods = enabledDeliveryMethods(branch);
  const persisted = hydrated ? persistedDeliveryMethod(branch.identifier) : null;
  const method = initialDeliveryMethod({ branch, config, persisted }) ?? 'takeaway';
  const area = method === 'delivery' ? initialDeliveryArea(branch.deliveryAreas, cart.deliveryArea) : cart.deliveryArea;
  const flags = deliveryMethodFlags(method);

  // keep the stored cart in line with the derived choices (default method, first area)
  useEffect(() => {
    // the hydrating render's empty cart and default method are not the visitor's: nothing is written from them
    if (!hydrated) return;
    if (
      cart.isDelivery !== flags.isDelivery ||
      cart.isDineIn !== flags.isDineIn ||
      (method === 'delivery' && cart.deliveryArea?.area !== area?.area)
    ) {
      updateCart(branch.identifier, (c) => ({
        ...c,
        ...flags,
        deliveryArea: method === 'delivery' ? area : c.deliveryArea,
      }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by value: new area and flags objects each render must not re-run it
  }, [hydrated, branch.identifier, method, area?.area, cart.isDelivery, cart.isDineIn, cart.deliveryArea?.area]);

  const menu = activeMenu(menus, branch.id, now);
  // the same array while cart and catalogue stay (the checkout's slots are computed from it)
  const lines = useMemo(() => menuLines(cart, menu, categories, products), [cart, menu, categories, products]);
  const pricing = calculatePricing({
    items: cart.items,
    deliveryMethod: method,
    deliveryArea: method === 'delivery' ? area : null,
  });
  const minimum =
    method === 'delivery' ? checkMinimumOrder(area, pricing.gross, config.currency) : { reached: true, message: null };
  const threshold = method === 'delivery' ? freeDeliveryThreshold(area, pricing.gross) : null;
  const freeDeliveryHint =
    threshold === null ? null : s('freeDeliveryFrom', { amount: formatPrice(threshold, config.currency) });
  const open = { branch, isOpen: status.isOpen, isDeliveryOpen: status.isDeliveryOpen };
  const label = submitLabel({ ...open, deliveryMethod: method, minimumReached: minimum.reached });
  // the minimum has its own hint; only a closed method makes a dead end that needs an explanation and a way out
  const closedMethod = submitLabel({ ...open, deliveryMethod: method, minimumReached: true }) === null;
  return {
    branch,
    cart,
    now,
    status,
    methods,
    method,
    area,
    pricing,
    minimum,
    freeDeliveryHint,
    orderDisabled: isOrderButtonDisabled(cart.items, minimum.reached, !closedMethod),
    label,
    closedMethod,
    alternatives: closedMethod ? openAlternativeMethods({ ...open, deliveryMethod: method, methods }) : [],
    currency: config.currency,
    lines,
  };
}

/** Each cart item's product (as the catalogue has it now) with its menu entry and category; items the menu lacks are left out. */
function menuLines(
  cart: StoredCart,
  menu: Menu | null,
  categories: ReturnType<typeof useData>['categories'],
  products: readonly Product[],
): Array<MenuLine<Product>> {
  return cart.items.flatMap((item) => {
    const found = menuEntryOf(menu, item.product.id);
    if (!found) return [];
    const product = products.find((p) => p.id === item.product.id) ?? item.product;
    return [{ product, entry: found.entry, category: categories.find((c) => c.id === found.categoryId) ?? null }];
  });
}

export function methodLabel(method: DeliveryMethod): string {
  return method === 'delivery'
    ? s('deliveryMethodDelivery')
    : method === 'dineIn'
      ? s('deliveryMethodDineIn')
      : s('deliveryMethodTakeaway');
}
