import type { StaffOrder } from '@shop/contracts';
import { BASE_URL as BASE, MESSAGE_BRANCH, MESSAGE_SHOP, staffOrder } from '../../test/mail-fixtures.js';
import { MAIL_COLOURS } from './mail-layout.js';
import { renderNewOrderEmail } from './new-order-email.js';

// no phone: the layout's footer shows the branch's name and address only
const branch = { ...MESSAGE_BRANCH, phone: null };
const shop = MESSAGE_SHOP;
const order = staffOrder({
  pricing: { totalGross: 41 },
  items: [
    {
      position: 0,
      product: 5,
      name: 'Torte nach Wunsch',
      amount: 1,
      unit: 'piece',
      gross: 39.5,
      taxRate: 10,
      parts: {
        size: { name: 'Familie (26 cm)' },
        toppings: [{ name: 'Erdbeeren' }, { name: 'Sahne' }],
        text: 'Alles Gute, Oma! evil.example/x',
        photo: { id: 21, publicHash: 'AbCdEfGhIjKlMnOp', version: 2, extension: 'jpg', filename: 'oma.jpg' },
      },
    },
    { position: 1, product: 6, name: 'Kaffee', amount: 1, unit: 'piece', gross: 1.5, taxRate: 10, parts: {} },
  ],
});
const stepNames = { 5: { size: 'Größe', toppings: 'Belag', text: 'Aufschrift', photo: 'Foto' } };

describe('renderNewOrderEmail', () => {
  it("lists each line's chosen options, texts and files for the branch, as the board card shows them", async () => {
    const mail = renderNewOrderEmail('branch', order, branch, shop, BASE, stepNames);
    const lines = mail.text.split('\n');
    const at = lines.findIndex((l) => l.includes('Torte nach Wunsch'));
    expect(lines.slice(at, at + 6)).toEqual([
      '  1 × Torte nach Wunsch  EUR 39,50',
      '      Größe: Familie (26 cm)',
      '      Belag: Erdbeeren, Sahne',
      // the customer's text: a link in it is shown broken
      '      Aufschrift: Alles Gute, Oma! evil[.]example/x',
      // a file name that reads as a domain is shown broken too; the address is the shop's own
      `      Foto: oma[.]jpg (${BASE}/upload/AbCdEfGhIjKlMnOp/21-2.jpg)`,
      '  1 × Kaffee  EUR 1,50',
    ]);
  });

  it('lists the parts without step names for a job written before they were carried, and none for the customer', async () => {
    const old = renderNewOrderEmail('branch', order, branch, shop, BASE);
    expect(old.text).toContain('      Familie (26 cm)');
    expect(old.text).toContain('      Erdbeeren, Sahne');
    const customer = renderNewOrderEmail('customer', order, branch, shop, BASE, stepNames);
    expect(customer.text).not.toContain('Familie (26 cm)');
    expect(customer.text).toContain(`${BASE}/status/u-1/h-1`);
  });

  it("writes the customer's mail as HTML and plain text in the shop's layout, with the status link", async () => {
    const mail = renderNewOrderEmail('customer', order, branch, shop, BASE, stepNames);
    expect(mail.subject).toBe('Ihre Bestellung (Ticket 42) bei Donaugenuss Innere Stadt');
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('lang="de"');
    expect(mail.html).toContain('Donaugenuss</h1>');
    expect(mail.html).toContain(`background-color:${MAIL_COLOURS.brand}`);
    expect(mail.html).toContain(`background-color:${MAIL_COLOURS.accent}`);
    expect(mail.html).toContain(`href="${BASE}/status/u-1/h-1"`);
    expect(mail.text).not.toContain('<');
    const lines = mail.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Guten Tag Anna Berger,',
        'vielen Dank für Ihre Bestellung bei Donaugenuss Innere Stadt. Wir melden uns, sobald sie bestätigt ist.',
        'Ticket 42 · Abholung',
        'Termin: so bald wie möglich',
        `Bestellstatus ansehen ${BASE}/status/u-1/h-1`,
        // the branch below, from the layout
        'Donaugenuss Innere Stadt',
        'Graben 1, 1010 Wien',
      ]),
    );
    // the lines and the total keep their spaces, one after the other
    const at = lines.indexOf('  1 × Torte nach Wunsch  EUR 39,50');
    expect(lines.slice(at, at + 3)).toEqual([
      '  1 × Torte nach Wunsch  EUR 39,50',
      '  1 × Kaffee  EUR 1,50',
      '  Gesamt  EUR 41,00',
    ]);
  });

  it("writes the branch's copy in the same layout, without a status link, its comment on its lines", async () => {
    const commented = {
      ...order,
      customer: { ...order.customer, phone: '+43 660 1234567', comment: 'Bitte <b>klingeln</b>:\nwww.evil.example/x' },
    } as StaffOrder;
    const mail = renderNewOrderEmail('branch', commented, branch, shop, BASE, stepNames);
    expect(mail.subject).toBe('Neue Bestellung (Ticket 42) – Abholung');
    expect(mail.html).toContain('Donaugenuss</h1>');
    expect(mail.html).not.toContain('href=');
    expect(mail.text).toContain(
      'Neue Bestellung für Donaugenuss Innere Stadt:\n\nTicket 42 · Abholung\nTermin: so bald wie möglich',
    );
    expect(mail.text).toContain('Kunde: Anna Berger · +43 660 1234567 · anna.berger@example.at');
    expect(mail.text).toContain('Anmerkung: Bitte klingeln:\nwww[.]evil[.]example/x');
    expect(mail.text).toContain('Zahlung: Bar');
    // the customer's texts: the links broken and the markup left out in both parts, React escapes the rest
    for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/evil\.example|<b>|&lt;b&gt;/);
    expect(mail.html).toContain('Anmerkung: Bitte klingeln:<br/>www[.]evil[.]example/x');
  });

  it("greets without a name when the customer gave none, and says 'Bestellnummer' without tickets", async () => {
    const anonymous = {
      ...order,
      customer: { ...order.customer, firstName: null, lastName: null },
    } as unknown as StaffOrder;
    const mail = renderNewOrderEmail('customer', anonymous, branch, { ...shop, disableTickets: true }, BASE, stepNames);
    expect(mail.text.split('\n')).toContain('Guten Tag,');
    expect(mail.subject).toBe('Ihre Bestellung (Bestellnummer 42) bei Donaugenuss Innere Stadt');
  });
});
