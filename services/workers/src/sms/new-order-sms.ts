import type { MessageBranch, MessageShop, StaffOrder } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { orderNumber } from '../common/order-texts.js';

/**
 * The German new-order SMS: short, with the status link (one SMS for the text, the link makes it two). It holds
 * nothing the customer typed (branch, number, link): a customer text added here goes through `messageText` of
 * @shop/domain, as in the e-mails (issue 37).
 */
export function renderNewOrderSms(
  order: StaffOrder,
  branch: MessageBranch,
  shop: MessageShop,
  publicBaseUrl: string,
): string {
  return t('orderMessages.sms', {
    branch: branch.name,
    number: orderNumber(order, shop),
    url: `${publicBaseUrl}/status/${order.uid}/${order.hash}`,
  });
}
