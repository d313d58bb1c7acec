import type { OrderAction, StaffOrder } from '@shop/contracts';
import type { BodyOf } from '@shop/web-api';
import { api, apiUrl, errorMessage } from '../../api/client';
import { resourceFailure, t } from '../../texts';

export type { StaffOrder };

/** Every operation of the board and the message of backoffice-platform.md §8 when it fails. */
export type OrderOperation = OrderAction | 'counter' | 'print' | 'paymentCheck' | 'email' | 'sms' | 'item';

/** The §8 message of each operation with one of its own; the others change the status. */
const FAILURE_TEXTS: Partial<Record<OrderOperation, string>> = {
  cancel: t('backoffice.orderCancelFailed'),
  print: t('backoffice.receiptPrintFailed'),
  paymentCheck: t('backoffice.paymentCheckFailed'),
  email: t('backoffice.confirmationFailed'),
  sms: t('backoffice.confirmationFailed'),
  item: resourceFailure('orders', 'update'),
};

export const failureText = (op: OrderOperation): string => FAILURE_TEXTS[op] ?? t('backoffice.orderStatusFailed');

/** The spec's text, followed by the server's reason when it gave one ('… kann im aktuellen Status nicht …'). */
export function failureMessage(op: OrderOperation, err: unknown): string {
  const base = failureText(op);
  const detail = errorMessage(err, '');
  return detail && detail !== base ? `${base} ${detail}` : base;
}

export const orderApi = {
  transition: (id: number, action: OrderAction, body?: BodyOf<'POST', '/api/orders/{id}/status/{action}'>) =>
    api.post(apiUrl('/api/orders/{id}/status/{action}', { id, action }), body ?? {}),
  counter: (id: number, counterAppointment: string) =>
    api.post(apiUrl('/api/orders/{id}/counter-appointment', { id }), { counterAppointment }),
  print: (id: number) => api.post(apiUrl('/api/orders/{id}/print', { id })),
  paymentCheck: (id: number) => api.post(apiUrl('/api/orders/{id}/update-payment-status', { id })),
  resendEmail: (id: number) => api.post(apiUrl('/api/orders/{id}/resend-new-order-email', { id })),
  resendSms: (id: number) => api.post(apiUrl('/api/orders/{id}/resend-new-order-sms', { id })),
  updateItem: (id: number, index: number, body: BodyOf<'PUT', '/api/orders/{id}/items/{index}'>) =>
    api.put(apiUrl('/api/orders/{id}/items/{index}', { id, index }), body),
};

/** Which status changes the order's state allows (ARCHITECTURE.md "Order status"); the server decides anyway. */
export function allowedActions(order: Pick<StaffOrder, 'status' | 'isDelivery'>): OrderAction[] {
  switch (order.status) {
    case 'open':
      return ['confirm', 'reject', 'cancel'];
    case 'confirmed':
      return order.isDelivery
        ? ['in-delivery', 'completed', 'reject', 'cancel']
        : ['ready-for-pickup', 'completed', 'reject', 'cancel'];
    case 'inDelivery':
    case 'readyForPickup':
      return ['completed', 'cancel'];
    default:
      return [];
  }
}

export const isOnlinePayment = (order: Pick<StaffOrder, 'paymentMethod'>) =>
  order.paymentMethod === 'mollie' || order.paymentMethod === 'datatrans';
