import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMe } from '../features/auth/use-me';
import { menuLinks } from '../test/menu-links';
import { renderScreen } from '../test/render-screen';
import { ADMIN, json, PRIVACY_OFFICER, record, refusal, serveGateway } from './fixtures/privacy-server';
import PrivacyPage from './PrivacyPage';

const DSB = { id: 5, name: 'Daniel Datenschutz' };

/** The logged-in staff member's name once their profile has loaded (beside the page, on the same SWR cache). */
function LoadedProfile() {
  const { data } = useMe();
  return data ? <p>{data.displayName}</p> : null;
}
const RECORDS = [
  record({
    id: 3,
    kind: 'erase',
    requestedBy: 'Brief vom 1. 12.',
    handledBy: DSB,
    createdAt: '2026-12-02T10:00:00.000Z',
    counts: [
      { kind: 'orders', count: 2 },
      { kind: 'files', count: 1 },
    ],
  }),
  record({
    id: 2,
    kind: 'export',
    createdAt: '2026-12-01T09:00:00.000Z',
    counts: [{ kind: 'orders', count: 2 }],
    exportFormat: 'json',
    exportExpiresAt: '2026-12-08T09:00:00.000Z',
    exportDownloadedAt: '2026-12-01T09:05:00.000Z',
  }),
  record({
    id: 1,
    kind: 'export',
    createdAt: '2020-01-10T09:00:00.000Z',
    exportFormat: 'csv',
    exportExpiresAt: '2020-01-17T09:00:00.000Z',
  }),
];

/** Issue 44 item 4: each request is kept (who asked, who handled it, what, when), visible to administrators. */
describe('issue 44: the requests list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows administrators every record with its kind, people, time, counts and export state, paged', async () => {
    const calls = serveGateway(ADMIN, {
      'GET /api/privacy/requests': (c) =>
        json({
          data: c.query.get('page') === '2' ? [] : RECORDS,
          meta: { total: 30, page: Number(c.query.get('page')), perPage: 25 },
        }),
    });
    renderScreen(<PrivacyPage />, '/privacy');

    const list = await screen.findByRole('region', { name: 'Anfragen' });
    const table = await within(list).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Art', 'Anfrage von', 'Bearbeitet von', 'Zeit', 'Ergebnis', 'Export']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['Löschung', 'Brief vom 1. 12.', 'Daniel Datenschutz', '02.12.2026 11:00', 'Bestellungen: 2, Dateien: 1', '–'],
      [
        'Datenexport',
        'E-Mail vom 3. 12.',
        'Anna Admin',
        '01.12.2026 10:00',
        'Bestellungen: 2',
        'heruntergeladen am 01.12.2026 10:05',
      ],
      ['Datenexport', 'E-Mail vom 3. 12.', 'Anna Admin', '10.01.2020 10:00', 'keine Daten', 'abgelaufen'],
    ]);
    expect(calls[0]!.query.get('page')).toBe('1');
    expect(calls[0]!.query.get('perPage')).toBe('25');

    await userEvent.click(within(list).getByRole('button', { name: 'Weiter' }));
    expect(await within(list).findByText('Noch keine Anfragen.')).toBeTruthy();
    expect(calls.at(-1)!.query.get('page')).toBe('2');
  });

  it('names the services an incomplete erasure waits for in German, not by their keys', async () => {
    // content did not answer; the orders and identity's customers were held back behind it (503, repeatable)
    const incomplete = record({
      id: 4,
      kind: 'erase',
      counts: [{ kind: 'analytics', count: 2 }],
      failedServices: ['content', 'order', 'identity'],
    });
    serveGateway(ADMIN, { 'GET /api/privacy/requests': () => json({ data: [incomplete] }) });
    renderScreen(<PrivacyPage />, '/privacy');

    const list = await screen.findByRole('region', { name: 'Anfragen' });
    const result = (await within(list).findAllByRole('cell'))[4]!;
    expect(result.textContent).toBe(
      'Analyse-Ereignisse: 2; unvollständig, nicht bestätigt von: Website-Inhalte, Bestellungen, Kundenstammdaten',
    );
  });

  it('is not shown to staff with the privacy role only, and not asked for', async () => {
    const calls = serveGateway(PRIVACY_OFFICER, {});
    renderScreen(
      <>
        <PrivacyPage />
        <LoadedProfile />
      </>,
      '/privacy',
    );
    // the page has the profile too (one SWR key): the list would be there now
    expect(await screen.findByText('Daniel Datenschutz')).toBeTruthy();
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Anfragen' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/privacy/requests')).toEqual([]);
  });

  it("says when the records could not be loaded, in the server's words for a refusal", async () => {
    serveGateway(ADMIN, {
      'GET /api/privacy/requests': () => refusal(503, 'SERVICE_UNAVAILABLE', 'Der Dienst ist nicht erreichbar.'),
    });
    renderScreen(<PrivacyPage />, '/privacy');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Anfragen konnten nicht geladen werden.');
    expect(within(alert).getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});

/** Issue 44: 'Datenschutz' is a permission of its own (ROLE_ADMIN or ROLE_PRIVACY). */
describe("issue 44: the menu's 'Datenschutz'", () => {
  afterEach(() => vi.restoreAllMocks());

  const offered = async (roles: string[]) =>
    (await menuLinks(roles)).some((a) => a.textContent === 'Datenschutz' && a.getAttribute('href') === '/privacy');

  it('is offered to administrators', async () => {
    expect(await offered(['ROLE_ADMIN'])).toBe(true);
  });

  it('is offered to employees with the privacy role', async () => {
    expect(await offered(['ROLE_EMPLOYEE', 'ROLE_PRIVACY'])).toBe(true);
  });

  it('is not offered to other employees, branch managers or content editors', async () => {
    expect(await offered(['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER', 'ROLE_CONTENT_EDITOR'])).toBe(false);
  });
});
