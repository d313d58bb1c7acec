import type { OrderMessageContext } from '../common/order-context.js';
import { formatDateTime, formatPrice } from '@shop/domain';
import receiptline from 'receiptline';

/** Printer command sets for 80 mm receipt printers (48 characters per line). */
export type ReceiptFormat = 'escpos' | 'star' | 'text';
const COMMANDS = { escpos: 'escpos', star: 'starsbcs', text: 'text' } as const satisfies Record<ReceiptFormat, string>;

const PAYMENT: Record<string, string> = {
  cash: 'Bar', 'atm-card': 'Bankomatkarte', 'hydro-ag-voucher': 'Gutschein', mollie: 'Online (Mollie)', datatrans: 'Online (Datatrans)',
};

/** ReceiptLine's markup characters in user text are printed as themselves. */
const esc = (text: string | null | undefined) => (text ?? '').replace(/[\\|{}^~_"`]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');

/**
 * The kitchen/counter receipt of an order as a ReceiptLine document (German): branch, ticket, order type and
 * time, lines, delivery cost, total, taxes by rate, payment, customer, comment, and the status link as QR code.
 */
export function receiptDocument({ order, branch, shop }: OrderMessageContext, publicBaseUrl: string): string {
  const currency = shop.currency;
  const c = order.customer;
  const pricing = order.pricing as { deliveryGross?: number; totalGross?: number; taxes?: Record<string, { rate: number; net: number; tax: number }> };
  const type = order.isDelivery ? 'Lieferung' : order.isDineIn ? `Im Lokal${order.tableIdentifier ? ` · Tisch ${esc(order.tableIdentifier)}` : ''}` : 'Abholung';
  const when = order.appointment ? formatDateTime(order.appointment, branch.timezone) : 'so bald wie möglich';
  const number = `${shop.disableTickets ? 'Bestellnummer' : 'Ticket'} ${order.ticketNumber}`;
  const lines = [
    `^^^${esc(branch.name)}`,
    esc([branch.street, [branch.zipCode, branch.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')),
    ...(branch.phone ? [`Tel. ${esc(branch.phone)}`] : []),
    '-',
    `^^${number}`,
    `${type}`,
    `Termin: ${esc(when)}`,
    `Bestellt: ${formatDateTime(order.createdAt, branch.timezone)}`,
    '-',
    '{width:5,*,13}',
    ...order.items.flatMap((i) => [
      // ReceiptLine aligns by spaces: 'text |' left, '| text' right; '""' is an empty column
      `${String(i.amount).replace('.', ',')} |${esc(i.name)} | ${formatPrice(i.gross, currency)}`,
      ...Object.values(i.parts).flatMap((p) => (Array.isArray(p) ? p : [p]))
        .map((p) => (typeof p === 'string' ? p : (p as { name?: string })?.name))
        .filter((p): p is string => !!p)
        .map((p) => `"" |+ ${esc(p)} |""`),
    ]),
    '-',
    '{width:*,16}',
    ...(pricing.deliveryGross ? [`Lieferkosten | ${formatPrice(pricing.deliveryGross, currency)}`] : []),
    `"Gesamt | "${formatPrice(pricing.totalGross ?? 0, currency)}`,
    ...Object.values(pricing.taxes ?? {}).map((t) => `inkl. ${String(t.rate).replace('.', ',')} % MwSt. | ${formatPrice(t.tax, currency)}`),
    '-',
    '{width:*}',
    `Zahlung: ${PAYMENT[order.paymentMethod] ?? esc(order.paymentMethod)}`,
    `Kunde: ${esc([c.firstName, c.lastName].filter(Boolean).join(' '))}${c.phone ? `, ${esc(c.phone)}` : ''}`,
    ...(order.isDelivery ? [`Adresse: ${esc([c.street, c.floor && `Stock ${c.floor}`, c.door && `Tür ${c.door}`, [c.zipCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', '))}`] : []),
    ...(c.comment ? [`"Anmerkung: ${esc(c.comment)}`] : []),
    '',
    `{code:${publicBaseUrl}/status/${order.uid}/${order.hash}; option:qrcode,4,L}`,
  ];
  return lines.join('\n');
}

/** A printer's test page. */
export function testDocument(deviceId: number, at: Date, timeZone: string): string {
  return ['"Testdruck"', '-', `Gerät ${deviceId}`, formatDateTime(at.toISOString(), timeZone), '', 'Wenn Sie diesen Beleg lesen können,', 'ist der Drucker richtig eingerichtet.'].join('\n');
}

/** A ReceiptLine document as printer commands (or plain text) for an 80 mm printer. */
export function renderDocument(document: string, format: ReceiptFormat): Buffer {
  const out = receiptline.transform(document, { cpl: 48, encoding: 'cp1252', command: COMMANDS[format], cutting: format !== 'text' });
  return Buffer.from(out, format === 'text' ? 'utf8' : 'binary');
}

/** The receipt as printer commands (or plain text) for an 80 mm printer. */
export function renderReceipt(ctx: OrderMessageContext, format: ReceiptFormat, publicBaseUrl: string): Buffer {
  return renderDocument(receiptDocument(ctx, publicBaseUrl), format);
}
