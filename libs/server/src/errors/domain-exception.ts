import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope, type FieldError } from '@shop/contracts';
import { t, type MessageKey, type Params } from '@shop/i18n-de';

/**
 * The Retry-After (seconds) of a 503: long enough for a burst to drain from a full pool, short enough that a
 * customer's retry is not noticed as a wait.
 */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

/**
 * A failure the caller can act on, with a machine code and German per-field messages. Services throw it;
 * it crosses NATS as a plain object (toJSON) and the gateway turns it into the HTTP error envelope.
 */
export class DomainException extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly errors: FieldError[] = [],
    message?: string,
    readonly extra: { errorId?: string; retryAfter?: number } = {},
  ) {
    super(message ?? errors[0]?.message ?? code);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toJSON(): ErrorEnvelope & { status: number; retryAfter?: number } {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      errors: this.errors,
      ...(this.extra.errorId ? { errorId: this.extra.errorId } : {}),
      ...(this.extra.retryAfter ? { retryAfter: this.extra.retryAfter } : {}),
    };
  }

  /** One message, optionally tied to a field. */
  static of(code: ErrorCode, key: MessageKey, params?: Params, field: string | null = null): DomainException {
    const message = t(key, params);
    return new DomainException(code, [{ field, message }], message);
  }

  static validation(errors: FieldError[]): DomainException {
    return new DomainException('VALIDATION_FAILED', errors);
  }

  static notFound(label?: string): DomainException {
    return label
      ? DomainException.of('NOT_FOUND', 'http.resourceNotFound', { label })
      : DomainException.of('NOT_FOUND', 'http.notFound');
  }

  static forbidden(key: MessageKey = 'http.forbidden'): DomainException {
    return DomainException.of('FORBIDDEN', key);
  }

  /** Nothing was done because a dependency is out of reach for now (no database connection): retry later. */
  static unavailable(retryAfter = UNAVAILABLE_RETRY_AFTER_S): DomainException {
    const message = t('http.serviceUnavailable');
    return new DomainException('SERVICE_UNAVAILABLE', [{ field: null, message }], message, { retryAfter });
  }

  /** Rebuilds the exception from its wire form; null when the object is not one. */
  static fromWire(value: unknown): DomainException | null {
    if (!value || typeof value !== 'object') return null;
    const v = value as Partial<ErrorEnvelope & { retryAfter: number }>;
    if (typeof v.code !== 'string' || !(v.code in ERROR_STATUS) || !Array.isArray(v.errors)) return null;
    return new DomainException(v.code as ErrorCode, v.errors, v.message, {
      errorId: v.errorId,
      retryAfter: v.retryAfter,
    });
  }
}
