import type {
  GatewayErrorEvent,
  JobFailedEvent,
  LogLevel,
  LogSource,
  PaymentSettledEvent,
  PrintFailedEvent,
} from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { redactPersonalData } from '@shop/server';
import { createHash } from 'node:crypto';

/**
 * Which events an operator has to hear about, and how they read in the system log. Routine events (a paid
 * payment, a printed receipt) are not logged: the log is the list of things somebody may have to act on.
 */
export interface NewLogEntry {
  /** names the event, so a redelivered one adds nothing */
  eventKey: string;
  level: LogLevel;
  source: LogSource;
  code: string;
  message: string;
  context: Record<string, unknown>;
  createdAt: Date;
}

/** A job that gave up after its last attempt: a receipt not printed, a mail or SMS not sent. */
export function jobFailedEntry(e: JobFailedEvent): NewLogEntry {
  // an SMTP or SMS provider's answer may name the recipient (the workers redact it too; events of before did not)
  const reason = redactPersonalData(e.reason);
  return {
    eventKey: `job-failed:${e.jobId}`,
    level: 'error',
    source: 'workers',
    code: 'JOB_FAILED',
    message: t('logs.jobFailed', {
      job: t(`logs.job_${e.queue}`),
      jobId: e.jobId,
      attempts: e.attempts,
      reason,
    }),
    context: {
      jobId: e.jobId,
      queue: e.queue,
      ...(e.orderId ? { orderId: e.orderId } : {}),
      branchId: e.branch,
      attempts: e.attempts,
      reason,
    },
    createdAt: new Date(e.at),
  };
}

/** A printer that reported failure for the same receipt PRINT_MAX_ATTEMPTS times. */
export function printFailedEntry(e: PrintFailedEvent): NewLogEntry {
  return {
    eventKey: `print-failed:${e.entryId}`,
    level: 'error',
    source: 'order',
    code: 'PRINT_FAILED',
    message: t('logs.printFailed', { device: e.deviceName, jobKey: e.jobKey, attempts: e.attempts, reason: e.reason }),
    context: {
      deviceId: e.deviceId,
      ...(e.orderId ? { orderId: e.orderId } : {}),
      jobKey: e.jobKey,
      queueEntryId: e.entryId,
      attempts: e.attempts,
      reason: e.reason,
    },
    createdAt: new Date(e.at),
  };
}

const PAYMENT_OUTCOMES = {
  failed: { level: 'warning', code: 'PAYMENT_FAILED', key: 'logs.paymentFailed' },
  expired: { level: 'warning', code: 'PAYMENT_EXPIRED', key: 'logs.paymentExpired' },
  // the customer chose to leave the provider's page: worth knowing, nothing to fix
  canceled: { level: 'info', code: 'PAYMENT_CANCELED', key: 'logs.paymentCanceled' },
} as const;

/** An online payment that did not succeed (the order is marked failed); paid ones are not logged. */
export function paymentEntry(e: PaymentSettledEvent): NewLogEntry | null {
  if (e.status === 'paid') return null;
  const outcome = PAYMENT_OUTCOMES[e.status];
  const provider = e.provider === 'mollie' ? 'Mollie' : 'Datatrans';
  return {
    eventKey: `payment:${e.paymentId}`,
    level: outcome.level,
    source: 'payment',
    code: outcome.code,
    message: t(outcome.key, { provider, orderId: e.orderId }),
    context: {
      orderId: e.orderId,
      paymentId: e.paymentId,
      provider: e.provider,
      providerPaymentId: e.providerPaymentId,
      status: e.status,
    },
    createdAt: new Date(e.at),
  };
}

/** How many errorIds of a repeated 500 its entry keeps (the latest), so support still finds a quoted one. */
export const KEPT_ERROR_IDS = 20;

/**
 * What makes two 500s "the same error": where (origin, method, route pattern) and what (the gateway's message,
 * with numbers, hex ids and quoted values blanked, as they vary between otherwise equal failures).
 */
export function errorFingerprint(e: GatewayErrorEvent): string {
  const detail = (e.detail ?? '')
    .replace(/"[^"]*"|'[^']*'/g, '?')
    .replace(/\b[0-9a-f]{8}-[0-9a-f-]{27}\b/gi, '#')
    .replace(/\d+/g, '#');
  return createHash('sha256').update(`${e.origin} ${e.method} ${e.path} ${detail}`).digest('hex').slice(0, 16);
}

/**
 * A request answered 500: the errorId of the answer, so support finds the entry the customer quotes. The same
 * error (fingerprint) within one window of `windowMinutes` is one entry: its key names fingerprint and window,
 * and each further occurrence only counts (`count`, `lastSeenAt`, the latest errorIds; LogService.recordRepeated).
 */
export function gatewayErrorEntry(event: GatewayErrorEvent, windowMinutes: number): NewLogEntry {
  // a failure's message may quote what a customer sent (the gateway redacts it too; events of before did not)
  const e = event.detail ? { ...event, detail: redactPersonalData(event.detail) } : event;
  const fingerprint = errorFingerprint(e);
  const window = Math.floor(Date.parse(e.at) / (windowMinutes * 60_000));
  return {
    eventKey: `gateway-error:${fingerprint}:${window}`,
    level: 'error',
    source: 'gateway',
    code: 'INTERNAL_ERROR',
    message: t('logs.internalError', { method: e.method, path: e.path, errorId: e.errorId }),
    context: {
      errorId: e.errorId,
      requestId: e.requestId,
      method: e.method,
      path: e.path,
      origin: e.origin,
      ...(e.detail ? { detail: e.detail } : {}),
      fingerprint,
      count: 1,
      lastSeenAt: e.at,
      errorIds: [e.errorId],
    },
    createdAt: new Date(e.at),
  };
}
