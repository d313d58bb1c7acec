import type { ErrorEnvelope, FieldError } from '@shop/contracts';
import { ApiError, NETWORK_ERROR } from './api-error.js';
import type { BodyOf, FixedPathOf, ListEnvelope, Method, PathOf, ResponseOf } from './paths.js';
import type { ApiUrl } from './url.js';

/** What one call may add: headers (Idempotency-Key), keepalive (a batch sent as the page goes), credentials. */
export interface CallOptions {
  headers?: Record<string, string>;
  /** the request outlives the page (sent on pagehide) */
  keepalive?: boolean;
  /** default 'same-origin' (the staff session cookie); 'omit' sends no cookie at all */
  credentials?: RequestCredentials;
}

export interface ApiClientOptions {
  /** Headers every request of a method gets, e.g. the back office's CSRF token on writes (may be fetched first). */
  headers?: (method: Method) => Record<string, string> | Promise<Record<string, string>>;
  /**
   * Every failed answer passes here before the call fails: throw (the default throws `error` as it is), or return
   * `repeat()` to send the same request once more (`repeated` tells whether this already is the repetition).
   */
  onError?: (
    error: ApiError,
    repeat: () => Promise<ListEnvelope<unknown>>,
    repeated: boolean,
  ) => Promise<ListEnvelope<unknown>>;
}

type BodyArgs<M extends Method, P> =
  undefined extends BodyOf<M, P> ? [body?: BodyOf<M, P>, call?: CallOptions] : [body: BodyOf<M, P>, call?: CallOptions];

/**
 * The typed calls: a path without parameters as it is ('/api/orders/current'), any other through apiUrl(…).
 * Bodies and answers come from the gateway's OpenAPI document (paths.ts over openapi.generated.ts), whose answers
 * are the types of libs/contracts.
 */
export interface ApiClient {
  get<P extends FixedPathOf<'GET'>>(url: P, call?: CallOptions): Promise<ResponseOf<'GET', P>>;
  get<P extends PathOf<'GET'>>(url: ApiUrl<P>, call?: CallOptions): Promise<ResponseOf<'GET', P>>;
  /** a GET whose envelope matters too: lists with their paging (`meta`) */
  list<P extends FixedPathOf<'GET'>>(url: P, call?: CallOptions): Promise<ListEnvelope<ResponseOf<'GET', P>>>;
  list<P extends PathOf<'GET'>>(url: ApiUrl<P>, call?: CallOptions): Promise<ListEnvelope<ResponseOf<'GET', P>>>;
  post<P extends FixedPathOf<'POST'>>(url: P, ...args: BodyArgs<'POST', P>): Promise<ResponseOf<'POST', P>>;
  post<P extends PathOf<'POST'>>(url: ApiUrl<P>, ...args: BodyArgs<'POST', P>): Promise<ResponseOf<'POST', P>>;
  put<P extends PathOf<'PUT'>>(url: ApiUrl<P>, ...args: BodyArgs<'PUT', P>): Promise<ResponseOf<'PUT', P>>;
  delete<P extends PathOf<'DELETE'>>(url: ApiUrl<P>, call?: CallOptions): Promise<ResponseOf<'DELETE', P>>;
}

/** The answer's JSON, or null: no body (204), not JSON (a proxy's HTML page), or a body that cannot be read. */
async function readJson(res: Response): Promise<unknown> {
  try {
    const text = await res.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * One same-origin JSON client over the gateway's envelope: `{data, meta}` on success, `{message, code, errors}` on
 * failure (thrown as {@link ApiError}; no answer at all is status 0, {@link NETWORK_ERROR}). Each app makes its own
 * (the back office adds the CSRF header and the way to the login page), both share this one.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const send = async (
    method: Method,
    url: string,
    body: unknown,
    call: CallOptions = {},
    repeated = false,
  ): Promise<ListEnvelope<unknown>> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, await options.headers?.(method), call.headers);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        credentials: call.credentials ?? 'same-origin',
        keepalive: call.keepalive,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, NETWORK_ERROR, '');
    }
    const envelope = (await readJson(res)) as (Partial<ErrorEnvelope> & Partial<ListEnvelope<unknown>>) | null;
    if (res.ok) return { data: envelope?.data ?? null, meta: envelope?.meta };
    const errors: FieldError[] = Array.isArray(envelope?.errors) ? envelope.errors : [];
    const error = new ApiError(res.status, envelope?.code ?? `HTTP_${res.status}`, envelope?.message ?? '', errors);
    if (!options.onError) throw error;
    return options.onError(error, () => send(method, url, body, call, true), repeated);
  };
  const data = (r: ListEnvelope<unknown>) => r.data;
  const client = {
    get: (url: string, call?: CallOptions) => send('GET', url, undefined, call).then(data),
    list: (url: string, call?: CallOptions) => send('GET', url, undefined, call),
    post: (url: string, body?: unknown, call?: CallOptions) => send('POST', url, body, call).then(data),
    put: (url: string, body?: unknown, call?: CallOptions) => send('PUT', url, body, call).then(data),
    delete: (url: string, call?: CallOptions) => send('DELETE', url, undefined, call).then(data),
  };
  return client as unknown as ApiClient;
}
