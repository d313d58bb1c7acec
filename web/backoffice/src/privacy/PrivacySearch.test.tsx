import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render-screen';
import { json, PRIVACY_OFFICER, refusal, searchResult, serveGateway } from './fixtures/privacy-server';
import PrivacyPage from './PrivacyPage';

const ORDERS = {
  kind: 'orders' as const,
  rows: [
    { Ticketnummer: 'A-17', Datum: '2026-11-20T17:30:00.000Z', 'Summe (EUR)': 24.5, 'E-Mail': 'anna@example.at' },
    { Ticketnummer: 'B-3', Datum: '2026-12-01T08:05:00.000Z', 'Summe (EUR)': 9, 'E-Mail': 'anna@example.at' },
  ],
};
const MESSAGES = {
  kind: 'messages' as const,
  rows: [{ Art: 'SMS', Empfänger: '+43 664 1234567', Gesendet: true }],
};

async function search(fields: { email?: string; phone?: string; requestedBy?: string }) {
  const user = userEvent.setup();
  renderScreen(<PrivacyPage />, '/privacy');
  if (fields.email) await user.type(await screen.findByLabelText('E-Mail-Adresse'), fields.email);
  if (fields.phone) await user.type(screen.getByLabelText('Telefonnummer'), fields.phone);
  if (fields.requestedBy) await user.type(screen.getByLabelText('Anfrage von *'), fields.requestedBy);
  await user.click(screen.getByRole('button', { name: 'Suchen' }));
}

/** Issue 44 item 1: staff with the privacy permission find a customer's data by address and number. */
describe('issue 44: the privacy search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the query and who asked, and lists each section with its count and German field names', async () => {
    const calls = serveGateway(PRIVACY_OFFICER, {
      'POST /api/privacy/searches': () => json({ data: searchResult([MESSAGES, ORDERS]) }),
    });
    await search({ email: 'Anna@Example.at', phone: '0664 1234567', requestedBy: 'E-Mail vom 3. 12.' });

    const orders = await screen.findByRole('region', { name: 'Bestellungen (2 Einträge)' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      query: { email: 'Anna@Example.at', phone: '0664 1234567' },
      requestedBy: 'E-Mail vom 3. 12.',
    });
    // the contract's order: orders before messages, whatever order the services answered in
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Bestellungen (2 Einträge)', 'Gesendete E-Mails und SMS (1 Eintrag)']);
    const table = within(orders).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Ticketnummer', 'Datum', 'Summe (EUR)', 'E-Mail']);
    // instants in de-AT on the shop's clock, amounts with a decimal comma
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('A-1720.11.2026 18:3024,5anna@example.at');
    const messages = screen.getByRole('region', { name: 'Gesendete E-Mails und SMS (1 Eintrag)' });
    expect(within(messages).getByText('Ja')).toBeTruthy();
    expect(screen.queryByText('Keine Daten gefunden.')).toBeNull();
  });

  it("says 'Keine Daten gefunden.' when nothing holds the address, and sends an empty number as none", async () => {
    const calls = serveGateway(PRIVACY_OFFICER, {
      'POST /api/privacy/searches': () => json({ data: searchResult([{ kind: 'orders', rows: [] }]) }),
    });
    await search({ email: 'niemand@example.at', requestedBy: 'Telefonat am 4. 12.' });

    expect((await screen.findByRole('status')).textContent).toBe('Keine Daten gefunden.');
    expect(calls[0]!.body).toEqual({
      query: { email: 'niemand@example.at', phone: null },
      requestedBy: 'Telefonat am 4. 12.',
    });
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's German field errors at their fields (no address or number, no 'Anfrage von')", async () => {
    const missing = 'Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an.';
    const required = 'Dieser Wert sollte nicht leer sein.';
    const calls = serveGateway(PRIVACY_OFFICER, {
      'POST /api/privacy/searches': () =>
        refusal(422, 'VALIDATION_FAILED', missing, [
          { field: 'query.email', message: missing },
          { field: 'requestedBy', message: required },
        ]),
    });
    await search({});

    await waitFor(() => expect(screen.getByLabelText('E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('privacy-email-error')?.textContent).toBe(missing);
    expect(document.getElementById('privacy-requested-by-error')?.textContent).toBe(required);
    expect(screen.getByLabelText('Anfrage von *').getAttribute('aria-describedby')).toBe(
      'privacy-requested-by-hint privacy-requested-by-error',
    );
    expect(screen.getByLabelText('Telefonnummer').getAttribute('aria-invalid')).toBeNull();
    expect(calls[0]!.body).toEqual({ query: { email: null, phone: null }, requestedBy: '' });
    // the messages stand at the fields: no notice repeats them, and nothing was found
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Gefundene Daten' })).toBeNull();
  });

  it("a refusal without field errors is a notice in the server's words", async () => {
    const message = 'Dafür fehlen Ihnen die Rechte.';
    serveGateway(PRIVACY_OFFICER, {
      'POST /api/privacy/searches': () => refusal(403, 'FORBIDDEN', message),
    });
    await search({ email: 'anna@example.at', requestedBy: 'E-Mail vom 3. 12.' });
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });
});
