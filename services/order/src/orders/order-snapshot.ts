import {
  JOB_QUEUES,
  type JobItem,
  type JobName,
  type OrderContext,
  type OrderSnapshot,
  type PaymentProvider,
  type StaffOrder,
} from '@shop/contracts';
import { ONLINE_PAYMENT_METHODS } from '@shop/domain';
import type { EntityManager } from 'typeorm';
import { OrderItemEntity } from './order-item.entity.js';
import { toStaffOrder } from './order-view.js';
import type { OrderEntity } from './order.entity.js';

type OrderJobName = Exclude<JobName, 'print-test-page' | 'email-order-status'>;

export const isOnlinePayment = (method: string): method is PaymentProvider =>
  (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

/** What a message shows of the branch and the shop. */
export function messageSender(ctx: Pick<OrderContext, 'branch' | 'config'>): Pick<OrderSnapshot, 'branch' | 'shop'> {
  const { id, name, street, zipCode, city, phone, email, timezone } = ctx.branch;
  const { shopName, currency, disableTickets } = ctx.config;
  return {
    branch: { id, name, street, zipCode, city, phone, email, timezone },
    shop: { shopName, currency, disableTickets },
  };
}

/** The step names of the ordered products that have chosen parts (the branch's e-mail labels them, as the board). */
function stepNamesOf(items: OrderItemEntity[], products: OrderContext['products'] | undefined) {
  const names: Record<number, Record<string, string>> = {};
  for (const item of items) {
    const steps = products?.find((p) => p.id === item.productId)?.config.parts;
    if (!steps || !Object.keys(item.parts ?? {}).length) continue;
    names[item.productId] = Object.fromEntries(Object.entries(steps).map(([key, step]) => [key, step.name]));
  }
  return names;
}

/** What the message shows, as the order service holds it now: the worker renders from this and asks nobody. */
export function orderSnapshot(
  order: OrderEntity,
  items: OrderItemEntity[],
  ctx: Pick<OrderContext, 'branch' | 'config'> & Partial<Pick<OrderContext, 'products'>>,
): OrderSnapshot {
  return {
    order: toStaffOrder(order, items),
    ...messageSender(ctx),
    stepNames: stepNamesOf(items, ctx.products),
  };
}

/** The snapshot of a stored order (its lines read in the caller's transaction). */
export async function storedOrderSnapshot(
  m: EntityManager,
  order: OrderEntity,
  ctx: Pick<OrderContext, 'branch' | 'config'> & Partial<Pick<OrderContext, 'products'>>,
): Promise<OrderSnapshot> {
  return orderSnapshot(order, await m.getRepository(OrderItemEntity).findBy({ orderId: order.id }), ctx);
}

/**
 * A print, e-mail or SMS job of an order. The id names the queue, the order and the reason (`email-17-created`,
 * `print-17-confirmed`, `email-17-resend-2`; BullMQ forbids ":"), so the relay may deliver the row again after a
 * crash and BullMQ still keeps one job.
 */
export function orderJob(name: OrderJobName, snapshot: OrderSnapshot, reason: string): JobItem {
  const queue = JOB_QUEUES[name];
  const orderId = snapshot.order.id;
  const carried = name === 'sms-new-order' ? smsSnapshot(snapshot) : snapshot;
  return {
    name,
    queue,
    jobId: `${queue}-${orderId}-${reason}`,
    data: { orderId, branch: snapshot.branch.id, reason, snapshot: carried },
  } as JobItem;
}

/** the customer fields the new-order SMS reads: the number it goes to (with its country) */
const SMS_CUSTOMER_FIELDS: ReadonlySet<string> = new Set(['phone', 'country']);

/**
 * What the new-order SMS carries of the order (issue 44: a job carries no more of the customer than it needs): the
 * number, the ticket and the status link; the worker writes the branch's name and the number (workers'
 * new-order-sms.ts). The customer's other texts (name, address, e-mail, comment), the lines, the prices and the
 * questionnaire stay out of the SMS queue; the snapshot keeps its shape, so the worker reads it as before.
 */
function smsSnapshot({ order, branch, shop }: OrderSnapshot): OrderSnapshot {
  const customer = Object.fromEntries(
    Object.entries(order.customer).map(([k, v]) => [
      k,
      typeof v === 'string' && !SMS_CUSTOMER_FIELDS.has(k) ? null : v,
    ]),
  ) as StaffOrder['customer'];
  return {
    order: { ...order, customer, items: [], pricing: {}, questionnaire: null, rejectionMessage: null },
    branch,
    shop,
  };
}

/**
 * The jobs of a new order: the e-mails, the SMS (plugin on and a phone given) and the print if the branch
 * prints on creation. Written with the order for counter payments, and when the payment settles for online ones,
 * so the kitchen and the customer hear of an online order only once it is paid.
 */
export function createdJobs(snapshot: OrderSnapshot, ctx: Pick<OrderContext, 'config' | 'branch'>): JobItem[] {
  return [
    orderJob('email-new-order', snapshot, 'created'),
    ...(ctx.config.enablePluginSMS && snapshot.order.customer.phone
      ? [orderJob('sms-new-order', snapshot, 'created')]
      : []),
    ...(ctx.branch.printOn === 'created' ? [orderJob('print-receipt', snapshot, 'created')] : []),
  ];
}
