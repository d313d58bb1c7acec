import type { OrderAction, OrderStatus } from '@shop/contracts';
import { isOrderFinal, orderStatusOf } from '@shop/domain';
import { ORDER_CHANGE_VERBS } from '@shop/i18n-de';
import { DomainException } from '@shop/server';
import type { OrderEntity } from './order.entity.js';

type Flags = Pick<
  OrderEntity,
  | 'isConfirmed'
  | 'isRejected'
  | 'isCanceled'
  | 'isInDelivery'
  | 'isDelivered'
  | 'isCompleted'
  | 'isFailed'
  | 'isReadyForPickup'
  | 'isDelivery'
>;

/** Completed, canceled, rejected and failed orders never change state again (the rules: @shop/domain order-status-rules). */
export const isFinal = (o: Flags): boolean => isOrderFinal(o);

/** The order's status from its flags (the rules: @shop/domain order-status-rules, which the SQL filters share). */
export const orderStatus = (o: Flags): OrderStatus => orderStatusOf(o);

/**
 * The staff actions of backoffice-platform.md §4 and their allowed source states:
 *
 * | action      | allowed from                                   | effect                                      |
 * |-------------|------------------------------------------------|---------------------------------------------|
 * | confirm     | open                                           | confirmed; an open counter-proposal lapses  |
 * | reject      | open, confirmed (not yet in delivery)          | rejected, with the optional message         |
 * | cancel      | open, confirmed, in delivery                   | canceled; an open counter-proposal lapses   |
 * | in-delivery | confirmed, delivery orders only                | in delivery                                 |
 * | ready-for-pickup | confirmed, takeaway and dine-in only      | ready for pickup ('Abholbereit')            |
 * | completed   | confirmed, in delivery, ready for pickup       | completed (delivery orders: also delivered) |
 *
 * Anything else is 409 with 'Die Bestellung kann im aktuellen Status nicht … werden.'
 */
const RULES: Record<
  OrderAction,
  { allowed: (o: Flags) => boolean; apply: (o: OrderEntity, rejectionMessage: string | null) => void }
> = {
  confirm: {
    allowed: (o) => orderStatus(o) === 'open',
    apply: (o) => {
      o.isConfirmed = true;
      o.counterAppointment = null;
    },
  },
  reject: {
    allowed: (o) => ['open', 'confirmed'].includes(orderStatus(o)),
    apply: (o, message) => {
      o.isRejected = true;
      o.rejectionMessage = message;
      o.counterAppointment = null;
    },
  },
  cancel: {
    allowed: (o) => !isFinal(o),
    apply: (o) => {
      o.isCanceled = true;
      o.counterAppointment = null;
    },
  },
  'in-delivery': {
    allowed: (o) => orderStatus(o) === 'confirmed',
    apply: (o) => {
      o.isInDelivery = true;
    },
  },
  'ready-for-pickup': {
    allowed: (o) => orderStatus(o) === 'confirmed',
    apply: (o) => {
      o.isReadyForPickup = true;
    },
  },
  completed: {
    allowed: (o) => ['confirmed', 'inDelivery', 'readyForPickup'].includes(orderStatus(o)),
    apply: (o) => {
      o.isCompleted = true;
      if (o.isDelivery) o.isDelivered = true;
    },
  },
};

/** Applies a staff action or throws 409 (CONFLICT) with the German reason. */
export function transition(order: OrderEntity, action: OrderAction, rejectionMessage: string | null = null): void {
  if (action === 'in-delivery' && !order.isDelivery) throw DomainException.of('CONFLICT', 'order.deliveryOnly');
  if (action === 'ready-for-pickup' && order.isDelivery) throw DomainException.of('CONFLICT', 'order.pickupOnly');
  const rule = RULES[action];
  if (!rule.allowed(order))
    throw DomainException.of('CONFLICT', 'order.invalidTransition', { action: ORDER_CHANGE_VERBS[action] });
  rule.apply(order, rejectionMessage);
}
