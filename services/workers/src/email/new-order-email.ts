import type { MessageBranch, MessageShop, StaffOrder } from '@shop/contracts';
import { formatDateTime, formatPrice, messageText } from '@shop/domain';
import { t } from '@shop/i18n-de';
import { orderNumber, orderType, paymentName } from '../common/order-texts.js';

export type Audience = 'customer' | 'branch';

/** single-line customer texts as a mail shows them (messageText), the empty ones left out */
const shown = (...parts: Array<string | null>) => parts.map((part) => messageText(part)).filter(Boolean);

export interface RenderedEmail {
  subject: string;
  text: string;
}

/**
 * The German new-order e-mail, for the customer (confirmation with the status link) or for the branch
 * (everything needed to prepare the order). Plain text: it reads the same in every mail client.
 * What the customer typed (name, address, phone, table, comment) goes through `messageText` (issue 37): a link in it
 * is shown broken (`evil[.]example`) and markup left out, so a mail from the shop's domain carries no link of
 * theirs. The customer's e-mail address, validated as one, stays as it is (staff reply to it).
 */
export function renderNewOrderEmail(
  audience: Audience,
  order: StaffOrder,
  branch: MessageBranch,
  config: MessageShop,
  publicBaseUrl: string,
): RenderedEmail {
  const currency = config.currency;
  const c = order.customer;
  const method = orderType(order);
  const number = orderNumber(order, config);
  const name = shown(c.firstName, c.lastName).join(' ');
  const lines = order.items.map(
    (i) => `  ${String(i.amount).replace('.', ',')} × ${i.name}  ${formatPrice(i.gross, currency)}`,
  );
  const pricing = order.pricing as { deliveryGross?: number; totalGross?: number };
  const totals = [
    ...(pricing.deliveryGross
      ? [`  ${t('orderMessages.deliveryCost')}  ${formatPrice(pricing.deliveryGross, currency)}`]
      : []),
    `  ${t('orderMessages.total')}  ${formatPrice(pricing.totalGross ?? 0, currency)}`,
  ];
  const when = order.appointment
    ? t('orderMessages.appointmentAt', { when: formatDateTime(order.appointment, branch.timezone) })
    : t('orderMessages.appointment', { when: t('orderMessages.asSoonAsPossible') });
  const address = order.isDelivery
    ? [
        t('orderMessages.emailDeliveryAddress', {
          address: [...shown(c.street), shown(c.zipCode, c.city).join(' ')].filter(Boolean).join(', '),
        }),
      ]
    : [];
  const table = order.tableIdentifier
    ? ` · ${t('orderMessages.table', { table: messageText(order.tableIdentifier) })}`
    : '';
  const details = [`${number} · ${method}${table}`, when, ...address, '', ...lines, ...totals];
  if (audience === 'customer') {
    return {
      subject: t('orderMessages.emailCustomerSubject', { number, branch: branch.name }),
      text: [
        t('orderMessages.emailGreeting', { name }),
        '',
        t('orderMessages.emailThanks', { branch: branch.name }),
        '',
        ...details,
        '',
        t('orderMessages.emailStatusLink', { url: `${publicBaseUrl}/status/${order.uid}/${order.hash}` }),
        '',
        `${branch.name}${branch.phone ? ` · ${t('orderMessages.phone', { phone: branch.phone })}` : ''}`,
        config.shopName,
      ].join('\n'),
    };
  }
  return {
    subject: t('orderMessages.emailBranchSubject', { number, method }),
    text: [
      t('orderMessages.emailBranchIntro', { branch: branch.name }),
      '',
      ...details,
      '',
      t('orderMessages.emailCustomer', { customer: [name, ...shown(c.phone), c.email].filter(Boolean).join(' · ') }),
      ...(c.comment ? [t('orderMessages.comment', { comment: messageText(c.comment, { multiline: true }) })] : []),
      t('orderMessages.payment', { method: paymentName(order.paymentMethod) }),
    ].join('\n'),
  };
}
