/**
 * §4 "Order lifecycle as shown to the customer: 1. Awaiting confirmation (not confirmed, not rejected). For
 * online payment with the first online provider and not yet paid, the label is 'Warten auf Zahlungseingang'.
 * 2. Confirmed, being prepared ('Wird bearbeitet'). 3. In delivery (delivery orders) or ready for pickup
 * (takeaway, dine-in). 4. Delivered (delivery only). 5. Completed. 6. Rejected or cancelled ('Storniert')."
 * §2.8 "Timeline: awaiting confirmation, confirmed, being prepared, ready or delivered, completed. A
 * cancelled order shows 'Bestellung storniert'." and "Ticket number labelled 'Ticket', or 'Bestellnummer'
 * when tickets are disabled."
 */
import type { PaymentMethod } from '@shop/contracts';
import { text, type TextKey } from '../texts.js';
import { matchesOrderPredicate, orderStatusOf } from './order-status-rules.js';

export interface PublicOrderLike {
  isConfirmed: boolean;
  isRejected: boolean;
  isInDelivery: boolean;
  isDelivered: boolean;
  isCompleted: boolean;
  isCanceled: boolean;
  isFailed?: boolean;
  /** older public views carry none */
  isReadyForPickup?: boolean;
  isDelivery: boolean;
  paymentMethod?: PaymentMethod | null;
  isPaid?: boolean;
  counterAppointment?: string | null;
  questionnaireRating?: number | null;
}

export type OrderStage =
  'awaitingConfirmation' | 'inProgress' | 'inDelivery' | 'readyForPickup' | 'delivered' | 'completed' | 'canceled';

/** The first online provider (mollie): unpaid orders wait for the payment. */
export function isAwaitingPayment(order: Pick<PublicOrderLike, 'paymentMethod' | 'isPaid'>): boolean {
  return order.paymentMethod === 'mollie' && !order.isPaid;
}

/** The stage of the order; rejected, cancelled and failed orders are 'canceled'. */
export function orderStage(order: PublicOrderLike): OrderStage {
  const status = orderStatusOf(order);
  if (status === 'rejected' || status === 'canceled') return 'canceled';
  if (status === 'completed') return 'completed';
  if (order.isDelivered && order.isDelivery) return 'delivered';
  if (status === 'readyForPickup') return 'readyForPickup';
  if (order.isInDelivery) return order.isDelivery ? 'inDelivery' : 'readyForPickup';
  if (order.isConfirmed) return 'inProgress';
  return 'awaitingConfirmation';
}

/** The text of each stage's label. */
const STAGE_LABELS: Readonly<Record<OrderStage, TextKey>> = {
  awaitingConfirmation: 'statusAwaitingConfirmation',
  inProgress: 'statusInProgress',
  inDelivery: 'statusInDelivery',
  readyForPickup: 'statusReadyForPickup',
  delivered: 'statusDelivered',
  completed: 'statusCompleted',
  canceled: 'statusCanceled',
};

/** The label of a stage (awaiting confirmation reads 'Warten auf Zahlungseingang' while a mollie payment is open). */
export function orderStageLabel(stage: OrderStage, order?: Pick<PublicOrderLike, 'paymentMethod' | 'isPaid'>): string {
  if (stage === 'awaitingConfirmation' && order && isAwaitingPayment(order)) return text('statusAwaitingPayment');
  return text(STAGE_LABELS[stage]);
}

/** The status of the info block: the current stage's label ('Storniert' for cancelled orders). */
export function orderStatusLabel(order: PublicOrderLike): string {
  return orderStageLabel(orderStage(order), order);
}

export interface TimelineStep {
  stage: OrderStage;
  label: string;
  isDone: boolean;
  isCurrent: boolean;
}

/** The timeline; a cancelled order has the single step 'Bestellung storniert'. */
export function orderTimeline(order: PublicOrderLike): TimelineStep[] {
  const current = orderStage(order);
  if (current === 'canceled')
    return [{ stage: 'canceled', label: text('timelineCanceled'), isDone: true, isCurrent: true }];
  const stages: OrderStage[] = order.isDelivery
    ? ['awaitingConfirmation', 'inProgress', 'inDelivery', 'delivered', 'completed']
    : ['awaitingConfirmation', 'inProgress', 'readyForPickup', 'completed'];
  const index = stages.indexOf(current);
  return stages.map((stage, i) => ({
    stage,
    label: orderStageLabel(stage, order),
    isDone: i <= index,
    isCurrent: i === index,
  }));
}

/** §4 "The public view is polled every 10 seconds until the order is completed, rejected, canceled or failed." */
export function isOrderFinal(
  order: Pick<PublicOrderLike, 'isCompleted' | 'isRejected' | 'isCanceled' | 'isFailed'>,
): boolean {
  return matchesOrderPredicate('final', order);
}

/** §4 "Counter-proposal: shown while the order is neither confirmed nor rejected." (and a counter appointment exists) */
export function showCounterProposal(
  order: Pick<PublicOrderLike, 'isConfirmed' | 'isRejected' | 'isCanceled' | 'counterAppointment'>,
): boolean {
  return Boolean(order.counterAppointment) && !order.isConfirmed && !order.isRejected && !order.isCanceled;
}

/** §4 "Rating prompt shows only when the reviews plugin is on, the order is completed, no rating exists, and the user has not dismissed the prompt." */
export function showRatingPrompt(input: {
  reviewsPluginEnabled: boolean;
  order: Pick<PublicOrderLike, 'isCompleted' | 'questionnaireRating'>;
  dismissed: boolean;
}): boolean {
  const { reviewsPluginEnabled, order, dismissed } = input;
  return reviewsPluginEnabled && order.isCompleted && !order.questionnaireRating && !dismissed;
}

/** §2.8 ticket label. */
export function ticketLabel(disableTickets: boolean): string {
  return disableTickets ? text('orderNumber') : text('ticket');
}
