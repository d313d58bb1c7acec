import type { StatisticsMetric } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { annaRequest, rowsNamingAnna, seedCustomerData, view } from '../../../../test/privacy-fixtures.js';
import { busAnswering, statisticsKit } from '../../../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../../../test/statistics-test-database.js';
import { LogEntity } from '../../../logs/log.entity.js';
import { PrivacyRepository } from '../../privacy.repository.js';
import { FindPersonalData } from '../find-personal-data/find-personal-data.usecase.js';
import { ErasePersonalData } from './erase-personal-data.usecase.js';

const METRICS: StatisticsMetric[] = [
  'orders',
  'revenue',
  'items',
  'popular-items',
  'page-views',
  'pages',
  'events',
  'event-flow',
  'unique-visitors',
];

describe('ErasePersonalData (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: ReturnType<typeof statisticsKit>;
  let erase: ErasePersonalData;
  const from = new Date('2026-06-01T00:00:00Z');
  const to = new Date('2026-06-02T00:00:00Z');
  /** every metric's figures from the rollups, and whether they equal the raw GROUP BY */
  const figures = async () => {
    const out: Record<string, unknown> = {};
    for (const m of METRICS) {
      out[m] = await kit.metrics.aggregate(m, from, to, null, 'hour');
      expect({ m, ...(await kit.metrics.aggregate(m, from, to, null, 'hour', false)) }).toEqual({
        m,
        ...(out[m] as object),
      });
    }
    return out;
  };
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('privacy_erase'));
    kit = statisticsKit(ds, busAnswering({ 'catalogue.init.snapshot': () => ({ branches: [] }) }));
    await seedCustomerData(ds, kit);
    erase = new ErasePersonalData(ds, new PrivacyRepository(ds));
  });
  afterAll(() => close());

  it('leaves no address, number or name in any table, keeps the rows and every sum', async () => {
    expect((await rowsNamingAnna(ds)).length).toBeGreaterThan(0);
    const before = await figures();
    const logCount = await ds.getRepository(LogEntity).count();

    expect(await erase.execute(annaRequest())).toEqual({
      erased: [
        { kind: 'logs', count: 3 },
        { kind: 'analytics', count: 2 },
      ],
    });
    expect(await rowsNamingAnna(ds)).toEqual([]);
    // the log keeps its entries, with the personal text replaced; another customer's entry is as it was
    expect(await ds.getRepository(LogEntity).count()).toBe(logCount);
    const logs = await ds.getRepository(LogEntity).find({ order: { id: 'ASC' } });
    expect(logs.map((l) => [l.message, l.context.reason ?? l.context.detail ?? null])).toEqual([
      ['E-Mail-Auftrag fehlgeschlagen: 550 <[E-Mail]> rejected', '550 <[E-Mail]> rejected'],
      ['SMS-Auftrag fehlgeschlagen', 'provider: number [Telefon] unknown'],
      ['Unerwarteter Fehler bei POST /api/custom/form/:id', 'value "[Name]" too long'],
      ['Druckauftrag print-901-created fehlgeschlagen', null],
      ['550 <berta@example.at> rejected', null],
    ]);
    // orders, revenue and items are untouched; the page counted under the address now counts under its mark
    const after = await figures();
    expect(after).toEqual({
      ...before,
      pages: expect.anything(),
      'event-flow': expect.anything(),
    });
    const keys = (m: string) => (after[m] as { breakdown: unknown[] }).breakdown;
    // (redactPersonalData keeps the path before the address)
    expect(keys('pages')).toContainEqual({ key: '/suche/[E-Mail]', value: 1 });
    expect(keys('event-flow')).toContainEqual({ key: '/ → /suche/[E-Mail]', value: 1 });
    expect((after.pages as { total: number }).total).toBe((before.pages as { total: number }).total);

    // found again: nothing; erased again: nothing
    const again = await new FindPersonalData(ds, new PrivacyRepository(ds)).execute(annaRequest());
    expect(again.sections.map((s) => s.rows.length)).toEqual([0, 0]);
    expect(await erase.execute(annaRequest())).toEqual({
      erased: [
        { kind: 'logs', count: 0 },
        { kind: 'analytics', count: 0 },
      ],
    });
  });

  it("counts a late batch of the visitor's day against the renamed keys (rollups still equal the raw events)", async () => {
    await kit.analytics.store({
      batchId: '00000000-0000-4000-9000-0000000000ff',
      receivedAt: '2026-06-01T12:00:00Z',
      context: { visitorId: 'visitor-anna', site: 'shop', page: null, browser: 'Firefox', os: 'Linux' },
      events: [view('/store', '2026-06-01T10:03:00Z'), view('/danke', '2026-06-01T10:30:00Z')],
    });
    const after = await figures();
    expect((after['event-flow'] as { breakdown: unknown[] }).breakdown).toContainEqual({
      key: '/store → /suche/[E-Mail]',
      value: 1,
    });
    expect(await rowsNamingAnna(ds)).toEqual([]);
  });
});
