import type { CounterAnswer } from '@shop/contracts';
import { DomainException } from '@shop/server';
import { isFinal } from '../../order-state.js';
import type { OrderEntity } from '../../order.entity.js';

/** A counter-proposal is answered while the order is neither confirmed nor final (storefront-presenter.md §4). */
export function requireOpenCounter(o: OrderEntity): void {
  if (!o.counterAppointment || o.isConfirmed || isFinal(o))
    throw DomainException.of('CONFLICT', 'order.noCounterAppointment');
}

/** Records the customer's answer (staff see whether a time was agreed or declined) and closes the proposal. */
export function answerCounter(o: OrderEntity, answer: CounterAnswer): void {
  o.counterAnswer = answer;
  o.answeredCounterAppointment = o.counterAppointment;
  o.counterAppointment = null;
}
