import { ORDER_STATUS_MAIL_KINDS } from '@shop/contracts';
import { BASE_URL as BASE, statusMailJob as job } from '../../test/mail-fixtures.js';
import { MAIL_COLOURS } from './mail-layout.js';
import { renderOrderStatusEmail } from './order-status-email.js';

/** the plain-text part's lines, without the empty ones */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe('renderOrderStatusEmail', () => {
  it('writes each kind in German with its own subject, as HTML and plain text from one template', async () => {
    const subjects: string[] = [];
    for (const kind of ORDER_STATUS_MAIL_KINDS) {
      const mail = renderOrderStatusEmail(
        job({ kind, order: kind === 'counter-proposal' ? { counterAppointment: '2026-12-24T17:30:00.000Z' } : {} }),
        BASE,
      );
      subjects.push(mail.subject);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain('lang="de"');
      expect(mail.text).not.toContain('<');
      expect(mail.text).toContain('Guten Tag Anna Berger,');
      expect(mail.text).toContain('Ticket 42');
    }
    expect(subjects).toEqual([
      'Ihre Bestellung (Ticket 42) bei Donaugenuss Innere Stadt ist bestätigt',
      'Ihre Bestellung (Ticket 42) ist abholbereit',
      'Ihre Bestellung (Ticket 42) ist unterwegs',
      'Neuer Termin für Ihre Bestellung (Ticket 42) bei Donaugenuss Innere Stadt',
      'Ihre Bestellung (Ticket 42) bei Donaugenuss Innere Stadt wurde abgelehnt',
      'Ihre Bestellung (Ticket 42) bei Donaugenuss Innere Stadt wurde storniert',
    ]);
  });

  it('shows the shop name on its colours, the status link and the branch to call', async () => {
    const mail = renderOrderStatusEmail(job(), BASE);
    expect(mail.html).toContain('Donaugenuss</h1>');
    expect(mail.html).toContain(`background-color:${MAIL_COLOURS.brand}`);
    expect(mail.html).toContain(`background-color:${MAIL_COLOURS.accent}`);
    expect(mail.html).toContain(`href="${BASE}/status/u-1/h-1"`);
    expect(linesOf(mail.text)).toEqual(
      expect.arrayContaining([
        'Ihre Bestellung bei Donaugenuss Innere Stadt ist bestätigt und wird jetzt zubereitet.',
        `Bestellstatus ansehen ${BASE}/status/u-1/h-1`,
        'Fragen? Sie erreichen Donaugenuss Innere Stadt unter +43 1 234567.',
        'Graben 1, 1010 Wien',
      ]),
    );
  });

  it('offers the two answers to a counter-proposal with its time in the branch time zone', async () => {
    const mail = renderOrderStatusEmail(
      job({ kind: 'counter-proposal', order: { counterAppointment: '2026-12-24T17:30:00.000Z' } }),
      BASE,
    );
    const lines = linesOf(mail.text);
    expect(lines).toContain('Die Filiale schlägt Ihnen einen neuen Termin vor: 24.12.2026 um 18:30 Uhr.');
    expect(lines).toContain(`Ja, Termin annehmen ${BASE}/status/u-1/h-1`);
    expect(lines).toContain(`Nein, Bestellung stornieren ${BASE}/status/u-1/h-1`);
    expect(lines.some((l) => l.startsWith('Bestellstatus ansehen'))).toBe(false);
    expect(mail.html.match(new RegExp(`href="${BASE}/status/u-1/h-1"`, 'g'))).toHaveLength(2);
  });

  it("carries the rejection's message, escaped in the HTML part", async () => {
    const mail = renderOrderStatusEmail(
      job({ kind: 'rejected', order: { rejectionMessage: 'Heute <b>ausgebucht</b> & geschlossen' } }),
      BASE,
    );
    expect(mail.text).toContain('Donaugenuss Innere Stadt kann Ihre Bestellung leider nicht annehmen.');
    expect(mail.text).toContain('Nachricht der Filiale: Heute <b>ausgebucht</b> & geschlossen');
    expect(mail.html).toContain('Heute &lt;b&gt;ausgebucht&lt;/b&gt; &amp; geschlossen');
    // no message: no line for it
    const plain = renderOrderStatusEmail(job({ kind: 'rejected' }), BASE);
    expect(plain.text).not.toContain('Nachricht der Filiale');
  });

  it("breaks a link in the customer's name, greets without a name, and says 'Bestellnummer' without tickets", async () => {
    const mail = renderOrderStatusEmail(
      job({ customer: { email: 'a@example.at', firstName: 'evil.example/x', lastName: null } }),
      BASE,
    );
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    const anonymous = renderOrderStatusEmail(
      job({
        customer: { email: 'a@example.at', firstName: null, lastName: null },
        sender: { ...job().sender, shop: { shopName: 'Donaugenuss', currency: 'EUR', disableTickets: true } },
      }),
      BASE,
    );
    expect(anonymous.text).toContain('Guten Tag,');
    expect(anonymous.subject).toBe('Ihre Bestellung (Bestellnummer 42) bei Donaugenuss Innere Stadt ist bestätigt');
  });
});
