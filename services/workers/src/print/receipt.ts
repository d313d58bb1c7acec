import { formatDateTime, formatPrice, orderLinePartTexts } from '@shop/domain';
import { t } from '@shop/i18n-de';
import encodeQR from 'qr';
import receiptline from 'receiptline';
import type { OrderSnapshot } from '@shop/contracts';
import { orderNumber, orderType, paymentName } from '../common/order-texts.js';

/** Printer command sets for 80 mm receipt printers (48 characters per line). */
export type ReceiptFormat = 'escpos' | 'star' | 'text';
const COMMANDS = { escpos: 'escpos', star: 'starsbcs', text: 'text' } as const satisfies Record<ReceiptFormat, string>;

/** ReceiptLine's markup characters in user text are printed as themselves. */
const esc = (text: string | null | undefined) =>
  (text ?? '').replace(/[\\|{}^~_"`]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');

/**
 * The kitchen/counter receipt of an order as a ReceiptLine document (German): branch, ticket, order type and
 * time, lines, delivery cost, total, taxes by rate, payment, customer, comment, and the status link as QR code.
 */
export function receiptDocument({ order, branch, shop }: OrderSnapshot, publicBaseUrl: string): string {
  const currency = shop.currency;
  const c = order.customer;
  const pricing = order.pricing as {
    deliveryGross?: number;
    totalGross?: number;
    taxes?: Record<string, { rate: number; net: number; tax: number }>;
  };
  const table =
    order.isDineIn && order.tableIdentifier
      ? ` · ${t('orderMessages.table', { table: esc(order.tableIdentifier) })}`
      : '';
  const when = order.appointment
    ? formatDateTime(order.appointment, branch.timezone)
    : t('orderMessages.asSoonAsPossible');
  const address = [
    c.street,
    c.floor && t('orderMessages.receiptFloor', { floor: c.floor }),
    c.door && t('orderMessages.receiptDoor', { door: c.door }),
    [c.zipCode, c.city].filter(Boolean).join(' '),
  ];
  const lines = [
    `^^^${esc(branch.name)}`,
    esc([branch.street, [branch.zipCode, branch.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')),
    ...(branch.phone ? [t('orderMessages.phone', { phone: esc(branch.phone) })] : []),
    '-',
    `^^${orderNumber(order, shop)}`,
    `${orderType(order)}${table}`,
    t('orderMessages.appointment', { when: esc(when) }),
    t('orderMessages.receiptOrderedAt', { time: formatDateTime(order.createdAt, branch.timezone) }),
    '-',
    '{width:5,*,13}',
    ...order.items.flatMap((i) => [
      // ReceiptLine aligns by spaces: 'text |' left, '| text' right; '""' is an empty column
      `${String(i.amount).replace('.', ',')} |${esc(i.name)} | ${formatPrice(i.gross, currency)}`,
      // options, texts and the names of uploaded files (the kitchen knows which photo goes with the order)
      ...orderLinePartTexts(i.parts).map((p) => `"" |+ ${esc(p)} |""`),
    ]),
    '-',
    '{width:*,16}',
    ...(pricing.deliveryGross
      ? [`${t('orderMessages.deliveryCost')} | ${formatPrice(pricing.deliveryGross, currency)}`]
      : []),
    `"${t('orderMessages.total')} | "${formatPrice(pricing.totalGross ?? 0, currency)}`,
    ...Object.values(pricing.taxes ?? {}).map(
      (tax) =>
        `${t('orderMessages.receiptTax', { rate: String(tax.rate).replace('.', ',') })} | ${formatPrice(tax.tax, currency)}`,
    ),
    '-',
    '{width:*}',
    t('orderMessages.payment', { method: esc(paymentName(order.paymentMethod)) }),
    t('orderMessages.receiptCustomer', {
      customer: esc([[c.firstName, c.lastName].filter(Boolean).join(' '), c.phone].filter(Boolean).join(', ')),
    }),
    ...(order.isDelivery
      ? [t('orderMessages.receiptAddress', { address: esc(address.filter(Boolean).join(', ')) })]
      : []),
    ...(c.comment ? [`"${t('orderMessages.comment', { comment: esc(c.comment) })}`] : []),
    '',
    `{code:${publicBaseUrl}/status/${order.uid}/${order.hash}; option:qrcode,4,L}`,
  ];
  return lines.join('\n');
}

/** A printer's test page. */
export function testDocument(deviceId: number, at: Date, timeZone: string): string {
  return [
    `"${t('orderMessages.testPageTitle')}"`,
    '-',
    t('orderMessages.testPageDevice', { device: deviceId }),
    formatDateTime(at.toISOString(), timeZone),
    '',
    t('orderMessages.testPageLine1'),
    t('orderMessages.testPageLine2'),
  ].join('\n');
}

/**
 * ReceiptLine draws a QR code's modules itself (as a raster image) for both printer command sets, with a generator
 * that builds the symbol once per mask to choose the best of the eight: 1.2-1.7 ms per code here, the largest share
 * of the print worker's CPU under bench:order-full. `qr` (paulmillr/qr) scores the masks on packed bits and encodes
 * the same link in ~0.06 ms; it takes ReceiptLine's place behind the generator its command sets call. Like
 * ReceiptLine: the data as UTF-8 bytes, its error correction level, the 4-module quiet zone only when asked for,
 * and no symbol (an empty matrix) for data that is empty or too long for any version.
 */
const ECC = { l: 'low', m: 'medium', q: 'quartile', h: 'high' } as const;
receiptline.qrcode.generate = ({ data, level, quietZone }) => {
  if (!data) return [];
  const border = quietZone ? 4 : 1;
  let modules: boolean[][];
  try {
    modules = encodeQR(data, 'raw', { ecc: ECC[level], encoding: 'byte', border });
  } catch (e) {
    if (e instanceof Error && e.message === 'Capacity overflow') return [];
    throw e;
  }
  // qr always draws a quiet zone: a ring of one module is cut off again where ReceiptLine would have none; true and
  // false become 1 and 0 (Uint8Array.from with a map function took three times as long)
  const cut = quietZone ? 0 : 1;
  return modules
    .slice(cut, modules.length - cut)
    .map((row) => new Uint8Array(row as unknown as number[]).subarray(cut, row.length - cut));
};

/** A ReceiptLine document as printer commands (or plain text) for an 80 mm printer. */
export function renderDocument(document: string, format: ReceiptFormat): Buffer {
  const out = receiptline.transform(document, {
    cpl: 48,
    encoding: 'cp1252',
    command: COMMANDS[format],
    cutting: format !== 'text',
  });
  return Buffer.from(out, format === 'text' ? 'utf8' : 'binary');
}

/** The receipt as printer commands (or plain text) for an 80 mm printer. */
export function renderReceipt(ctx: OrderSnapshot, format: ReceiptFormat, publicBaseUrl: string): Buffer {
  return renderDocument(receiptDocument(ctx, publicBaseUrl), format);
}
