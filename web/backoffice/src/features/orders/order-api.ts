import type { OrderAction, StaffOrder } from '@shop/contracts';
import { api, errorMessage } from '../../api/client';
import { resourceFailure, t } from '../../texts';

export type { StaffOrder };

/** Every operation of the board and the message of backoffice-platform.md §8 when it fails. */
export type OrderOperation = OrderAction | 'counter' | 'print' | 'paymentCheck' | 'email' | 'sms' | 'item';

export function failureText(op: OrderOperation): string {
  switch (op) {
    case 'cancel':
      return t('backoffice.orderCancelFailed');
    case 'print':
      return t('backoffice.receiptPrintFailed');
    case 'paymentCheck':
      return t('backoffice.paymentCheckFailed');
    case 'email':
    case 'sms':
      return t('backoffice.confirmationFailed');
    case 'item':
      return resourceFailure('orders', 'update');
    default:
      return t('backoffice.orderStatusFailed');
  }
}

/** The spec's text, followed by the server's reason when it gave one ('… kann im aktuellen Status nicht …'). */
export function failureMessage(op: OrderOperation, err: unknown): string {
  const base = failureText(op);
  const detail = errorMessage(err, '');
  return detail && detail !== base ? `${base} ${detail}` : base;
}

export const orderApi = {
  transition: (id: number, action: OrderAction, body?: { rejectionMessage: string | null }) =>
    api.post<StaffOrder>(`/api/orders/${id}/status/${action}`, body ?? {}),
  counter: (id: number, counterAppointment: string) => api.post<StaffOrder>(`/api/orders/${id}/counter-appointment`, { counterAppointment }),
  print: (id: number) => api.post<unknown>(`/api/orders/${id}/print`),
  paymentCheck: (id: number) => api.post<unknown>(`/api/orders/${id}/update-payment-status`),
  resendEmail: (id: number) => api.post<unknown>(`/api/orders/${id}/resend-new-order-email`),
  resendSms: (id: number) => api.post<unknown>(`/api/orders/${id}/resend-new-order-sms`),
  updateItem: (id: number, index: number, body: { amount: number; unit?: string; parts: Record<string, unknown> }) =>
    api.put<StaffOrder>(`/api/orders/${id}/items/${index}`, body),
};

/** Which status changes the order's state allows (ARCHITECTURE.md "Order status"); the server decides anyway. */
export function allowedActions(order: Pick<StaffOrder, 'status' | 'isDelivery'>): OrderAction[] {
  switch (order.status) {
    case 'open':
      return ['confirm', 'reject', 'cancel'];
    case 'confirmed':
      return order.isDelivery ? ['in-delivery', 'completed', 'reject', 'cancel'] : ['completed', 'reject', 'cancel'];
    case 'inDelivery':
      return ['completed', 'cancel'];
    default:
      return [];
  }
}

export const isOnlinePayment = (order: Pick<StaffOrder, 'paymentMethod'>) => order.paymentMethod === 'mollie' || order.paymentMethod === 'datatrans';
