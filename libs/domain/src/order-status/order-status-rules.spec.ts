import {
  ORDER_STATUS_FLAGS,
  ORDER_STATUS_RULES,
  matchesOrderPredicate,
  orderStatusOf,
  type OrderStatusFlags,
} from './order-status-rules.js';
import { isOrderFinal } from './order-status.js';

const COMBINATIONS: OrderStatusFlags[] = Array.from({ length: 2 ** ORDER_STATUS_FLAGS.length }, (_, i) =>
  Object.fromEntries(ORDER_STATUS_FLAGS.map((flag, bit) => [flag, Boolean(i & (1 << bit))])),
);

/** The precedence the rules encode, written out as the order service had it before the table. */
function byPrecedence(o: OrderStatusFlags) {
  if (o.isRejected) return 'rejected';
  if (o.isCanceled || o.isFailed) return 'canceled';
  if (o.isCompleted) return 'completed';
  if (o.isInDelivery) return 'inDelivery';
  if (o.isReadyForPickup) return 'readyForPickup';
  if (o.isConfirmed) return 'confirmed';
  return 'open';
}

describe('order-status rules (one table for TypeScript and SQL)', () => {
  it('the statuses partition the orders: every flag combination matches exactly one status', () => {
    for (const c of COMBINATIONS) {
      expect(
        Object.keys(ORDER_STATUS_RULES).filter((s) => matchesOrderPredicate(s as keyof typeof ORDER_STATUS_RULES, c)),
      ).toEqual([orderStatusOf(c)]);
    }
  });
  it('rejected before canceled (or failed) before completed before in delivery before ready for pickup before confirmed before open', () => {
    for (const c of COMBINATIONS) expect(orderStatusOf(c)).toBe(byPrecedence(c));
  });
  it('final is completed, canceled, rejected or failed; current is the rest', () => {
    for (const c of COMBINATIONS) {
      const final = ['completed', 'canceled', 'rejected'].includes(orderStatusOf(c));
      expect(matchesOrderPredicate('final', c)).toBe(final);
      expect(isOrderFinal({ isCompleted: false, isRejected: false, isCanceled: false, ...c })).toBe(final);
      expect(matchesOrderPredicate('current', c)).toBe(!final);
    }
  });
  it('a missing isFailed counts as not failed', () => {
    expect(orderStatusOf({ isConfirmed: true })).toBe('confirmed');
    expect(isOrderFinal({ isCompleted: false, isRejected: false, isCanceled: false })).toBe(false);
  });
});
