import { z } from 'zod';

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

/** A validated batch as the gateway publishes it (stream GATEWAY); the batch id makes storing it idempotent. */
export const AnalyticsReceivedEvent = z.object({
  batchId: z.string(),
  events: z.array(AnalyticsEvent),
  receivedAt: z.string(),
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
