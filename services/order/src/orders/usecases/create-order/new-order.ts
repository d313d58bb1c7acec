import type { EventName, OrderOrigin } from '@shop/contracts';
import { linePrice, taxRateFor } from '@shop/domain';
import { jobOutboxRow, traceHeaders } from '@shop/server';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { orderEvent } from '../../order-events.js';
import type { OrderItemEntity } from '../../order-item.entity.js';
import { createdJobs, isOnlinePayment, orderSnapshot } from '../../order-snapshot.js';
import { toPublicOrder } from '../../order-view.js';
import { OrderEntity } from '../../order.entity.js';
import type { OrderInsert, OrderLineRow, OrderOutboxRow } from '../../order-write.repository.js';
import type { CheckedOrder } from './order-form.js';

/** 128 random bits, URL-safe. */
const secret = () => randomBytes(16).toString('base64url');

/** What the new order's statement needs besides the checked form. */
export interface NewOrderOptions {
  id: number;
  idempotencyKey: string | null;
  requestHash: string;
  origin: OrderOrigin;
}

/**
 * The rows of a new order, as OrderWriteRepository.insertMany writes them: the order with its public link's secrets, its
 * lines priced as checked, its `order.order.created` event and, for a counter payment, its jobs (an online order's
 * wait for its payment: OrderPayments.apply), and the answer its Idempotency-Key replays. The ticket number is drawn
 * by the statement (0 here; the statement sets it in the job snapshots).
 */
export function newOrder(ds: DataSource, checked: CheckedOrder, o: NewOrderOptions): OrderInsert {
  const { form, ctx, method } = checked;
  const { items: _i, branch: _b, isDelivery: _d, isDineIn: _n, paymentMethod, table, ...customer } = form;
  const order = ds.manager.create(OrderEntity, {
    id: o.id,
    uid: secret(),
    hash: secret(),
    branchId: ctx.branch.id,
    ticketNumber: 0,
    isDelivery: method === 'delivery',
    isDineIn: method === 'dineIn',
    tableIdentifier: method === 'dineIn' ? table : null,
    paymentMethod,
    appointmentDate: checked.appointment,
    appointment: checked.appointment,
    counterAppointment: null,
    counterAnswer: null,
    answeredCounterAppointment: null,
    customer,
    donateeId: form.donatee,
    deliveryArea: method === 'delivery' ? form.deliveryArea : null,
    pricing: checked.pricing as unknown as Record<string, unknown>,
    totalGross: checked.pricing.totalGross,
    questionnaire: null,
    paymentRedirectUrl: null,
    isPaid: false,
    isRefunded: false,
    isConfirmed: false,
    isRejected: false,
    rejectionMessage: null,
    isCanceled: false,
    isInDelivery: false,
    isDelivered: false,
    isCompleted: false,
    isFailed: false,
    isReadyForPickup: false,
    printCount: 0,
    emailCount: 0,
    smsCount: 0,
  });
  order.createdAt = order.updatedAt = new Date();
  const lines: OrderLineRow[] = checked.lines.map((line, position) => ({
    position,
    productId: line.product.id,
    name: line.product.name,
    amount: line.amount,
    unit: line.unit,
    parts: line.parts,
    gross: linePrice(line),
    taxRate: taxRateFor(line.product, method),
  }));
  return {
    id: o.id,
    branchId: order.branchId,
    uid: order.uid,
    hash: order.hash,
    isDelivery: order.isDelivery,
    isDineIn: order.isDineIn,
    tableIdentifier: order.tableIdentifier,
    paymentMethod: order.paymentMethod,
    appointment: order.appointmentDate,
    customer,
    donateeId: order.donateeId,
    deliveryArea: order.deliveryArea,
    pricing: checked.pricing,
    totalGross: order.totalGross,
    lines,
    outbox: outboxRows(order, lines, checked, o.origin),
    idempotencyKey: o.idempotencyKey,
    requestHash: o.requestHash,
    answer: toPublicOrder(order),
  };
}

function outboxRows(
  order: OrderEntity,
  lines: OrderLineRow[],
  { ctx }: CheckedOrder,
  origin: OrderOrigin,
): OrderOutboxRow[] {
  return [
    {
      subject: 'order.order.created' satisfies EventName,
      // the trace context and request id of this request (addToOutbox writes them the same way)
      headers: traceHeaders(),
      payload: {
        ...orderEvent(order, 'created', 'created'),
        // the statistics read model counts origins, revenue and items from this event (issue 21)
        origin,
        items: lines.map((l) => ({
          productId: l.productId,
          name: l.name,
          quantity: l.amount,
          unit: l.unit,
          grossCents: Math.round(l.gross * 100),
        })),
      },
    },
    // an online order's jobs wait for its payment (OrderPayments.apply); the statement sets the ticket number in their snapshot
    ...(isOnlinePayment(order.paymentMethod)
      ? []
      : createdJobs(
          orderSnapshot(
            order,
            lines.map((l) => ({ ...l, orderId: order.id }) as unknown as OrderItemEntity),
            ctx,
          ),
          ctx,
        ).map(jobOutboxRow)),
  ];
}
