import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MetricCard, type MetricAsk } from './MetricCard';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ask: MetricAsk = { period: { from: '2026-11-01', to: '2026-11-30' }, branch: undefined, interval: 'day' };
const popular = {
  metric: 'popular-items',
  unit: 'quantity',
  from: '2026-10-31T23:00:00.000Z',
  to: '2026-11-30T23:00:00.000Z',
  timeZone: 'Europe/Vienna',
  interval: 'day',
  total: 4,
  totals: [
    { unit: 'piece', value: 4 },
    { unit: 'gram', value: 5051 },
  ],
  series: [],
  breakdown: [
    { key: 'Bergkäse', value: 5051, unit: 'gram' },
    { key: 'Butterkipferl', value: 4, unit: 'piece' },
  ],
  cells: [],
  previous: {
    from: '2026-09-30T22:00:00.000Z',
    to: '2026-10-31T23:00:00.000Z',
    total: 2,
    totals: [{ unit: 'piece', value: 2 }],
  },
};
const show = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MetricCard metric="popular-items" kind="list" ask={ask} />
    </SWRConfig>,
  );

describe('a metric card (issue 41)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists items by unit, each total against the previous period, asking compare=previous', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ data: popular }));
    show();
    const card = await screen.findByRole('region', { name: 'Beliebte Artikel' });
    const table = await within(card).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['EintragEinheitWert', 'Bergkäseg5.051 g', 'ButterkipferlStk.4 Stk.']);
    const pieces = within(card).getByRole('group', { name: 'Beliebte Artikel: Summe (Stk.)' });
    expect(pieces.textContent).toContain('4 Stk.');
    expect(pieces.textContent).toContain('+100 %');
    // grams had none in the previous period: compared with 0, no percentage
    expect(within(card).getByRole('group', { name: 'Beliebte Artikel: Summe (g)' }).textContent).toContain(
      'kein Vergleichswert',
    );
    expect(within(card).getByText(/Vorzeitraum \(01\.10\.2026 – 31\.10\.2026\): 2 Stk\., 0 g/)).toBeTruthy();
    const url = new URL(String(fetchSpy.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/statistics/popular-items');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      interval: 'day',
      compare: 'previous',
    });
  });

  it("says 'Statistik konnte nicht geladen werden.' at the card, and its retry loads it again", async () => {
    let fail = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      fail ? json({ code: 'SERVICE_UNAVAILABLE', message: 'x' }, 503) : json({ data: popular }),
    );
    show();
    const card = await screen.findByRole('region', { name: 'Beliebte Artikel' });
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('Statistik konnte nicht geladen werden.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await within(card).findByText('Bergkäse');
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
