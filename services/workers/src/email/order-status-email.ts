import type { OrderStatusMailJob, OrderStatusMailKind } from '@shop/contracts';
import { formatDate, formatTime, messageText } from '@shop/domain';
import { t, type MessageKey } from '@shop/i18n-de';
import { createElement as h } from 'react';
import { orderNumber } from '../common/order-texts.js';
import { button, MailLayout, paragraph, renderMail, STYLES, type RenderedMail } from './mail-layout.js';

const TEXTS: Record<OrderStatusMailKind, { subject: MessageKey; lead: MessageKey }> = {
  confirmed: { subject: 'orderMessages.statusConfirmedSubject', lead: 'orderMessages.statusConfirmed' },
  'ready-for-pickup': {
    subject: 'orderMessages.statusReadyForPickupSubject',
    lead: 'orderMessages.statusReadyForPickup',
  },
  'in-delivery': { subject: 'orderMessages.statusInDeliverySubject', lead: 'orderMessages.statusInDelivery' },
  'counter-proposal': {
    subject: 'orderMessages.statusCounterProposalSubject',
    lead: 'orderMessages.statusCounterProposal',
  },
  rejected: { subject: 'orderMessages.statusRejectedSubject', lead: 'orderMessages.statusRejected' },
  canceled: { subject: 'orderMessages.statusCanceledSubject', lead: 'orderMessages.statusCanceled' },
};

/** The public status page of the order (storefront `status/:uid/:hash`). */
export const statusUrl = (publicBaseUrl: string, order: Pick<OrderStatusMailJob['order'], 'uid' | 'hash'>) =>
  `${publicBaseUrl}/status/${order.uid}/${order.hash}`;

/**
 * The counter-proposal's two answers. The status page answers a proposal with its two buttons only (a POST each, the
 * decline after one more question): a link in a mail that answered by itself would be followed by every mail
 * scanner that opens links. So both answers link to the status page, where the customer taps the same answer.
 */
function counterAnswers(url: string) {
  return [
    paragraph(t('orderMessages.statusCounterQuestion'), STYLES.strong),
    button(url, t('orderMessages.statusCounterAccept')),
    button(url, t('orderMessages.statusCounterDecline'), true),
    paragraph(t('orderMessages.statusCounterHint')),
  ];
}

/**
 * The German status e-mail to the customer (issue 42), HTML with its plain-text part: what changed, the rejection's
 * message, the counter-proposal's time with its two answers, and the status link. The customer's name goes through
 * `messageText` as in the new-order mail (a link in it is shown broken); React escapes every text in the HTML part.
 */
export function renderOrderStatusEmail(job: OrderStatusMailJob, publicBaseUrl: string): RenderedMail {
  const { branch, shop } = job.sender;
  const number = orderNumber(job.order, shop);
  const texts = TEXTS[job.kind];
  const url = statusUrl(publicBaseUrl, job.order);
  const at = job.order.counterAppointment;
  const lead = t(texts.lead, {
    branch: branch.name,
    ...(at ? { date: formatDate(at, branch.timezone), time: formatTime(at, branch.timezone) } : {}),
  });
  const name = [job.customer.firstName, job.customer.lastName]
    .map((part) => messageText(part))
    .filter(Boolean)
    .join(' ');
  const rejection = job.kind === 'rejected' && job.order.rejectionMessage?.trim();
  const body = [
    paragraph(name ? t('orderMessages.emailGreeting', { name }) : t('orderMessages.emailGreetingAnonymous')),
    paragraph(lead, STYLES.strong),
    paragraph(number),
    rejection ? paragraph(t('orderMessages.statusRejectedMessage', { message: rejection })) : null,
    ...(job.kind === 'counter-proposal' ? counterAnswers(url) : [button(url, t('orderMessages.statusLink'))]),
    branch.phone ? paragraph(t('orderMessages.statusContact', { branch: branch.name, phone: branch.phone })) : null,
  ];
  const subject = t(texts.subject, { number, branch: branch.name });
  return renderMail(subject, h(MailLayout, { preview: lead, branch, shop }, ...body));
}
