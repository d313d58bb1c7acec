import { hourOf, RollupDelta } from './rollups.js';
import { resolveRange } from './period.js';

describe('statistics periods and rollup deltas', () => {
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
    const d = new RollupDelta();
    d.add('pages', new Date('2026-06-10T08:05:00Z'), 0, '/');
    d.add('pages', new Date('2026-06-10T08:55:00Z'), 0, '/');
    d.add('pages', new Date('2026-06-10T09:00:00Z'), 0, '/');
    d.add('revenue', new Date('2026-06-10T08:00:00Z'), 2, '', 1250);
    d.add('revenue', new Date('2026-06-10T08:00:00Z'), 2, '', 0);
    expect(d.size).toBe(3);
    expect(hourOf(new Date('2026-06-10T08:59:59.999Z'))).toEqual(new Date('2026-06-10T08:00:00Z'));
    const calls: unknown[][] = [];
    await d.write({ query: async (_sql: string, params: unknown[]) => void calls.push(params) } as never);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual([
      'pages',
      new Date('2026-06-10T08:00:00Z'),
      0,
      '/',
      2,
      'pages',
      new Date('2026-06-10T09:00:00Z'),
      0,
      '/',
      1,
      'revenue',
      new Date('2026-06-10T08:00:00Z'),
      2,
      '',
      1250,
    ]);
  });
});
