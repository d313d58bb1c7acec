import { appointmentMessage, appointmentProductsMessage, branchTimeZone, phoneMessage } from '@shop/domain';
import type { BranchOrder } from '../store/use-branch-order';

/** The example number of the phone message ('… im Format {phone} an.'), as the order service words it. */
export const PHONE_EXAMPLE = '+43 664 1234567';

/**
 * The rules the browser knows before the server answers (§5), in the domain's German texts. The phone field and
 * the appointment show them at once; the checkout schema adds them to the contract's checks.
 */

/** A number that does not start with + (after 00 → +) gets the phone message. */
export function phoneRule(phone: string | null | undefined): string | null {
  return phoneMessage(phone ?? '', PHONE_EXAMPLE);
}

/**
 * A required appointment that is missing, one outside the hours of the order type, or one at which a product of
 * the cart is not sold (its schedule; the order service answers the same on `appointmentDate`).
 */
export function appointmentRule(
  order: Pick<BranchOrder, 'branch' | 'method' | 'lines'>,
  appointment: string | null | undefined,
): string | null {
  const at = appointment ? new Date(appointment) : null;
  return (
    appointmentMessage({ branch: order.branch, deliveryMethod: order.method, appointment: at }) ??
    (at ? appointmentProductsMessage(order.lines, at, branchTimeZone(order.branch)) : null)
  );
}
