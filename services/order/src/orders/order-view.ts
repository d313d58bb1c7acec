import type { FrontdeskOrder, OrderLine, PublicOrder, ReceiptStatus, StaffOrder } from '@shop/contracts';
import { orderStatus } from './order-state.js';
import type { OrderItemEntity } from './order-item.entity.js';
import type { OrderEntity } from './order.entity.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The order's stage as its flags say it, and where it is eaten: shown to customers and on the counter screen. */
const stageOf = (o: OrderEntity) => ({
  isConfirmed: o.isConfirmed,
  isRejected: o.isRejected,
  isInDelivery: o.isInDelivery,
  isDelivered: o.isDelivered,
  isCompleted: o.isCompleted,
  isCanceled: o.isCanceled,
  isFailed: o.isFailed,
  isReadyForPickup: o.isReadyForPickup,
  isDelivery: o.isDelivery,
  isDineIn: o.isDineIn,
  tableIdentifier: o.tableIdentifier,
});

/** Exactly the public fields of storefront-presenter.md §3 "Order (public view)". */
export function toPublicOrder(o: OrderEntity): PublicOrder {
  const { isRejected, ...stage } = stageOf(o);
  return {
    id: o.id,
    uid: o.uid,
    hash: o.hash,
    ticketNumber: o.ticketNumber,
    // the rejection first: the fields keep the order of the public view's JSON
    isRejected,
    rejectionMessage: o.rejectionMessage,
    ...stage,
    paymentMethod: o.paymentMethod,
    isPaid: o.isPaid,
    isRefunded: o.isRefunded,
    appointment: iso(o.appointment),
    appointmentDate: iso(o.appointmentDate),
    counterAppointment: iso(o.counterAppointment),
    questionnaireRating: o.questionnaire?.rating ?? null,
    branch: { id: o.branchId },
    paymentRedirectUrl: o.paymentRedirectUrl,
  };
}

export function toOrderLine(i: OrderItemEntity): OrderLine {
  return {
    position: i.position,
    product: i.productId,
    name: i.name,
    amount: i.amount,
    unit: i.unit,
    parts: i.parts,
    gross: i.gross,
    taxRate: i.taxRate,
  };
}

/** The staff view: the public fields (staff may hand the status link on), customer data, lines, pricing, status. */
export function toStaffOrder(
  o: OrderEntity,
  items: OrderItemEntity[],
  receipt: ReceiptStatus | null = null,
): StaffOrder {
  return {
    ...toPublicOrder(o),
    receipt,
    counterAnswer: o.counterAnswer,
    answeredCounterAppointment: iso(o.answeredCounterAppointment),
    customer: o.customer,
    items: items.sort((a, b) => a.position - b.position).map(toOrderLine),
    pricing: o.pricing,
    questionnaire: o.questionnaire,
    status: orderStatus(o),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** The customer-facing counter screen: ticket, stage and time only (see FrontdeskOrder). */
export function toFrontdeskOrder(o: OrderEntity): FrontdeskOrder {
  return {
    id: o.id,
    ticketNumber: o.ticketNumber,
    status: orderStatus(o),
    ...stageOf(o),
    appointment: iso(o.appointment),
  };
}
