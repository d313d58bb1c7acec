import type { Config, StaffOrder } from '@shop/contracts';
import { t, type MessageKey } from '@shop/i18n-de';

/** The pieces every message about an order shares (e-mail, SMS, receipt, notification devices). */

/** 'Ticket 17', or 'Bestellnummer 17' when the shop has no tickets. */
export const orderNumber = (order: Pick<StaffOrder, 'ticketNumber'>, shop: Pick<Config, 'disableTickets'>) =>
  t(shop.disableTickets ? 'orderMessages.orderNumber' : 'orderMessages.ticket', { number: order.ticketNumber });

/** 'Abholung', 'Lieferung' or 'Im Lokal'. */
export const orderType = (order: Pick<StaffOrder, 'isDelivery' | 'isDineIn'>) =>
  t(order.isDelivery ? 'orderMessages.delivery' : order.isDineIn ? 'orderMessages.dineIn' : 'orderMessages.takeaway');

const PAYMENT: Record<string, MessageKey> = {
  cash: 'orderMessages.receiptPaymentCash',
  'atm-card': 'orderMessages.receiptPaymentAtmCard',
  'hydro-ag-voucher': 'orderMessages.receiptPaymentHydroAgVoucher',
  mollie: 'orderMessages.receiptPaymentMollie',
  datatrans: 'orderMessages.receiptPaymentDatatrans',
};

/** The payment method as staff read it ('Bar', 'Online (Mollie)'); an unknown one as stored. */
export const paymentName = (method: string) => (PAYMENT[method] ? t(PAYMENT[method]) : method);
