import {
  JOB_QUEUES,
  ORDER_STATUS_MAIL_FLAGS,
  type JobItem,
  type OrderAction,
  type OrderContext,
  type OrderStatusMailKind,
} from '@shop/contracts';
import { messageSender } from './order-snapshot.js';
import type { OrderEntity } from './order.entity.js';

/** The staff actions that tell the customer (completing an order sends nothing: they have it). */
export const ACTION_MAILS: Partial<Record<OrderAction, OrderStatusMailKind>> = {
  confirm: 'confirmed',
  'ready-for-pickup': 'ready-for-pickup',
  'in-delivery': 'in-delivery',
  reject: 'rejected',
  cancel: 'canceled',
};

/** Whether the branch sends this kind (a branch read before the setting existed sends it: the default is on). */
export const sendsStatusMail = (branch: OrderContext['branch'], kind: OrderStatusMailKind): boolean =>
  branch[ORDER_STATUS_MAIL_FLAGS[kind]] !== false;

/**
 * The state change a mail belongs to, which names its job (`email-17-status-confirmed`): confirming, readying,
 * rejecting and canceling happen once per order; a counter-proposal may come again, so each is named by the time of
 * the order's change before it (`email-17-counter-1796569056157`), which every later change moves on. Call it before
 * the change is saved.
 */
export function statusMailReason(o: OrderEntity, kind: OrderStatusMailKind): string {
  return kind === 'counter-proposal' ? `counter-${o.updatedAt.getTime()}` : `status-${kind}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The customer's status e-mail of a change (issue 42), written to the outbox in the change's transaction, or null
 * when the customer gave no address or the branch turned this kind off. It carries the order's id and what the mail
 * shows: the address and name it greets, the status link, the times and the rejection's message; nothing else of
 * the customer.
 */
export function statusMailJob(
  o: OrderEntity,
  ctx: Pick<OrderContext, 'branch' | 'config'>,
  kind: OrderStatusMailKind,
  reason: string,
): JobItem | null {
  const email = o.customer.email?.trim();
  if (!email || !sendsStatusMail(ctx.branch, kind)) return null;
  const queue = JOB_QUEUES['email-order-status'];
  return {
    name: 'email-order-status',
    queue,
    jobId: `${queue}-${o.id}-${reason}`,
    data: {
      orderId: o.id,
      branch: o.branchId,
      reason,
      kind,
      customer: { email, firstName: o.customer.firstName ?? null, lastName: o.customer.lastName ?? null },
      order: {
        uid: o.uid,
        hash: o.hash,
        ticketNumber: o.ticketNumber,
        isDelivery: o.isDelivery,
        isDineIn: o.isDineIn,
        appointment: iso(o.appointment),
        counterAppointment: iso(o.counterAppointment),
        rejectionMessage: o.rejectionMessage,
      },
      sender: messageSender(ctx),
    },
  };
}
