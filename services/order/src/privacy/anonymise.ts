import type { JobItem, OrderSnapshot, OrderStatusMailJob, StaffOrder } from '@shop/contracts';
import { ORDER_PRIVACY_TEXTS } from '@shop/i18n-de';
import type { Customer } from '../orders/order.entity.js';

/**
 * Issue 44: how an erased customer's order is kept for the tax period. What names or reaches the customer goes;
 * what the books need stays (products, quantities, prices, taxes, dates, ticket numbers, the payment method).
 * Pure functions: the erasure applies them to the stored order, the job rows of the outbox and BullMQ's jobs alike.
 */

/** what replaces the last name and a line's typed text (the back office and a receipt show the order was erased) */
export const ERASED = ORDER_PRIVACY_TEXTS.erased;

/**
 * The customer fields an anonymised order keeps: flags and choices that name nobody. The country stays because the
 * retention reads it where the branch's country is unknown, and with the delivery country it is the place of supply
 * of the VAT the order was taxed with; the delivery area names a catalogue area (it priced the delivery), the
 * requested time is a business date. Every other text field of the customer is erased, also one added later.
 */
const KEPT_CUSTOMER_FIELDS: ReadonlySet<string> = new Set([
  'isCompany',
  'isDeliveryAddressDifferent',
  'isDeliveryCompany',
  'country',
  'deliveryCountry',
  'deliveryArea',
  'appointmentDate',
  'legalInstructions',
  'privacyPolicy',
  'donatee',
]);

/** The customer with every text that names or reaches them erased (null; the last name reads 'Gelöscht'). */
export function anonymisedCustomer(customer: Customer): Customer {
  const kept = Object.entries(customer).map(([key, value]) =>
    KEPT_CUSTOMER_FIELDS.has(key) || typeof value !== 'string' ? [key, value] : [key, null],
  );
  return { ...Object.fromEntries(kept), lastName: ERASED } as Customer;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isUploadRef = (v: unknown): v is Record<string, unknown> => isRecord(v) && 'id' in v && 'publicHash' in v;

/** one value of a line's part: a typed text is erased, an upload loses the customer's file name, an option stays */
function anonymisedValue(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() ? ERASED : value;
  if (Array.isArray(value)) return value.map(anonymisedValue);
  if (isUploadRef(value) && 'filename' in value) {
    const { filename: _filename, ...ref } = value;
    return ref;
  }
  return value;
}

/**
 * A line's parts without what the customer typed: texts replaced, the file names of uploads dropped (the upload
 * itself is the content service's to erase; its id stays, so the line still says a file was part of it). Chosen
 * catalogue options stay: they priced the line.
 */
export function anonymisedParts(parts: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(parts ?? {}).map(([key, value]) => [key, anonymisedValue(value)]));
}

/** The questionnaire's ratings stay (statistics of the shop), its comment goes. */
export function anonymisedQuestionnaire<Q extends { comment?: string | null }>(q: Q | null): Q | null {
  return q && { ...q, comment: null };
}

/** The staff view of an order as a job carries it, anonymised like the stored order. */
export function anonymisedStaffOrder(order: StaffOrder): StaffOrder {
  return {
    ...order,
    rejectionMessage: null,
    customer: anonymisedCustomer(order.customer),
    items: order.items.map((item) => ({ ...item, parts: anonymisedParts(item.parts) })),
    questionnaire: anonymisedQuestionnaire(order.questionnaire),
  };
}

export function anonymisedSnapshot(snapshot: OrderSnapshot): OrderSnapshot {
  return { ...snapshot, order: anonymisedStaffOrder(snapshot.order) };
}

/** A status e-mail's job with nobody to send to: no address, no name, no rejection message. */
function anonymisedStatusMail(data: OrderStatusMailJob): OrderStatusMailJob {
  return {
    ...data,
    customer: { email: '', firstName: null, lastName: null },
    order: { ...data.order, rejectionMessage: null },
  };
}

/**
 * A job's data (as the outbox row and BullMQ hold it) anonymised: the order's snapshot of a receipt, e-mail or SMS,
 * the recipient of a status e-mail. Jobs of no order (test pages, form mails) come back as they are.
 */
export function anonymisedJobData<J extends Pick<JobItem, 'name' | 'data'>>(job: J): J['data'] {
  switch (job.name) {
    case 'print-receipt':
    case 'email-new-order':
    case 'sms-new-order': {
      const data = job.data as Extract<JobItem, { name: 'print-receipt' }>['data'];
      return { ...data, snapshot: anonymisedSnapshot(data.snapshot) };
    }
    case 'email-order-status':
      return anonymisedStatusMail(job.data as OrderStatusMailJob);
    default:
      return job.data;
  }
}

/**
 * The jobs whose only purpose is to reach the customer (the SMS, the status e-mails): an erased customer's are
 * deleted rather than kept anonymised, so nothing is sent to nobody and no re-dispatch repeats them.
 */
export const CUSTOMER_ONLY_JOBS: ReadonlySet<string> = new Set(['sms-new-order', 'email-order-status']);
