import type {
  AnalyticsReceivedEvent,
  OrderChangedEvent,
  StatisticsInterval,
  UnitName,
  WorkPeriodSnapshot,
} from '@shop/contracts';
import fc from 'fast-check';
import { TEST_TIME_ZONE } from './statistics-test-database.js';

/**
 * Generated raw rows and ranges for the metric property tests (issue 41): analytics batches of a few visitors (and
 * of none), orders with lines in several units and later changes, work periods (crossing midnight, running, ending
 * before they start, corrected and deleted); ranges of single days, whole weeks, months and a year, across the
 * daylight-saving changes of Europe/Vienna, from and to any minute, empty ones.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** where the rows crowd: the daylight-saving changes of 2026, the turns of the year and of Oct/Nov and Nov/Dec (Vienna), mid-June */
const HOT = [
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
  '2026-10-31T23:00:00Z',
  '2026-11-30T23:00:00Z',
  '2025-12-31T23:00:00Z',
  '2026-06-15T10:00:00Z',
].map(Date.parse);
const SPAN = { min: Date.parse('2025-12-20T00:00:00Z'), max: Date.parse('2027-01-10T00:00:00Z') };

/** an instant (ms): mostly within four days of a hot spot, else anywhere from late 2025 to early 2027 */
export const instantArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(fc.constantFrom(...HOT), fc.integer({ min: -4 * DAY, max: 4 * DAY })).map(([c, o]) => c + o),
  },
  { weight: 1, arbitrary: fc.integer(SPAN) },
);

/* ------------------------------------------------------------ analytics */

/** paths as the storefront sends them, and values the contract lets through (an empty string, a number …) */
const PATHS = ['/', '/menu', '/store/wien', '/store/graz/checkout', '/kontakt', '', 7, true, null, undefined] as const;
const eventArb = fc.record({
  at: instantArb,
  type: fc.constantFrom('pageview', 'pageview', 'pageview', 'device', 'cart', 'checkout'),
  path: fc.constantFrom(...PATHS),
  action: fc.constantFrom('/', '/menu', 'Add to cart', 'Checkout start'),
  branch: fc.constantFrom(undefined, undefined, 1, 2, 'wien', 'unbekannt'),
  screenWidth: fc.constantFrom(390, 1920, '1440', '', true, undefined),
  screenHeight: fc.constantFrom(844, 1080, '900', '', undefined),
  pixelRatio: fc.constantFrom(1, 1.5, 2, '3', '', null, undefined),
  colorScheme: fc.constantFrom('light', 'dark', '', null, undefined),
  referrer: fc.constantFrom('www.google.com', 'www.instagram.com', '', 0, null, undefined),
});
type GeneratedEvent = typeof eventArb extends fc.Arbitrary<infer T> ? T : never;

/** a visitor (or, id null, batches without the gateway's context) with its events, sent in batches in their order */
const visitorArb = fc.record({
  id: fc.constantFrom<string | null>('v1', 'v2', 'v3', 'v4', 'v5', null),
  browser: fc.constantFrom<string | null>('Chrome', 'Firefox', 'Safari', null),
  os: fc.constantFrom<string | null>('Windows', 'iOS', null),
  page: fc.constantFrom<string | null>('/store/wien', '/store/graz', '/', null),
  events: fc.array(eventArb, { minLength: 10, maxLength: 60 }),
  batchSizes: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 }),
});

function eventOf(e: GeneratedEvent, at: number): AnalyticsReceivedEvent['events'][number] {
  const data: Record<string, string | number | boolean | null> = {};
  const put = (k: string, v: string | number | boolean | null | undefined) => {
    if (v !== undefined) data[k] = v;
  };
  if (e.type === 'pageview') put('path', e.path);
  if (e.type === 'device') {
    put('screenWidth', e.screenWidth);
    put('screenHeight', e.screenHeight);
    put('pixelRatio', e.pixelRatio);
    put('colorScheme', e.colorScheme);
    put('referrer', e.referrer);
  }
  put('branch', e.branch);
  return {
    type: e.type,
    action: e.type === 'pageview' && typeof e.path === 'string' && e.path ? e.path : e.action,
    category: null,
    data,
    occurredAt: new Date(at).toISOString(),
  };
}

/* ------------------------------------------------------------ orders */

const UNITS_SOLD: Array<UnitName | undefined> = [
  'piece',
  'piece',
  'gram',
  'decagram',
  'kilogram',
  'milliliter',
  'centiliter',
  'deciliter',
  'liter',
  'serving',
  'package',
  undefined,
];
const quantityArb = fc.oneof(
  fc.integer({ min: 1, max: 10 }),
  fc.integer({ min: 1, max: 5000 }).map((n) => n / 1000),
  fc.integer({ min: 1, max: 999 }),
);
const lineArb = fc.record({
  name: fc.constantFrom('Bergkäse', 'Butterkipferl', 'Milch', 'Pizza Margherita'),
  unit: fc.constantFrom(...UNITS_SOLD),
  quantity: quantityArb,
});
const orderArb = fc.record({
  at: instantArb,
  branch: fc.integer({ min: 1, max: 3 }),
  origin: fc.constantFrom('storefront', 'self-service', 'staff') as fc.Arbitrary<OrderChangedEvent['origin']>,
  totalCents: fc.integer({ min: 0, max: 20_000 }),
  /** one in ten canceled when placed */
  canceled: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  lines: fc.array(lineArb, { maxLength: 4 }),
});
/** a later change of the n-th order: canceled or not, a new total, its lines edited by staff */
const orderChangeArb = fc.record({
  n: fc.nat(),
  canceled: fc.option(fc.boolean(), { nil: undefined }),
  totalCents: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
  lines: fc.option(fc.array(lineArb, { maxLength: 3 }), { nil: undefined }),
});

/* ------------------------------------------------------------ work */

const segmentArb = fc.record({
  start: instantArb,
  // minutes: up to 20 hours (across midnight), some ending before they start
  minutes: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 20 * 60 }) },
    { weight: 1, arbitrary: fc.integer({ min: -90, max: 0 }) },
  ),
  seconds: fc.integer({ min: 0, max: 59_999 }),
});
const periodArb = fc.record({
  kind: fc.constantFrom<'activity' | 'schedule'>('activity', 'schedule'),
  user: fc.integer({ min: 1, max: 4 }),
  branch: fc.integer({ min: 0, max: 3 }),
  segments: fc.array(segmentArb, { minLength: 1, maxLength: 3 }),
  /** an activity still running: started this many minutes before now (0: not running) */
  runningFor: fc.oneof(
    { weight: 4, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 72 * 60 }) },
  ),
});
/** a later correction (new segments) or deletion of the n-th period */
const periodChangeArb = fc.record({
  n: fc.nat(),
  remove: fc.boolean(),
  segments: fc.array(segmentArb, { minLength: 1, maxLength: 2 }),
});

/* ------------------------------------------------------------ a data set */

export interface Dataset {
  batches: AnalyticsReceivedEvent[];
  created: OrderChangedEvent[];
  updates: OrderChangedEvent[];
  periods: WorkPeriodSnapshot[];
  periodChanges: Array<{ kind: 'activity' | 'schedule'; id: number; snapshot: WorkPeriodSnapshot | null }>;
  /** the derived rollup layers rebuilt from the hourly rows after ingestion (as at a start with a new time zone) */
  rebuild: boolean;
}

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const datasetArb: fc.Arbitrary<Dataset> = fc
  .record({
    visitors: fc.array(visitorArb, { minLength: 5, maxLength: 10 }),
    orders: fc.array(orderArb, { minLength: 40, maxLength: 120 }),
    orderChanges: fc.array(orderChangeArb, { minLength: 4, maxLength: 12 }),
    periods: fc.array(periodArb, { minLength: 12, maxLength: 30 }),
    periodChanges: fc.array(periodChangeArb, { minLength: 2, maxLength: 6 }),
    rebuild: fc.boolean(),
  })
  .map(({ visitors, orders, orderChanges, periods, periodChanges, rebuild }) => {
    let batchNo = 0;
    const batches: AnalyticsReceivedEvent[] = [];
    for (const v of visitors) {
      // a visitor's events in the order they happened, none at the same millisecond (the storefront sends them so)
      const times = v.events.map((e) => e.at).sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) if (times[i] <= times[i - 1]) times[i] = times[i - 1] + 1;
      const events = v.events.map((e, i) => eventOf(e, times[i]));
      for (let i = 0, b = 0; i < events.length; b++) {
        const size = v.batchSizes[b % v.batchSizes.length];
        const slice = events.slice(i, i + size);
        i += size;
        batches.push({
          batchId: uuid(++batchNo),
          receivedAt: slice[slice.length - 1].occurredAt as string,
          ...(v.id ? { context: { visitorId: v.id, site: 'shop', page: v.page, browser: v.browser, os: v.os } } : {}),
          events: slice,
        });
      }
    }
    const created = orders.map((o, i): OrderChangedEvent => ({
      id: i + 1,
      uid: `uid-${i + 1}`,
      branch: o.branch,
      verb: 'created',
      change: 'created',
      at: new Date(o.at).toISOString(),
      createdAt: new Date(o.at).toISOString(),
      origin: o.origin,
      totalCents: o.totalCents,
      canceled: o.canceled,
      items: o.lines.map((l, p) => ({
        productId: 10 + p,
        name: l.name,
        quantity: l.quantity,
        grossCents: 100,
        unit: l.unit,
      })),
    }));
    const updates = created.length
      ? orderChanges.map((c): OrderChangedEvent => {
          const o = created[c.n % created.length];
          return {
            id: o.id,
            uid: o.uid,
            branch: o.branch,
            verb: 'updated',
            change: c.lines ? 'item-updated' : 'changed',
            at: o.at,
            ...(c.canceled === undefined ? {} : { canceled: c.canceled }),
            ...(c.totalCents === undefined ? {} : { totalCents: c.totalCents }),
            ...(c.lines
              ? {
                  items: c.lines.map((l, p) => ({
                    productId: 10 + p,
                    name: l.name,
                    quantity: l.quantity,
                    grossCents: 100,
                    unit: l.unit,
                  })),
                }
              : {}),
          };
        })
      : [];
    const now = Date.now();
    const segmentsOf = (segs: Array<{ start: number; minutes: number; seconds: number }>) =>
      segs.map((s) => ({
        start: new Date(s.start).toISOString(),
        end: new Date(s.start + s.minutes * 60_000 + (s.minutes > 0 ? s.seconds : 0)).toISOString(),
      }));
    const snapshots = periods.map((p, i): WorkPeriodSnapshot => {
      const segments: WorkPeriodSnapshot['segments'] = segmentsOf(p.segments);
      if (p.kind === 'activity' && p.runningFor)
        segments.push({ start: new Date(now - p.runningFor * 60_000).toISOString(), end: null });
      return { kind: p.kind, id: i + 1, user: p.user, branch: p.branch, segments };
    });
    const changes = snapshots.length
      ? periodChanges.map((c) => {
          const p = snapshots[c.n % snapshots.length];
          return {
            kind: p.kind,
            id: p.id,
            snapshot: c.remove ? null : { ...p, segments: segmentsOf(c.segments) },
          };
        })
      : [];
    return { batches, created, updates, periods: snapshots, periodChanges: changes, rebuild };
  });

/* ------------------------------------------------------------ ranges */

export interface RangeAsk {
  label: string;
  from: string;
  to: string;
  interval: StatisticsInterval;
  branch?: number;
  compare: boolean;
}

const localDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: TEST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** the calendar day of an instant in Vienna */
export const viennaDay = (ms: number): string => localDate.format(ms);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TEST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** an instant as Vienna's clock writes it, with its offset (`2026-10-25T02:30:00.123+01:00`), or in UTC */
function isoOf(ms: number, local: boolean): string {
  if (!local) return new Date(ms).toISOString();
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) + (ms % 1000);
  const offset = Math.round((wall - ms) / 60_000);
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  const frac = String(ms % 1000).padStart(3, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${frac}${offset >= 0 ? '+' : '-'}${hh}:${mm}`;
}

const MONTHS = Array.from({ length: 14 }, (_, i) => {
  const start = new Date(Date.UTC(2025, 11 + i, 1));
  const end = new Date(Date.UTC(2025, 12 + i, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
});

/** the shapes of range, before their interval, branch and comparison */
const shapeArb: fc.Arbitrary<Omit<RangeAsk, 'interval' | 'branch' | 'compare'> & { days: number }> = fc.oneof(
  instantArb.map((ms) => ({ label: 'a single day', from: viennaDay(ms), to: viennaDay(ms), days: 1 })),
  instantArb.map((ms) => {
    const monday = addDays(viennaDay(ms), -weekday(viennaDay(ms)));
    return { label: 'a whole week', from: monday, to: addDays(monday, 6), days: 7 };
  }),
  fc.constantFrom(...MONTHS).map((m) => ({ label: 'a whole month', ...m, days: 31 })),
  fc.constantFrom(
    { label: 'a year', from: '2026-01-01', to: '2026-12-31', days: 365 },
    { label: 'a year from mid-month', from: '2025-12-15', to: '2026-12-14', days: 365 },
  ),
  fc
    .tuple(fc.constantFrom(...HOT), fc.integer({ min: -30, max: 30 }), fc.integer({ min: 1, max: 96 }))
    .map(([c, h, n]) => ({
      label: 'whole hours',
      from: isoOf(c + h * HOUR, true),
      to: isoOf(c + (h + n) * HOUR, true),
      days: Math.ceil(n / 24),
    })),
  fc
    .tuple(
      instantArb,
      fc.oneof(
        fc.integer({ min: 60_000, max: 3 * HOUR }),
        fc.integer({ min: HOUR, max: 4 * DAY }),
        fc.integer({ min: DAY, max: 45 * DAY }),
      ),
      fc.boolean(),
    )
    .map(([ms, length, local]) => ({
      label: 'from and to any minute',
      from: isoOf(ms, local),
      to: isoOf(ms + length, local),
      days: Math.ceil(length / DAY),
    })),
  fc.constantFrom(
    { label: 'the spring daylight-saving day', from: '2026-03-29', to: '2026-03-29', days: 1 },
    { label: 'the autumn daylight-saving day', from: '2026-10-25', to: '2026-10-25', days: 1 },
    { label: 'days across the spring change', from: '2026-03-27', to: '2026-03-31', days: 5 },
    { label: 'days across the autumn change', from: '2026-10-23', to: '2026-11-02', days: 11 },
    { label: 'mid-month across the autumn change', from: '2026-10-14', to: '2026-11-13', days: 31 },
  ),
  fc.integer({ min: 1, max: 40 }).map((n) => ({
    label: 'the last days up to today',
    from: viennaDay(Date.now() - (n - 1) * DAY),
    to: viennaDay(Date.now()),
    days: n,
  })),
  fc.constant({ label: 'an empty range', from: '2020-03-01', to: '2020-03-31', days: 31 }),
);

/** a range with its interval (by the hour up to 92 days), sometimes one branch, sometimes compared with the one before */
export const rangeArb: fc.Arbitrary<RangeAsk> = shapeArb.chain(({ days, ...shape }) =>
  fc
    .record({
      interval:
        days <= 92
          ? fc.constantFrom<StatisticsInterval>('hour', 'day', 'week', 'month')
          : fc.constantFrom<StatisticsInterval>('day', 'week', 'month'),
      branch: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
      compare: fc.boolean(),
    })
    .map((x) => ({ ...shape, ...x })),
);
