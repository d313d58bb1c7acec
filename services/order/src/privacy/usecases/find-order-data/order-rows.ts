import type { PrivacyValue } from '@shop/contracts';
import { orderLineParts } from '@shop/domain';
import { backofficeTexts, ORDER_PRIVACY_TEXTS, t } from '@shop/i18n-de';
import type { OrderItemEntity } from '../../../orders/order-item.entity.js';
import { orderStatus } from '../../../orders/order-state.js';
import type { OrderEntity } from '../../../orders/order.entity.js';
import type { JobRow } from '../../order-privacy.repository.js';

/**
 * Issue 44: an order's data as the export shows it, one row per order, line, questionnaire and message, with the
 * German field names of ORDER_PRIVACY_TEXTS. Every row names its order by the order number (the uid) it was given.
 */

type Row = Record<string, PrivacyValue>;
const T = ORDER_PRIVACY_TEXTS;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const value = (v: unknown): PrivacyValue =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : (v as PrivacyValue);
const labels: Readonly<Record<string, string>> = T.customer;

/** The customer's fields in the order of the labels (a field without one after them, under its own key). */
function customerFields(customer: Record<string, unknown>): Row {
  const known = Object.keys(labels).filter((key) => key in customer);
  const unknown = Object.keys(customer).filter((key) => !(key in labels));
  return Object.fromEntries([...known, ...unknown].map((key) => [labels[key] ?? key, value(customer[key])]));
}

const orderType = (o: OrderEntity) =>
  t(o.isDelivery ? 'orderMessages.delivery' : o.isDineIn ? 'orderMessages.dineIn' : 'orderMessages.takeaway');
const paymentMethods: Readonly<Record<string, string>> = backofficeTexts.orders.paymentMethods;

export function orderRow(o: OrderEntity): Row {
  return {
    [T.orders.id]: o.id,
    [T.orders.uid]: o.uid,
    [T.orders.ticket]: o.ticketNumber,
    [T.orders.branch]: o.branchId,
    [T.orders.createdAt]: iso(o.createdAt),
    [T.orders.type]: orderType(o),
    [T.orders.table]: o.tableIdentifier,
    [T.orders.appointment]: iso(o.appointment),
    ...customerFields(o.customer as unknown as Record<string, unknown>),
    [T.orders.paymentMethod]: paymentMethods[o.paymentMethod] ?? o.paymentMethod,
    [T.orders.isPaid]: o.isPaid,
    [T.orders.totalGross]: o.totalGross,
    [T.orders.status]: backofficeTexts.orders.status[orderStatus(o)],
    [T.orders.rejectionMessage]: o.rejectionMessage,
  };
}

/** A line: product, quantity, price and tax, the options chosen and texts typed, the files uploaded. */
export function itemRow(uid: string, i: OrderItemEntity): Row {
  const parts = orderLineParts(i.parts ?? {});
  const texts = parts.map((p) => p.values.flatMap((v) => (v.kind === 'text' ? [v.text] : [])).join(', '));
  const files = parts.flatMap((p) => p.values.flatMap((v) => (v.kind === 'upload' ? [v.name] : [])));
  return {
    [T.orders.uid]: uid,
    [T.items.position]: i.position + 1,
    [T.items.product]: i.name,
    [T.items.amount]: i.amount,
    [T.items.unit]: i.unit,
    [T.items.gross]: i.gross,
    [T.items.taxRate]: i.taxRate,
    [T.items.choices]: texts.filter(Boolean).join('; ') || null,
    [T.items.files]: files.join(', ') || null,
  };
}

/**
 * The uploads a line refers to: a file or image step's value is a list of `{ id, publicHash, … }` (the same rule as
 * `order.upload.referenced`, uploads/upload-references.ts).
 */
export function uploadIdsOf(i: OrderItemEntity): number[] {
  return Object.values(i.parts ?? {}).flatMap((v) =>
    Array.isArray(v)
      ? v.flatMap((ref: unknown) => {
          const id = ref && typeof ref === 'object' ? Number((ref as { id?: unknown }).id) : NaN;
          return Number.isInteger(id) && id > 0 ? [id] : [];
        })
      : [],
  );
}

export function questionnaireRow(o: OrderEntity): Row | null {
  const q = o.questionnaire;
  if (!q) return null;
  return {
    [T.orders.uid]: o.uid,
    [T.questionnaire.rating]: q.rating,
    [T.questionnaire.foodRating]: q.foodRating,
    [T.questionnaire.serviceRating]: q.serviceRating,
    [T.questionnaire.processRating]: q.processRating,
    [T.questionnaire.comment]: q.comment,
  };
}

/** Whom a job was sent to: the customer's address or number (a receipt goes to the branch's printers: none). */
function recipientOf(job: JobRow['payload']): string | null {
  switch (job.name) {
    case 'email-new-order':
      return job.data.snapshot.order.customer.email ?? null;
    case 'sms-new-order':
      return job.data.snapshot.order.customer.phone ?? null;
    case 'email-order-status':
      return job.data.customer.email || null;
    default:
      return null;
  }
}

/** An e-mail, SMS or receipt of the order, from its job row: when it was written and when a worker finished it. */
export function messageRow(uid: string, row: JobRow): Row {
  const job = row.payload;
  return {
    [T.orders.uid]: uid,
    [T.messages.job]: job.jobId,
    [T.messages.kind]: T.messageKinds[job.queue],
    [T.messages.reason]: 'reason' in job.data ? job.data.reason : null,
    [T.messages.recipient]: recipientOf(job),
    [T.messages.createdAt]: iso(row.createdAt),
    [T.messages.sentAt]: iso(row.completedAt),
  };
}

/** The names the orders carry (the customer's and the delivery address's), as written, for the statistics' search. */
export function namesOf(o: OrderEntity): string[] {
  const c = o.customer;
  return [
    [c.firstName, c.lastName],
    [c.deliveryFirstName, c.deliveryLastName],
  ]
    .map((parts) =>
      parts
        .map((p) => p?.trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean);
}
