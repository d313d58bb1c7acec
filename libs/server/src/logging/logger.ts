import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';
import { redactPersonalData } from '../privacy/privacy-subject.js';
import { currentTraceId } from '../tracing/tracing.js';
import { currentRequestId } from './request-context.js';

/**
 * Fields that never reach a log line (pino's redaction, at the top level and one level down, e.g. in `body` or
 * `headers`): credentials, keys and tokens, and the personal data of customers and staff (a `customer` object as a
 * whole; issue 44: logs redacted at write time).
 */
const SECRET_FIELDS = [
  'password',
  'passwordHash',
  'apiKey',
  'token',
  'csrfToken',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-csrf-token',
  'email',
  'phone',
  'firstName',
  'lastName',
  'street',
  'address',
  'customer',
];
/** A customer's data two levels down as well (`snapshot.order.customer`, `order.customer.email`). */
const DEEP_FIELDS = ['customer', 'email', 'phone'];
const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => (f.includes('-') ? [`["${f}"]`, `*["${f}"]`] : [f, `*.${f}`])),
  ...DEEP_FIELDS.map((f) => `*.*.${f}`),
];

/**
 * What a database error carries besides its kind (TypeORM's QueryFailedError, pg's DatabaseError): the statement,
 * its parameters (a customer's e-mail, a password hash) and the row values Postgres quotes in `detail` and `where`.
 * The SQLSTATE `code`, the `constraint`, `table` and the stack stay: they say what failed without whose data.
 */
const STATEMENT_FIELDS = new Set(['query', 'parameters', 'driverError', 'detail', 'where', 'internalQuery', 'hint']);

/** What an error says about itself without whose data: kept as it is (a pod's address is no customer's number). */
const TECHNICAL_FIELDS = new Set(['type', 'code', 'errno', 'syscall', 'address', 'port', 'constraint', 'table']);

/** Every text in a serialized error (its message, stack, an SMTP `response`, `rejected` recipients …) redacted. */
function redactedTexts(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactPersonalData(value);
  if (!value || typeof value !== 'object' || depth > 3) return value;
  if (Array.isArray(value)) return value.map((v) => redactedTexts(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, TECHNICAL_FIELDS.has(k) ? v : redactedTexts(v, depth + 1)]),
  );
}

/**
 * An error as a log line shows it: without the statement and its values, and with e-mail addresses and phone numbers
 * redacted in its texts (issue 44: an SMTP or SMS provider's answer names the recipient).
 */
function errorWithoutStatement(err: unknown) {
  const serialized = pino.stdSerializers.err(err as Error) as unknown;
  if (!serialized || typeof serialized !== 'object') return serialized;
  return redactedTexts(
    Object.fromEntries(Object.entries(serialized).filter(([field]) => !STATEMENT_FIELDS.has(field))),
  );
}

/** JSON logs on stdout; every line carries the service name and, inside a request, its request id. */
export function createLogger(service: string, level: string = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: errorWithoutStatement, error: errorWithoutStatement },
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const requestId = currentRequestId();
        const traceId = currentTraceId();
        return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
      },
    },
    destination,
  );
}

/** Nest's logger interface on top of pino, so framework messages are JSON lines too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  // Nest's error and warning texts may quote what failed (a value, an address): redacted as an error's are
  error(message: unknown, trace?: string, context?: string) {
    const text = message instanceof Error ? message.message : String(message);
    this.logger.error(
      { context, trace: trace === undefined ? trace : redactPersonalData(String(trace)) },
      redactPersonalData(text),
    );
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, redactPersonalData(String(message)));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
