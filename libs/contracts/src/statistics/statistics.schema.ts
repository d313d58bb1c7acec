import { z } from 'zod';
import type { UnitName } from '../catalogue/units.js';

/* ------------------------------------------------------------ analytics log (storefront-presenter.md §7) */

const Scalar = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);
/** backoffice-platform.md §3 "Analytics log: type, action, category (default empty), data". */
export const AnalyticsEvent = z.object({
  type: z.string().min(1).max(50),
  action: z.string().min(1).max(200),
  category: z.string().max(100).nullable().default(null),
  /** small flat payloads only (product id, route, screen size …) */
  data: z
    .record(z.string().max(50), Scalar)
    .refine((d) => Object.keys(d).length <= 30, { message: 'validation.tooMany' })
    .default({}),
  /** when the event happened in the browser (ISO) */
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;
/** POST /api/analytics-log: the storefront sends its queued events in batches. */
export const AnalyticsBatch = z.object({ events: z.array(AnalyticsEvent).min(1).max(100) });
export type AnalyticsBatch = z.infer<typeof AnalyticsBatch>;

/**
 * What the gateway adds to a batch, because the browser cannot be trusted with it (Plausible's method): a
 * cookieless visitor id (hash of the day's salt, the site, the client address and the user agent; neither the
 * address nor the user agent is kept), browser and operating system from the user agent, and the page the browser
 * was on. An event's `data.referrer` (the browser's document.referrer) is cut to its host by the gateway.
 */
export const AnalyticsContext = z.object({
  visitorId: z.string().max(64),
  site: z.string().max(200),
  page: z.string().max(500).nullable(),
  browser: z.string().max(100).nullable(),
  os: z.string().max(100).nullable(),
});
export type AnalyticsContext = z.infer<typeof AnalyticsContext>;

/** A validated batch as the gateway publishes it (stream GATEWAY); the batch id makes storing it idempotent. */
export const AnalyticsReceivedEvent = z.object({
  batchId: z.string(),
  events: z.array(AnalyticsEvent),
  receivedAt: z.string(),
  /** what the gateway derived from the request (absent in batches published before issue 21) */
  context: AnalyticsContext.optional(),
});
export type AnalyticsReceivedEvent = z.infer<typeof AnalyticsReceivedEvent>;

/* ------------------------------------------------------------ system logs (GET /api/logs) */

export const LOG_LEVELS = ['error', 'warning', 'info'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** the process that noticed what a log entry tells */
export const LOG_SOURCES = ['gateway', 'order', 'payment', 'workers'] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

/** One entry of the system log (administrators only). `message` is German; `context` holds ids (orderId, deviceId, errorId …). */
export interface LogEntry {
  id: number;
  level: LogLevel;
  source: LogSource;
  /** what kind of entry: JOB_FAILED, PRINT_FAILED, PAYMENT_FAILED, PAYMENT_EXPIRED, PAYMENT_CANCELED, INTERNAL_ERROR */
  code: string;
  message: string;
  context: Record<string, unknown>;
  /** when it happened */
  createdAt: string;
}

/** Filters of GET /api/logs, paged like the other lists. */
export const LogListQuery = z.object({
  level: z.enum(LOG_LEVELS).optional(),
  source: z.enum(LOG_SOURCES).optional(),
  search: z.string().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
});
export type LogListQuery = z.input<typeof LogListQuery>;

/* ------------------------------------------------------------ events the log is fed by */

/** A worker reports a job that failed its last attempt (`order.job.record-failure`). */
export const JobFailureReport = z.object({
  jobId: z.string().min(1).max(200),
  queue: z.enum(['print', 'email', 'sms']),
  orderId: z.number().int().min(0),
  branch: z.number().int().min(0),
  reason: z.string().max(2000),
  attempts: z.number().int().min(0),
});
export type JobFailureReport = z.infer<typeof JobFailureReport>;

/** `order.job.failed` (stream JOBS): a print, e-mail or SMS job gave up after its last attempt. */
export const JobFailedEvent = JobFailureReport.extend({ at: z.string() });
export type JobFailedEvent = z.infer<typeof JobFailedEvent>;

/** `order.print.failed` (stream JOBS): a printer could not print a queue entry within PRINT_MAX_ATTEMPTS. */
export const PrintFailedEvent = z.object({
  entryId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  orderId: z.number().int().nullable(),
  jobKey: z.string(),
  /** the printer's status code or Epson's error code */
  reason: z.string(),
  attempts: z.number().int(),
  at: z.string(),
});
export type PrintFailedEvent = z.infer<typeof PrintFailedEvent>;

/** `gateway.error.occurred` (stream GATEWAY): a request answered 500; the errorId is the one in the answer. */
export const GatewayErrorEvent = z.object({
  errorId: z.string(),
  requestId: z.string(),
  method: z.string(),
  path: z.string(),
  /** 'gateway' when the gateway itself failed, 'service' when a service answered INTERNAL (its log has the cause) */
  origin: z.enum(['gateway', 'service']),
  /** the technical message of a gateway failure */
  detail: z.string().nullable(),
  at: z.string(),
});
export type GatewayErrorEvent = z.infer<typeof GatewayErrorEvent>;

/* ------------------------------------------------------------ analytics ingestion (issue 21) */

/** POST /api/analytics-log takes the spec's single event (type, action, category, data) or a batch of them. */
export const AnalyticsLogBody = z.union([AnalyticsBatch, AnalyticsEvent]);
export type AnalyticsLogBody = z.input<typeof AnalyticsLogBody>;

/* ------------------------------------------------------------ statistics metrics (backoffice-platform.md §7) */

/** backoffice-platform.md §7 "Statistics metrics" (the order of the spec). */
export const STATISTICS_METRICS = [
  'unique-visitors',
  'page-views',
  'pages',
  'events',
  'event-flow',
  'resolutions',
  'device-pixel-ratios',
  'color-schemes',
  'referrers',
  'browsers',
  'operating-systems',
  'orders',
  'revenue',
  'canceled-orders',
  'items',
  'popular-items',
  'visitor-times',
  'order-times',
  'order-origins',
  'revenue-origins',
  'working-activities',
  'working-schedules',
] as const;
export type StatisticsMetric = (typeof STATISTICS_METRICS)[number];

/** Where an order was placed: the storefront, a self-service terminal (/self-service), or by staff. */
export const ORDER_ORIGINS = ['storefront', 'self-service', 'staff'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];

export const STATISTICS_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type StatisticsInterval = (typeof STATISTICS_INTERVALS)[number];

/** A date (whole days in the shop's time zone) or an ISO date-time with offset. */
const DateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** the largest id a Postgres integer column holds (a larger one would fail in the query, not as bad input) */
const MAX_ID = 2_147_483_647;

/**
 * `compare`: the period to answer beside the asked one (issue 41) — `previous`: the period of equal length right
 * before it (as many calendar days when both ends are dates, else as long), so a dashboard needs no second request
 * per metric for the change against it.
 */
export const STATISTICS_COMPARISONS = ['previous'] as const;
export type StatisticsComparison = (typeof STATISTICS_COMPARISONS)[number];

/** GET /api/statistics/{metric}?from&to[&branch][&interval][&compare] */
export const StatisticsQuery = z.object({
  from: DateOrDateTime,
  to: DateOrDateTime,
  branch: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  interval: z.enum(STATISTICS_INTERVALS).default('day'),
  compare: z.enum(STATISTICS_COMPARISONS).optional(),
});
export type StatisticsQuery = z.input<typeof StatisticsQuery>;

/**
 * The units `items` and `popular-items` count in (issue 41: never grams added to pieces): one per unit type of
 * storefront-presenter.md §3, its base unit — weights in grams (gram, decagram, kilogram), volumes in millilitres
 * (ml, cl, dl, l), lengths, areas and volumes of the cubic type in mm, mm² and mm³; pieces, servings, pairs, persons
 * and packages each their own. In this order (pieces first) the answers list them. The base units are those of
 * @shop/domain's UNITS table (a spec of the statistics service checks both lists agree).
 */
export const STATISTICS_QUANTITY_UNITS = [
  'piece',
  'serving',
  'pair',
  'person',
  'package',
  'gram',
  'milliliter',
  'millimeter',
  'squareMillimeter',
  'cubicMillimeter',
] as const satisfies readonly UnitName[];
export type StatisticsQuantityUnit = (typeof STATISTICS_QUANTITY_UNITS)[number];

/** A quantity with its unit (items and popular-items). */
export interface StatisticsQuantity {
  unit: StatisticsQuantityUnit;
  value: number;
}

/**
 * One metric for a period. `total` is the metric over the period (counts, cents or hours), `series` its buckets
 * (the instant each bucket starts: hours, or calendar days, weeks from Monday and months in the shop's time zone),
 * `breakdown` the top list (pages, referrers, items, origins, the event flow "from → to" …), `cells` the weekday ×
 * hour grid (visitor-times, order-times; weekday 1 = Monday … 7 = Sunday).
 *
 * The quantity metrics (`unit: 'quantity'`: items, popular-items) count every unit on its own (issue 41): `totals`
 * holds the total per unit, every series and breakdown row names its `unit` (a bucket or an item has one row per
 * unit it was sold in; the top list holds up to 100 rows per unit), and `total` is the pieces alone, so that a
 * reader of `total` never gets grams added to pieces.
 */
export interface StatisticsReply {
  metric: StatisticsMetric;
  unit: 'count' | 'cents' | 'hours' | 'quantity';
  from: string;
  to: string;
  timeZone: string;
  interval: StatisticsInterval;
  total: number;
  /** the quantity metrics only: the total per unit (pieces first, a unit without a quantity left out) */
  totals?: StatisticsQuantity[];
  series: Array<{ bucket: string; value: number; unit?: StatisticsQuantityUnit }>;
  breakdown: Array<{ key: string; value: number; unit?: StatisticsQuantityUnit }>;
  cells: Array<{ weekday: number; hour: number; value: number }>;
  /** `compare=previous` only: the same metric for the period of equal length right before */
  previous?: StatisticsPreviousPeriod;
}

/** The figures of the period a reply is compared with (`compare=previous`). */
export interface StatisticsPreviousPeriod {
  from: string;
  to: string;
  total: number;
  /** the quantity metrics only, as the reply's own */
  totals?: StatisticsQuantity[];
}

/** GET /api/statistics/user-profile?user&start&now&end and …/user-profile-working-activities?user&start&end */
export const UserProfileQuery = z.object({
  user: z.coerce.number().int().min(1).max(MAX_ID),
  start: DateOrDateTime,
  now: DateOrDateTime.optional(),
  end: DateOrDateTime,
});
export type UserProfileQuery = z.input<typeof UserProfileQuery>;

/** An employee's worked and planned hours in a period and up to now; balance = worked − planned up to now. */
export interface UserProfileStatistics {
  user: number;
  start: string;
  now: string;
  end: string;
  workedHours: number;
  plannedHours: number;
  plannedHoursUntilNow: number;
  balanceHours: number;
}

/** The working activities of an employee in a period, with their hours, per day in the shop's time zone. */
export interface UserProfileWorkingActivities {
  user: number;
  start: string;
  end: string;
  totalHours: number;
  days: Array<{ day: string; hours: number }>;
}
