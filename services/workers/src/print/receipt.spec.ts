import type { Branch, Config, StaffOrder } from '@shop/contracts';
import decodeQR from 'qr/decode.js';
import { receiptDocument, renderReceipt } from './receipt.js';

const branch = {
  name: 'Donaugenuss Innere Stadt',
  street: 'Rotenturmstraße 14',
  zipCode: '1010',
  city: 'Wien',
  phone: '+43 1 5320000',
  timezone: 'Europe/Vienna',
} as Branch;
const shop = { currency: 'EUR', disableTickets: false, shopName: 'Donaugenuss' } as Config;
const order = {
  id: 17,
  uid: 'U'.repeat(22),
  hash: 'H'.repeat(22),
  ticketNumber: 42,
  isDelivery: true,
  isDineIn: false,
  tableIdentifier: null,
  paymentMethod: 'cash',
  appointment: '2026-11-22T11:30:00.000Z',
  createdAt: '2026-11-22T10:05:00.000Z',
  customer: {
    firstName: 'Anna',
    lastName: 'Berger',
    phone: '+436601234567',
    street: 'Landstraßer Hauptstraße 1',
    zipCode: '1030',
    city: 'Wien',
    floor: '2',
    door: '5',
    comment: 'Bitte läuten | {klingeln}',
  },
  items: [
    {
      position: 0,
      product: 1,
      name: 'Tafelspitz mit Apfelkren und Schnittlauchsauce',
      amount: 2,
      unit: 'piece',
      parts: {},
      gross: 47,
      taxRate: 10,
    },
    {
      position: 1,
      product: 2,
      name: 'Pizza Margherita',
      amount: 1,
      unit: 'piece',
      parts: {
        groesse: { name: 'Familienpizza (40 cm)', modifier: 'overwrite', value: 17.9 },
        extras: [{ name: 'Rucola', modifier: 'add', value: 1 }],
      },
      gross: 18.9,
      taxRate: 10,
    },
  ],
  pricing: {
    deliveryGross: 4.9,
    totalGross: 70.8,
    taxes: {
      '10': { rate: 10, net: 59.9091, tax: 5.9909, gross: 65.9 },
      '20': { rate: 20, net: 4.0833, tax: 0.8167, gross: 4.9 },
    },
  },
} as unknown as StaffOrder;
const ctx = { order, branch, shop };

/** issue 5: receipts for 80 mm printers, rendered by a maintained library (ReceiptLine) in ESC/POS and Star */
describe('receipt', () => {
  it('lays out a German receipt: ticket, type and time in Vienna, lines with options, totals, taxes, payment, customer', () => {
    const text = renderReceipt(ctx, 'text', 'https://shop.example.at').toString('utf8');
    expect(text).toContain('D o n a u g e n u s s   I n n e r e   S t a d t');
    for (const expected of [
      'Ticket 42',
      'Lieferung',
      'Termin: 22.11.2026 12:30',
      'Tafelspitz mit Apfelkren',
      'EUR 47,00',
      'Familienpizza (40 cm)',
      'Rucola',
      'Lieferkosten',
      'EUR 4,90',
      'Gesamt',
      'EUR 70,80',
      'inkl. 10 % MwSt.',
      'EUR 5,99',
      'Zahlung: Bar',
      'Kunde: Anna Berger, +436601234567',
      'Adresse: Landstraßer Hauptstraße 1, Stock 2, Tür',
      '5, 1030 Wien',
      'Bitte läuten | {klingeln}',
    ])
      expect(text).toContain(expected);
    expect(text.split('\n').every((line) => line.length <= 48)).toBe(true);
  });

  it('prints markup characters of user text as themselves, and carries the status link as QR code', () => {
    const doc = receiptDocument(ctx, 'https://x');
    expect(doc).toContain('Anmerkung: Bitte läuten \\| \\{klingeln\\}');
    expect(doc).toContain(`{code:https://x/status/${order.uid}/${order.hash}; option:qrcode,4,L}`);
  });

  it("names the files a customer uploaded and prints the line's texts", () => {
    const photo = {
      id: 21,
      version: 1,
      extension: 'jpg',
      publicHash: 'AbCdEfGhIjKlMnOpQrStUv',
      mimeType: 'image/jpeg',
      filename: 'torte-foto.jpg',
    };
    const items = [{ ...order.items[0]!, parts: { foto: [photo], widmung: 'Alles Gute, Anna!' } }];
    const text = renderReceipt({ ...ctx, order: { ...order, items } }, 'text', 'https://x').toString('utf8');
    expect(text).toContain('+ torte-foto.jpg');
    expect(text).toContain('+ Alles Gute, Anna!');
    expect(text).not.toContain('object');
  });

  it('says Bestellnummer when tickets are disabled', () => {
    const text = renderReceipt({ ...ctx, shop: { ...shop, disableTickets: true } }, 'text', 'https://x').toString(
      'utf8',
    );
    expect(text).toContain('Bestellnummer 42');
  });

  it('renders ESC/POS (initialise, cut) and Star (initialise, cut) commands', () => {
    const escpos = renderReceipt(ctx, 'escpos', 'https://shop.example.at');
    expect(escpos.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
    expect(escpos.includes(Buffer.from([0x1d, 0x56]))).toBe(true);
    expect(escpos.includes(Buffer.from('Gesamt'))).toBe(true);
    const star = renderReceipt(ctx, 'star', 'https://shop.example.at');
    expect(star.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
    expect(star.includes(Buffer.from([0x1b, 0x64]))).toBe(true);
    expect(star.equals(escpos)).toBe(false);
  });

  it("prints the order's status link as a QR code that reads back as that link, each receipt its own", () => {
    const other = { ...ctx, order: { ...order, uid: 'V'.repeat(22) } };
    for (const receipt of [ctx, other]) {
      const escpos = renderReceipt(receipt, 'escpos', 'https://shop.example.at');
      expect(decodeQR(escposQrImage(escpos))).toBe(
        `https://shop.example.at/status/${receipt.order.uid}/${receipt.order.hash}`,
      );
      // the same receipt renders the same bytes
      expect(renderReceipt(receipt, 'escpos', 'https://shop.example.at').equals(escpos)).toBe(true);
    }
  });

  it('prints an empty QR raster when the link is too long for any QR version (as ReceiptLine does)', () => {
    const escpos = renderReceipt(ctx, 'escpos', `https://shop.example.at/${'x'.repeat(3000)}`);
    // the margins alone: a raster of no dots
    expect(escposQrImage(escpos)).toMatchObject({ width: 2 * 16, height: 2 * 16 });
    expect(escpos.includes(Buffer.from('Gesamt'))).toBe(true);
  });
});

/**
 * The QR code of an ESC/POS receipt as a picture: ReceiptLine sends it as a raster (GS 8 L, fn 112: 1 bit per dot,
 * rows padded to bytes, width and height in dots after 10 parameter bytes), drawn here black on white with a quiet
 * zone of 16 dots on each side, as the printer puts it on paper.
 */
function escposQrImage(bytes: Buffer) {
  const at = bytes.indexOf(Buffer.from('\x1d8L', 'binary'));
  expect(at).toBeGreaterThanOrEqual(0);
  const params = at + 3 + 4;
  const width = bytes.readUInt16LE(params + 6);
  const height = bytes.readUInt16LE(params + 8);
  const stride = (width + 7) >> 3;
  const raster = bytes.subarray(params + 10, params + 10 + stride * height);
  const margin = 16;
  const size = { width: width + 2 * margin, height: height + 2 * margin };
  const data = new Uint8Array(size.width * size.height * 4).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (raster[y * stride + (x >> 3)]! & (128 >> (x & 7)))
        data.fill(0, ((y + margin) * size.width + x + margin) * 4, ((y + margin) * size.width + x + margin) * 4 + 3);
  return { ...size, data };
}
