import type { Branch, Config, StaffOrder } from '@shop/contracts';
import { formatDateTime, formatPrice } from '@shop/domain';

export type Audience = 'customer' | 'branch';

export interface RenderedEmail {
  subject: string;
  text: string;
}

const METHOD: Record<string, string> = { takeaway: 'Abholung', delivery: 'Lieferung', dineIn: 'Im Lokal' };

/**
 * The German new-order e-mail, for the customer (confirmation with the status link) or for the branch
 * (everything needed to prepare the order). Plain text: it reads the same in every mail client.
 */
export function renderNewOrderEmail(
  audience: Audience, order: StaffOrder, branch: Branch, config: Config, publicBaseUrl: string,
): RenderedEmail {
  const currency = config.currency;
  const c = order.customer;
  const method = METHOD[order.isDelivery ? 'delivery' : order.isDineIn ? 'dineIn' : 'takeaway']!;
  const number = `${config.disableTickets ? 'Bestellnummer' : 'Ticket'} ${order.ticketNumber}`;
  const lines = order.items.map((i) => `  ${String(i.amount).replace('.', ',')} × ${i.name}  ${formatPrice(i.gross, currency)}`);
  const pricing = order.pricing as { deliveryGross?: number; totalGross?: number };
  const totals = [
    ...(pricing.deliveryGross ? [`  Lieferkosten  ${formatPrice(pricing.deliveryGross, currency)}`] : []),
    `  Gesamt  ${formatPrice(pricing.totalGross ?? 0, currency)}`,
  ];
  const when = order.appointment ? `Termin: ${formatDateTime(order.appointment, branch.timezone)} Uhr` : 'Termin: so bald wie möglich';
  const address = order.isDelivery ? [`Lieferadresse: ${[c.street, [c.zipCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}`] : [];
  const details = [`${number} · ${method}${order.tableIdentifier ? ` · Tisch ${order.tableIdentifier}` : ''}`, when, ...address, '', ...lines, ...totals];
  if (audience === 'customer') {
    return {
      subject: `Ihre Bestellung (${number}) bei ${branch.name}`,
      text: [
        `Guten Tag ${[c.firstName, c.lastName].filter(Boolean).join(' ')},`, '',
        `vielen Dank für Ihre Bestellung bei ${branch.name}. Wir melden uns, sobald sie bestätigt ist.`, '',
        ...details, '',
        `Den Status Ihrer Bestellung sehen Sie hier: ${publicBaseUrl}/status/${order.uid}/${order.hash}`, '',
        `${branch.name}${branch.phone ? ` · Tel. ${branch.phone}` : ''}`, config.shopName,
      ].join('\n'),
    };
  }
  return {
    subject: `Neue Bestellung (${number}) – ${method}`,
    text: [
      `Neue Bestellung für ${branch.name}:`, '', ...details, '',
      `Kunde: ${[c.firstName, c.lastName].filter(Boolean).join(' ')}${c.phone ? ` · ${c.phone}` : ''}${c.email ? ` · ${c.email}` : ''}`,
      ...(c.comment ? [`Anmerkung: ${c.comment}`] : []),
      `Zahlung: ${order.paymentMethod}`,
    ].join('\n'),
  };
}
