import type { FieldError } from '@shop/contracts';
import { t } from '../texts';

/** The login page; every 401 of an API call leads here (backoffice-platform.md §2, §8). */
export const LOGIN_PATH = '/backend/login';

/** A failed call: the HTTP status and the error envelope of api-contract.md (German messages). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }

  /** The first server message if present, otherwise the given default (backoffice-platform.md §5, §8). */
  messageOr(fallback: string): string {
    return this.errors[0]?.message || this.message || fallback;
  }

  /** German messages per field path ('name', 'config.parts.size.options.0.name', …). */
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

let csrfToken: string | null = null;
let redirecting = false;

/** Set by the login page (the login answer carries the token). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

async function fetchCsrfToken(): Promise<string> {
  const res = await fetch('/backend/csrf-token', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = (await parse(res)) as { data?: { csrfToken: string }; message?: string } | null;
  if (res.status === 401) throw toLogin(body?.message);
  csrfToken = body!.data!.csrfToken;
  return csrfToken;
}

/**
 * The login page a 401 leads to: back to the current screen afterwards (?next=#/…), and ?reason=session when the
 * server says the session is gone (the login page then says so instead of leaving the user wondering).
 */
export function loginUrl(hash: string, message = ''): string {
  const params = new URLSearchParams();
  if (hash.startsWith('#/')) params.set('next', hash);
  if (message === t('auth.noSession')) params.set('reason', 'session');
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/** Where the browser goes on a 401 (replaceable in unit tests). */
export const navigation = {
  toLogin(url: string): void {
    window.location.assign(url);
  },
};

function toLogin(message = ''): ApiError {
  if (!redirecting) {
    redirecting = true;
    navigation.toLogin(loginUrl(window.location.hash, message));
  }
  return new ApiError(401, 'UNAUTHENTICATED', message);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** the login page handles its own 401s (wrong password is a 401 too) */
  noLoginRedirect?: boolean;
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One API call: JSON in and out, the session cookie, the CSRF header on writes, 401 → login page. */
export async function request<T>(path: string, options: RequestOptions = {}, retried = false): Promise<{ data: T; meta?: unknown }> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && !options.noLoginRedirect) headers['x-csrf-token'] = csrfToken ?? (await fetchCsrfToken());
  const res = await fetch(path, {
    method, headers, credentials: 'same-origin', body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = (await parse(res)) as { data?: T; meta?: unknown; message?: string; code?: string; errors?: FieldError[] } | null;
  if (res.ok) return { data: (body?.data ?? null) as T, meta: body?.meta };
  if (res.status === 401 && !options.noLoginRedirect) throw toLogin(body?.message);
  // an expired CSRF secret (new login in another tab): fetch a fresh token once and repeat
  if (res.status === 403 && body?.code === 'CSRF_INVALID' && !retried) {
    csrfToken = null;
    return request(path, options, true);
  }
  throw new ApiError(res.status, body?.code ?? 'HTTP_' + res.status, body?.message ?? '', body?.errors ?? []);
}

export const api = {
  get: <T>(path: string) => request<T>(path).then((r) => r.data),
  list: <T>(path: string) => request<T[]>(path) as Promise<{ data: T[]; meta?: unknown }>,
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }).then((r) => r.data),
  put: <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body }).then((r) => r.data),
  delete: (path: string) => request<null>(path, { method: 'DELETE' }).then(() => null),
};

/** SWR's fetcher: the whole envelope for lists (meta), else data. */
export const fetcher = (path: string) => api.get<unknown>(path);
export const listFetcher = (path: string) => api.list<unknown>(path);
