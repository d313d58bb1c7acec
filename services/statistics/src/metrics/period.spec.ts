import { ownBranchOf } from '../analytics/analytics.service.js';
import { storeIdentifierOf } from '../analytics/branch-directory.js';
import { splitSpans, wholeDays, wholeMonths } from './metric-ranges.js';
import { gridMonths } from './weekday-hour-grid.js';
import type { DataSource } from 'typeorm';
import { RollupRepository } from './rollup.repository.js';
import { hourOf, RollupDelta } from './rollups.js';
import { previousRange, resolveRange } from './period.js';

describe('statistics periods and rollup deltas', () => {
  // writes into the caller's transaction (here a manager that records the parameters): no data source needed
  const rollups = new RollupRepository({} as DataSource);

  it('takes dates as whole days in the shop time zone, across the daylight-saving change', () => {
    // 29 March 2026 has 23 hours in Vienna
    expect(resolveRange('2026-03-29', '2026-03-29', 'Europe/Vienna')).toEqual({
      from: new Date('2026-03-28T23:00:00Z'),
      to: new Date('2026-03-29T22:00:00Z'),
    });
    expect(resolveRange('2026-10-25T01:30:00+02:00', '2026-10-25', 'Europe/Vienna')).toEqual({
      from: new Date('2026-10-24T23:30:00Z'),
      to: new Date('2026-10-25T23:00:00Z'),
    });
  });

  it('sums increments per metric, hour, branch and key before one upsert', async () => {
    const d = new RollupDelta('Europe/Vienna');
    d.add('pages', new Date('2026-06-10T08:05:00Z'), 0, '/');
    d.add('pages', new Date('2026-06-10T08:55:00Z'), 0, '/');
    d.add('pages', new Date('2026-06-10T09:00:00Z'), 0, '/');
    d.add('revenue', new Date('2026-06-10T08:00:00Z'), 2, '', 1250);
    d.add('revenue', new Date('2026-06-10T08:00:00Z'), 2, '', 0);
    expect(d.size).toBe(5);
    expect(hourOf(new Date('2026-06-10T08:59:59.999Z'))).toEqual(new Date('2026-06-10T08:00:00Z'));
    const calls: unknown[][] = [];
    await rollups.write({ query: async (_sql: string, params: unknown[]) => void calls.push(params) } as never, d);
    // hourly (keyed rows, and the keyless hourly totals of the keyed pages), then daily in the shop's zone, then the
    // keyed pages' week (from Monday 8 June) and month
    expect(calls).toHaveLength(3);
    expect(calls[0]).toEqual([
      ...['pages', new Date('2026-06-10T08:00:00Z'), 0, '/', 2],
      ...['pages#hours', new Date('2026-06-10T08:00:00Z'), 0, '', 2],
      ...['pages', new Date('2026-06-10T09:00:00Z'), 0, '/', 1],
      ...['pages#hours', new Date('2026-06-10T09:00:00Z'), 0, '', 1],
      ...['revenue', new Date('2026-06-10T08:00:00Z'), 2, '', 1250],
    ]);
    expect(calls[1]).toEqual([
      ...['pages', '2026-06-10', 0, '/', 3],
      ...['pages#hours', '2026-06-10', 0, '', 3],
      ...['revenue', '2026-06-10', 2, '', 1250],
    ]);
    // (per branch, and over all branches: -1)
    expect(calls[2]).toEqual([
      ...['pages', 'week', '2026-06-08', 0, '/', 3],
      ...['pages', 'week', '2026-06-08', -1, '/', 3],
      ...['pages', 'month', '2026-06-01', 0, '/', 3],
      ...['pages', 'month', '2026-06-01', -1, '/', 3],
    ]);
  });

  it('puts an hour into the calendar day of the shop time zone, also on the daylight-saving days', async () => {
    const d = new RollupDelta('Europe/Vienna');
    // 23:30 UTC on 28 March is 00:30 on 29 March in Vienna (UTC+1); 21:30 UTC on 29 March is 23:30 (UTC+2)
    d.add('orders', new Date('2026-03-28T23:30:00Z'), 1, '');
    d.add('orders', new Date('2026-03-29T21:30:00Z'), 1, '');
    d.add('orders', new Date('2026-03-29T22:30:00Z'), 1, '');
    d.add('orders', new Date('2026-10-24T22:30:00Z'), 1, '');
    const calls: unknown[][] = [];
    await rollups.write({ query: async (_sql: string, params: unknown[]) => void calls.push(params) } as never, d);
    expect(calls[1]).toEqual([
      ...['orders', '2026-03-29', 1, '', 2],
      ...['orders', '2026-03-30', 1, '', 1],
      ...['orders', '2026-10-25', 1, '', 1],
    ]);
    // the month's weekday × hour grid in local time: Sunday 00:30 and 23:30 (either side of the change), Monday 00:30
    expect(calls[2]).toEqual([
      ...['orders#grid', 'month', '2026-03-01', 1, '7:0', 1],
      ...['orders#grid', 'month', '2026-03-01', 1, '7:23', 1],
      ...['orders#grid', 'month', '2026-03-01', 1, '1:0', 1],
      ...['orders#grid', 'month', '2026-10-01', 1, '7:0', 1],
    ]);
  });

  it("reads a month's weekday × hour grid from its cells less the hours outside the range when fewer", () => {
    const tz = 'Europe/Vienna';
    const parts = (from: string, to: string, now: string) =>
      gridMonths(new Date(from), new Date(to), tz, Date.parse(now)).map((m) => ({
        month: m.month,
        a: m.a.toISOString(),
        b: m.b.toISOString(),
        cells: m.cells,
      }));
    // the last 30 days on 28 November 2026 19:00 UTC: 29-31 October from their hours; November from its cells
    // less the hour after the range up to now (the rest of November has no rows yet)
    expect(parts('2026-10-29T19:00:00Z', '2026-11-28T18:00:00Z', '2026-11-28T19:00:00Z')).toEqual([
      { month: '2026-10-01', a: '2026-10-29T19:00:00.000Z', b: '2026-10-31T23:00:00.000Z', cells: false },
      { month: '2026-11-01', a: '2026-10-31T23:00:00.000Z', b: '2026-11-28T18:00:00.000Z', cells: true },
    ]);
    // a whole month (March: 743 hours, daylight saving) from its cells; a few days of one from their hours
    expect(parts('2026-02-28T23:00:00Z', '2026-04-03T22:00:00Z', '2026-11-28T00:00:00Z')).toEqual([
      { month: '2026-03-01', a: '2026-02-28T23:00:00.000Z', b: '2026-03-31T22:00:00.000Z', cells: true },
      { month: '2026-04-01', a: '2026-03-31T22:00:00.000Z', b: '2026-04-03T22:00:00.000Z', cells: false },
    ]);
    // most of a past month: its cells less the hours outside the range (all past, so all have rows)
    expect(parts('2026-06-03T10:00:00Z', '2026-06-29T05:00:00Z', '2026-11-28T00:00:00Z')[0].cells).toBe(true);
    expect(parts('2026-06-14T10:00:00Z', '2026-06-29T05:00:00Z', '2026-11-28T00:00:00Z')[0].cells).toBe(false);
  });

  it('splits whole days into whole months, then whole weeks from Monday, then single days', () => {
    expect(wholeMonths('2026-03-02', '2026-04-30')).toBeNull();
    expect(wholeMonths('2026-03-01', '2026-05-01')).toEqual({ a: '2026-03-01', b: '2026-05-01' });
    // 27 August (Thursday) to 25 November 2026: 27-31 Aug as days, September and October, Monday 2 to 23 November
    // as weeks, 23 and 24 November as days (1 November is a Sunday)
    expect(splitSpans('2026-08-27', '2026-11-25')).toEqual([
      { span: 'day', a: '2026-08-27', b: '2026-09-01' },
      { span: 'month', a: '2026-09-01', b: '2026-11-01' },
      { span: 'day', a: '2026-11-01', b: '2026-11-02' },
      { span: 'week', a: '2026-11-02', b: '2026-11-23' },
      { span: 'day', a: '2026-11-23', b: '2026-11-25' },
    ]);
    expect(splitSpans('2026-11-03', '2026-11-08')).toEqual([{ span: 'day', a: '2026-11-03', b: '2026-11-08' }]);
  });

  it('splits a range into its whole calendar days and the hours around them', () => {
    const tz = 'Europe/Vienna';
    // 28 March 10:00 to 31 March 05:00 Vienna time: whole days 29 (23 hours) and 30 March
    expect(wholeDays(new Date('2026-03-28T09:00:00Z'), new Date('2026-03-31T03:00:00Z'), tz)).toEqual({
      first: '2026-03-29',
      end: '2026-03-31',
      from: new Date('2026-03-28T23:00:00Z'),
      to: new Date('2026-03-30T22:00:00Z'),
    });
    // starting at midnight: that day is whole; 25 October has 25 hours
    expect(wholeDays(new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T23:00:00Z'), tz)).toEqual({
      first: '2026-10-25',
      end: '2026-10-26',
      from: new Date('2026-10-24T22:00:00Z'),
      to: new Date('2026-10-25T23:00:00Z'),
    });
    expect(wholeDays(new Date('2026-06-10T08:00:00Z'), new Date('2026-06-11T08:00:00Z'), tz)).toBeNull();
  });

  it('finds the branch of an event: its data, its page, else none', () => {
    const ids = new Map([['wien-innere-stadt', 4]]);
    const ev = (data: Record<string, string | number>) => ({ data });
    expect(ownBranchOf(ev({ branch: 7 }), null, ids)).toBe(7);
    expect(ownBranchOf(ev({ branch: 'wien-innere-stadt' }), null, ids)).toBe(4);
    expect(ownBranchOf(ev({ path: '/store/wien-innere-stadt/checkout' }), '/', ids)).toBe(4);
    expect(ownBranchOf(ev({}), '/self-service/store/wien-innere-stadt', ids)).toBe(4);
    expect(ownBranchOf(ev({ path: '/kontakt' }), '/store/wien-innere-stadt', ids)).toBe(0);
    expect(ownBranchOf(ev({ path: '/store/unbekannt' }), null, ids)).toBe(0);
    expect(storeIdentifierOf('/store/caf%C3%A9')).toBe('café');
  });

  it('compares a whole month with the month before, a year with the year before, other periods with as many days', () => {
    const tz = 'Europe/Vienna';
    const previous = (from: string, to: string) => previousRange({ from, to }, resolveRange(from, to, tz), tz);
    // "Letzter Monat": November against October (31 days, across the end of summer time), not the 30 days before
    expect(previous('2026-11-01', '2026-11-30')).toEqual({
      from: new Date('2026-09-30T22:00:00Z'),
      to: new Date('2026-10-31T23:00:00Z'),
    });
    // March against February; two whole months against the two before
    expect(previous('2026-03-01', '2026-03-31').from).toEqual(new Date('2026-01-31T23:00:00Z'));
    expect(previous('2026-03-01', '2026-04-30').from).toEqual(new Date('2025-12-31T23:00:00Z'));
    // "Letztes Jahr" and a year from any month's first day
    expect(previous('2025-01-01', '2025-12-31').from).toEqual(new Date('2023-12-31T23:00:00Z'));
    expect(previous('2025-12-01', '2026-11-30').from).toEqual(new Date('2024-11-30T23:00:00Z'));
    // not whole months: as many calendar days before
    expect(previous('2026-11-19', '2026-11-25')).toEqual({
      from: new Date('2026-11-11T23:00:00Z'),
      to: new Date('2026-11-18T23:00:00Z'),
    });
    expect(previous('2026-11-02', '2026-11-30').from).toEqual(new Date('2026-10-03T22:00:00Z'));
    // instants: as long before
    expect(previous('2026-11-25T10:00:00Z', '2026-11-25T12:00:00Z')).toEqual({
      from: new Date('2026-11-25T08:00:00Z'),
      to: new Date('2026-11-25T10:00:00Z'),
    });
  });
});
