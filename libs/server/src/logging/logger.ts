import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';
import { currentTraceId } from '../tracing/tracing.js';
import { currentRequestId } from './request-context.js';

/**
 * Fields that never reach a log line (pino's redaction, at the top level and one level down, e.g. in `body` or
 * `headers`): credentials, keys and tokens, and the personal data of customers and staff.
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
];
const REDACTED_PATHS = SECRET_FIELDS.flatMap((f) => (f.includes('-') ? [`["${f}"]`, `*["${f}"]`] : [f, `*.${f}`]));

/**
 * What a database error carries besides its kind (TypeORM's QueryFailedError, pg's DatabaseError): the statement,
 * its parameters (a customer's e-mail, a password hash) and the row values Postgres quotes in `detail` and `where`.
 * The SQLSTATE `code`, the `constraint`, `table` and the stack stay: they say what failed without whose data.
 */
const STATEMENT_FIELDS = new Set(['query', 'parameters', 'driverError', 'detail', 'where', 'internalQuery', 'hint']);

function errorWithoutStatement(err: unknown) {
  const serialized = pino.stdSerializers.err(err as Error) as unknown;
  if (!serialized || typeof serialized !== 'object') return serialized;
  return Object.fromEntries(Object.entries(serialized).filter(([field]) => !STATEMENT_FIELDS.has(field)));
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
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
