import type { MessageBranch, MessageShop, OrderLine, OrderSnapshot, StaffOrder } from '@shop/contracts';
import { formatDateTime, formatPrice, messageText, orderLineParts } from '@shop/domain';
import { t } from '@shop/i18n-de';
import { createElement as h } from 'react';
import { orderNumber, orderType, paymentName } from '../common/order-texts.js';
import {
  button,
  lines,
  MailLayout,
  paragraph,
  preformatted,
  renderMail,
  STYLES,
  type RenderedMail,
} from './mail-layout.js';
import { statusUrl } from './order-status-email.js';

export type Audience = 'customer' | 'branch';

/** single-line customer texts as a mail shows them (messageText), the empty ones left out */
const shown = (...parts: Array<string | null>) => parts.map((part) => messageText(part)).filter(Boolean);

/**
 * What to prepare of a line, as the back office's board card shows it (OrderLineParts): per step its name and the
 * chosen options, the texts and the uploaded files (name and address). The customer's texts and file names go
 * through `messageText` as the other customer texts do.
 */
export function linePartTexts(
  item: Pick<OrderLine, 'product' | 'parts'>,
  stepNames: OrderSnapshot['stepNames'],
  publicBaseUrl: string,
): string[] {
  const names = stepNames?.[item.product];
  const steps = names && Object.fromEntries(Object.entries(names).map(([key, name]) => [key, { name }]));
  return orderLineParts(item.parts ?? {}, steps).map((part) => {
    const values = part.values
      .map((v) =>
        v.kind === 'text' ? messageText(v.text) : `${messageText(v.name)}${v.url ? ` (${publicBaseUrl}${v.url})` : ''}`,
      )
      .join(', ');
    return part.label ? `${messageText(part.label)}: ${values}` : values;
  });
}

/**
 * The German new-order e-mail, for the customer (confirmation with the status link) or for the branch
 * (everything needed to prepare the order), HTML with its plain-text part in the layout of every mail (the shop's
 * name on its colours, the branch below; mail-layout.ts). The order's lines and totals keep their spaces in both
 * parts.
 * What the customer typed (name, address, phone, table, comment, the lines' texts and file names) goes through
 * `messageText` (issue 37): a link in it is shown broken (`evil[.]example`) and markup left out, so a mail from the
 * shop's domain carries no link of theirs; React escapes every text in the HTML part. The customer's e-mail address,
 * validated as one, stays as it is (staff reply to it).
 */
export function renderNewOrderEmail(
  audience: Audience,
  order: StaffOrder,
  branch: MessageBranch,
  config: MessageShop,
  publicBaseUrl: string,
  stepNames?: OrderSnapshot['stepNames'],
): RenderedMail {
  const currency = config.currency;
  const c = order.customer;
  const method = orderType(order);
  const number = orderNumber(order, config);
  const name = shown(c.firstName, c.lastName).join(' ');
  // the branch prepares the order from its mail: each line with its chosen options and texts, as on the board card
  const items = order.items.flatMap((i) => [
    `  ${String(i.amount).replace('.', ',')} × ${i.name}  ${formatPrice(i.gross, currency)}`,
    ...(audience === 'branch' ? linePartTexts(i, stepNames, publicBaseUrl).map((part) => `      ${part}`) : []),
  ]);
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
  const details = [
    lines([`${number} · ${method}${table}`, when, ...address], STYLES.strong),
    preformatted([...items, ...totals]),
  ];
  if (audience === 'customer') {
    const thanks = t('orderMessages.emailThanks', { branch: branch.name });
    return renderMail(
      t('orderMessages.emailCustomerSubject', { number, branch: branch.name }),
      h(
        MailLayout,
        { preview: thanks, branch, shop: config },
        paragraph(name ? t('orderMessages.emailGreeting', { name }) : t('orderMessages.emailGreetingAnonymous')),
        paragraph(thanks),
        ...details,
        button(statusUrl(publicBaseUrl, order), t('orderMessages.statusLink')),
      ),
    );
  }
  const intro = t('orderMessages.emailBranchIntro', { branch: branch.name });
  const comment = c.comment ? messageText(c.comment, { multiline: true }) : '';
  return renderMail(
    t('orderMessages.emailBranchSubject', { number, method }),
    h(
      MailLayout,
      { preview: intro, branch, shop: config },
      paragraph(intro, STYLES.strong),
      ...details,
      paragraph(
        t('orderMessages.emailCustomer', { customer: [name, ...shown(c.phone), c.email].filter(Boolean).join(' · ') }),
      ),
      comment ? lines(t('orderMessages.comment', { comment }).split('\n')) : null,
      paragraph(t('orderMessages.payment', { method: paymentName(order.paymentMethod) })),
    ),
  );
}
