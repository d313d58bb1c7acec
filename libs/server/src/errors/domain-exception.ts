import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope, type FieldError } from '@shop/contracts';
import { t, type MessageKey, type Params } from '@shop/i18n-de';

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
