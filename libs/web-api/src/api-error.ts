import type { FieldError } from '@shop/contracts';

/** The code of a call that got no answer at all (offline, connection refused); its status is 0. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/**
 * A failed call: the HTTP status (0 when no answer came) and the gateway's error envelope
 * (`{message, code, errors: [{field, message}]}`, German messages; libs/contracts/src/api/envelope.ts).
 * The one error class of both web apps.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first server message if present, otherwise the given default (backoffice-platform.md §5, §8). */
  messageOr(fallback: string): string {
    return this.errors[0]?.message || this.message || fallback;
  }

  /** German messages per field path ('name', 'config.parts.size.options.0.name', …), the first of each. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) if (e.field && !out[e.field]) out[e.field] = e.message;
    return out;
  }
}

/** The first server message of any error, otherwise the default. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.messageOr(fallback) : fallback;
}

/**
 * Whether repeating the same call can succeed: no answer (offline), a timeout, too many requests, a server error, or
 * a failure that is no API error at all. Validation (422), permissions (401, 403), missing things (404) and
 * conflicts (409) answer the same again: no "Erneut versuchen" for them.
 */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;
}

/** A refusal for lack of rights (403): its message says so better than "… konnte nicht geladen werden." */
export function isForbidden(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 403;
}
