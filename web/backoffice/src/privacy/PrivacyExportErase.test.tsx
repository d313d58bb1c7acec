import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render-screen';
import {
  exportGone,
  json,
  PRIVACY_OFFICER,
  record,
  refusal,
  searchResult,
  serveGateway,
  type Handler,
} from './fixtures/privacy-server';
import { fileSaver } from './privacy-api';
import PrivacyPage from './PrivacyPage';

const INPUT = { query: { email: 'anna@example.at', phone: null }, requestedBy: 'E-Mail vom 3. 12.' };
const FOUND = searchResult([{ kind: 'orders', rows: [{ Ticketnummer: 'A-17', 'E-Mail': 'anna@example.at' }] }]);
const EXPORTED = record({
  id: 12,
  kind: 'export',
  exportFormat: 'csv',
  exportExpiresAt: '2026-12-24T13:00:00.000Z',
  counts: [{ kind: 'orders', count: 1 }],
});
const CSV = 'Bereich;Nr.;Feld;Wert\r\nBestellungen;1;Ticketnummer;A-17\r\n';

/** The page after a search for anna@example.at (asked by e-mail), with these further routes of the gateway. */
async function afterSearch(handlers: Record<string, Handler>) {
  const calls = serveGateway(PRIVACY_OFFICER, {
    'POST /api/privacy/searches': () => json({ data: FOUND }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderScreen(<PrivacyPage />, '/privacy');
  await user.type(await screen.findByLabelText('E-Mail-Adresse'), 'anna@example.at');
  await user.type(screen.getByLabelText('Anfrage von *'), 'E-Mail vom 3. 12.');
  await user.click(screen.getByRole('button', { name: 'Suchen' }));
  await screen.findByRole('region', { name: 'Bestellungen (1 Eintrag)' });
  return { calls, user };
}

/** Issue 44 item 2: one file per request, JSON or CSV, downloadable once by the staff member who asked. */
describe('issue 44: the export', () => {
  let saved: Array<{ name: string; text: string }>;
  beforeEach(() => {
    saved = [];
    vi.spyOn(fileSaver, 'save').mockImplementation((blob, name) => {
      void blob.text().then((text) => saved.push({ name, text }));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('exports the searched request as CSV, offers the file until when and once, and then no more', async () => {
    const { calls, user } = await afterSearch({
      'POST /api/privacy/exports': () => json({ data: EXPORTED }),
      'GET /api/privacy/exports/12/download': () =>
        new Response(CSV, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="datenauskunft-12.csv"',
          },
        }),
    });
    await user.click(screen.getByRole('radio', { name: 'CSV' }));
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));

    const download = await screen.findByRole('button', { name: 'Datei herunterladen' });
    expect(calls.find((c) => c.path === '/api/privacy/exports')?.body).toEqual({ ...INPUT, format: 'csv' });
    // 13:00 UTC is 14:00 in Vienna
    expect(screen.getByText('(CSV, gültig bis 24.12.2026 14:00)')).toBeTruthy();
    expect(screen.getByText('Die Datei kann nur einmal heruntergeladen werden.')).toBeTruthy();

    await user.click(download);
    expect((await screen.findByText('Die Datei wurde heruntergeladen.')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(saved).toEqual([{ name: 'datenauskunft-12.csv', text: CSV }]));
    expect(screen.queryByRole('button', { name: 'Datei herunterladen' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/privacy/exports/12/download')).toHaveLength(1);
  });

  it.each([
    [
      'downloaded already',
      exportGone('downloaded', '03.12.2026, 10:15'),
      'am 03.12.2026, 10:15 bereits heruntergeladen',
    ],
    ['expired', exportGone('expired', '10.12.2026, 10:15'), 'am 10.12.2026, 10:15 abgelaufen'],
  ])(
    "a file the server no longer has (%s, the gateway's 404): its German message, the button gone",
    async (_, answer, says) => {
      const { calls, user } = await afterSearch({
        'POST /api/privacy/exports': () => json({ data: { ...EXPORTED, exportFormat: 'json' } }),
        'GET /api/privacy/exports/12/download': () => answer.clone(),
      });
      await user.click(screen.getByRole('button', { name: 'Exportieren' }));
      await user.click(await screen.findByRole('button', { name: 'Datei herunterladen' }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(says);
      expect(alert.textContent).toContain('Bitte erstellen Sie');
      // nothing to repeat: no retry, no button, no file; a new export can be made
      expect(within(alert).queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Datei herunterladen' })).toBeNull();
      expect(screen.queryByText('Die Datei wurde heruntergeladen.')).toBeNull();
      expect(screen.getByRole('button', { name: 'Exportieren' })).toBeTruthy();
      expect(fileSaver.save).not.toHaveBeenCalled();
      expect(calls.filter((c) => c.path === '/api/privacy/exports/12/download')).toHaveLength(1);
    },
  );

  it('a download that failed otherwise keeps the button and offers to repeat it', async () => {
    let answers = 0;
    const { calls, user } = await afterSearch({
      'POST /api/privacy/exports': () => json({ data: EXPORTED }),
      'GET /api/privacy/exports/12/download': () =>
        ++answers === 1
          ? refusal(503, 'SERVICE_UNAVAILABLE', 'Der Dienst ist nicht erreichbar.')
          : new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await user.click(await screen.findByRole('button', { name: 'Datei herunterladen' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Der Dienst ist nicht erreichbar.');
    expect(screen.getByRole('button', { name: 'Datei herunterladen' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Die Datei wurde heruntergeladen.')).toBeTruthy();
    await waitFor(() => expect(saved).toEqual([{ name: 'datenauskunft-12.csv', text: CSV }]));
    expect(calls.filter((c) => c.path === '/api/privacy/exports/12/download')).toHaveLength(2);
  });
});

/** Issue 44 item 3: personal data removed everywhere, orders within the tax period anonymised, after a confirmation. */
describe('issue 44: the erasure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what happens, erases only once confirmed, and shows the counts per kind', async () => {
    const erased = record({
      id: 13,
      kind: 'erase',
      counts: [
        { kind: 'orders', count: 2 },
        { kind: 'messages', count: 3 },
        { kind: 'orders', count: 1 },
        { kind: 'files', count: 1 },
      ],
    });
    const { calls, user } = await afterSearch({ 'POST /api/privacy/erasures': () => json({ data: erased }) });
    await user.click(screen.getByRole('button', { name: 'Daten löschen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Daten dieser Person löschen?' });
    expect(dialog.textContent).toContain('Bestellungen innerhalb der steuerlichen Aufbewahrungsfrist');
    expect(dialog.textContent).toContain('Beträge, Positionen, Steuern, Datum und Ticketnummern bleiben erhalten');
    const erase = within(dialog).getByRole('button', { name: 'Endgültig löschen' }) as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /möchte die Daten endgültig löschen/ }));
    expect(erase.disabled).toBe(false);
    await user.click(erase);

    const counts = await screen.findByRole('region', { name: 'Gelöscht oder anonymisiert' });
    expect(calls.filter((c) => c.path === '/api/privacy/erasures').map((c) => c.body)).toEqual([INPUT]);
    const rows = within(counts)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['Bestellungen', '3'],
      ['Gesendete E-Mails und SMS', '3'],
      ['Dateien', '1'],
    ]);
    // the erased data is no longer on screen, nor is a second erasure offered
    expect(screen.queryByRole('region', { name: 'Bestellungen (1 Eintrag)' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Daten löschen' })).toBeNull();
  });

  it('cancelling sends nothing', async () => {
    const { calls, user } = await afterSearch({});
    await user.click(screen.getByRole('button', { name: 'Daten löschen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/privacy/erasures')).toEqual([]);
    expect(screen.getByRole('region', { name: 'Bestellungen (1 Eintrag)' })).toBeTruthy();
  });
});
