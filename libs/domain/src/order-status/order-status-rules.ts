/**
 * The order-status rules, once: which flags make an order open, confirmed, in delivery, ready for pickup,
 * completed, canceled or rejected, and which orders are final or still current. The order service's TypeScript (order-state.ts) and its
 * SQL filters (status filter, current orders, missed orders) are both derived from this one table, and so is
 * isOrderFinal here. Every combination of flags has exactly one status (the statuses partition the orders).
 */
import type { OrderStatus } from '@shop/contracts';

/** The flags that decide an order's status (isDelivered and isDelivery do not). */
export const ORDER_STATUS_FLAGS = [
  'isConfirmed',
  'isInDelivery',
  'isReadyForPickup',
  'isCompleted',
  'isCanceled',
  'isFailed',
  'isRejected',
] as const;
export type OrderStatusFlag = (typeof ORDER_STATUS_FLAGS)[number];
/** A missing flag counts as not set (older public views carry no isFailed). */
export type OrderStatusFlags = { readonly [F in OrderStatusFlag]?: boolean };

/** A condition on the flags: at least one of `anyOf` is set (when given) and none of `noneOf` is. */
export interface OrderFlagPredicate {
  readonly anyOf?: readonly OrderStatusFlag[];
  readonly noneOf: readonly OrderStatusFlag[];
}

/** Completed, canceled, rejected and failed orders never change state again. */
const FINAL_FLAGS = [
  'isCompleted',
  'isCanceled',
  'isRejected',
  'isFailed',
] as const satisfies readonly OrderStatusFlag[];

/**
 * Each status's predicate; rejected wins over canceled (and failed), which win over completed, then in delivery,
 * ready for pickup (takeaway and dine-in), confirmed and open.
 */
export const ORDER_STATUS_RULES: Readonly<Record<OrderStatus, OrderFlagPredicate>> = {
  rejected: { anyOf: ['isRejected'], noneOf: [] },
  canceled: { anyOf: ['isCanceled', 'isFailed'], noneOf: ['isRejected'] },
  completed: { anyOf: ['isCompleted'], noneOf: ['isRejected', 'isCanceled', 'isFailed'] },
  inDelivery: { anyOf: ['isInDelivery'], noneOf: FINAL_FLAGS },
  readyForPickup: { anyOf: ['isReadyForPickup'], noneOf: ['isInDelivery', ...FINAL_FLAGS] },
  confirmed: { anyOf: ['isConfirmed'], noneOf: ['isInDelivery', 'isReadyForPickup', ...FINAL_FLAGS] },
  open: { noneOf: ['isConfirmed', 'isInDelivery', 'isReadyForPickup', ...FINAL_FLAGS] },
};

/** The named predicates over orders: every status, plus final (never changes again) and current (not final yet). */
export const ORDER_PREDICATES = {
  ...ORDER_STATUS_RULES,
  final: { anyOf: FINAL_FLAGS, noneOf: [] },
  current: { noneOf: FINAL_FLAGS },
} as const satisfies Record<string, OrderFlagPredicate>;
export type OrderPredicateName = keyof typeof ORDER_PREDICATES;

export function matchesOrderPredicate(name: OrderPredicateName, order: OrderStatusFlags): boolean {
  const p: OrderFlagPredicate = ORDER_PREDICATES[name];
  return (!p.anyOf || p.anyOf.some((f) => order[f] === true)) && p.noneOf.every((f) => order[f] !== true);
}

const STATUSES = Object.keys(ORDER_STATUS_RULES) as OrderStatus[];

/** The one status whose rule the order matches. */
export function orderStatusOf(order: OrderStatusFlags): OrderStatus {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the rules are a partition: exactly one matches (order-status-rules.spec.ts)
  return STATUSES.find((s) => matchesOrderPredicate(s, order))!;
}
