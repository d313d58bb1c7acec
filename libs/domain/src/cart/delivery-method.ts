/**
 * §4 "Delivery type is takeaway, delivery or dine-in; the latter two set isDelivery or isDineIn. The
 * default delivery method from config is applied when none was persisted for the branch and the branch
 * enables it. The first delivery area is preselected when none is set."
 * §2.5 "Delivery-type select ('Art der Lieferung') offering only enabled types (takeaway, delivery, dine-in)."
 */
import type { Branch, Config, DeliveryArea, DeliveryMethod } from '@shop/contracts';

export type DeliveryFlags = Pick<Branch, 'isTakeawayEnabled' | 'isDeliveryEnabled' | 'isDineInEnabled'>;

/** The enabled types in the order takeaway, delivery, dine-in. */
export function enabledDeliveryMethods(branch: DeliveryFlags): DeliveryMethod[] {
  const methods: DeliveryMethod[] = [];
  if (branch.isTakeawayEnabled) methods.push('takeaway');
  if (branch.isDeliveryEnabled) methods.push('delivery');
  if (branch.isDineInEnabled) methods.push('dineIn');
  return methods;
}

export function isDeliveryMethodEnabled(branch: DeliveryFlags, method: DeliveryMethod): boolean {
  return enabledDeliveryMethods(branch).includes(method);
}

/** The cart flags of a method. */
export function deliveryMethodFlags(method: DeliveryMethod): { isDelivery: boolean; isDineIn: boolean } {
  return { isDelivery: method === 'delivery', isDineIn: method === 'dineIn' };
}

/** The method of the cart flags (neither flag: takeaway). */
export function deliveryMethodOf(flags: { isDelivery?: boolean; isDineIn?: boolean }): DeliveryMethod {
  if (flags.isDelivery) return 'delivery';
  if (flags.isDineIn) return 'dineIn';
  return 'takeaway';
}

/**
 * The method to start with: the persisted one when the branch enables it; else the config default when the
 * branch enables it; else the first enabled one; null when the branch enables none.
 */
export function initialDeliveryMethod(input: {
  branch: DeliveryFlags;
  config: Pick<Config, 'defaultDeliveryMethod'>;
  persisted?: DeliveryMethod | null;
}): DeliveryMethod | null {
  const enabled = enabledDeliveryMethods(input.branch);
  if (input.persisted && enabled.includes(input.persisted)) return input.persisted;
  if (enabled.includes(input.config.defaultDeliveryMethod)) return input.config.defaultDeliveryMethod;
  return enabled[0] ?? null;
}

/** §4 "The first delivery area is preselected when none is set." (a set area that the branch no longer has is replaced) */
export function initialDeliveryArea<A extends Pick<DeliveryArea, 'area'>>(
  areas: readonly A[],
  current?: Pick<DeliveryArea, 'area'> | null,
): A | null {
  if (current) {
    const same = areas.find((a) => a.area === current.area);
    if (same) return same;
  }
  return areas[0] ?? null;
}
