import type { MessageBranch, MessageShop } from '@shop/contracts';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { button, lines, MailLayout, paragraph, preformatted, renderMail, STYLES } from './mail-layout.js';

const branch: MessageBranch = {
  id: 3,
  name: 'Donaugenuss & Söhne',
  street: 'Graben 1',
  zipCode: '1010',
  city: 'Wien',
  phone: '+43 1 234567',
  email: null,
  timezone: 'Europe/Vienna',
};
const shop: MessageShop = { shopName: 'Donaugenuss <Wien>', currency: 'EUR', disableTickets: false };

describe('renderMail', () => {
  it("renders the template once and takes the same plain text from its HTML as React Email's own conversion", async () => {
    const url = 'https://shop.example.at/status/u-1/h-1';
    const element = h(
      MailLayout,
      { preview: 'Vielen Dank für Ihre Bestellung.', branch, shop },
      paragraph('Guten Tag Anna <b>Berger</b> & Co,'),
      lines(['Ticket 42 · Lieferung', 'Termin: 24.12.2026 um 18:30 Uhr'], STYLES.strong),
      preformatted(['  1 × Torte nach Wunsch  EUR 39,50', '      Größe: Familie (26 cm)', '  Gesamt  EUR 41,00']),
      lines(['Anmerkung: Bitte klingeln:', '  eingerückt   mit Leerzeichen']),
      button(url, 'Bestellstatus ansehen'),
      button(url, 'Nein, Bestellung stornieren', true),
    );
    const mail = renderMail('Betreff', element);
    expect(mail.subject).toBe('Betreff');
    // React Email's own render, less React's streaming markers (comments): the same document, byte for byte
    const rendered = await render(element);
    expect(rendered).toContain('<!--$-->');
    expect(mail.html).toBe(rendered.replace(/<!--\/?\$-->|<!--(html|head|body)-->/g, ''));
    // what renderMail gave before: React Email's render to plain text, with the one selector of ours
    const text = await render(element, {
      plainText: true,
      htmlToTextOptions: { selectors: [{ selector: '[data-text-format="pre"]', format: 'pre' }] },
    });
    expect(mail.text).toBe(text);
    expect(mail.text).toContain(
      '  1 × Torte nach Wunsch  EUR 39,50\n      Größe: Familie (26 cm)\n  Gesamt  EUR 41,00',
    );
    expect(mail.text).toContain(`Bestellstatus ansehen ${url}`);
  });
});
