import type { PublicOrder, StaffOrder } from '@shop/contracts';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  ApiError,
  apiUrl,
  createApiClient,
  errorMessage,
  isForbidden,
  isRetryable,
  NETWORK_ERROR,
  type BodyOf,
  type PathOf,
  type ResponseOf,
} from './index.js';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function stubFetch(...answers: Array<Response | Error>) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const a of answers) {
    if (a instanceof Error) fetchMock.mockRejectedValueOnce(a);
    else fetchMock.mockResolvedValueOnce(a);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the web API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON with the session cookie and answers the envelope's data", async () => {
    const fetchMock = stubFetch(json(201, { data: { uid: 'u', hash: 'h' } }));
    const api = createApiClient();
    const created = await api.post(
      '/api/orders',
      { branch: 1, items: [{ product: 2, amount: 1 }] },
      { headers: { 'Idempotency-Key': 'key-12345' } },
    );
    expect(created).toEqual({ uid: 'u', hash: 'h' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/orders');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"branch":1,"items":[{"product":2,"amount":1}]}',
    });
    expect(init!.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'Idempotency-Key': 'key-12345',
    });
  });

  it('sends no body and no content type on reads, and keeps the paging of lists', async () => {
    const fetchMock = stubFetch(json(200, { data: [{ id: 1 }], meta: { total: 1, page: 1, perPage: 25 } }));
    const api = createApiClient();
    expect(await api.list(apiUrl('/api/logs', {}, { page: 1, perPage: 25 }))).toEqual({
      data: [{ id: 1 }],
      meta: { total: 1, page: 1, perPage: 25 },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/logs?page=1&perPage=25');
    expect(init).toMatchObject({ method: 'GET', body: undefined, headers: { accept: 'application/json' } });
  });

  it('answers null for an empty body (204) and for an envelope without data', async () => {
    stubFetch(new Response(null, { status: 204 }), json(202, { ok: true }));
    const api = createApiClient();
    expect(await api.delete(apiUrl('/api/products/{id}', { id: 3 }))).toBeNull();
    expect(await api.post(apiUrl('/api/orders/{id}/print', { id: 3 }))).toBeNull();
  });

  it('throws the error envelope as ApiError: status, code, German message and field errors', async () => {
    stubFetch(
      json(422, {
        code: 'VALIDATION_FAILED',
        message: 'Dieser Wert sollte nicht leer sein.',
        errors: [
          { field: 'lastName', message: 'Dieser Wert sollte nicht leer sein.' },
          { field: 'lastName', message: 'zweite' },
          { field: null, message: 'allgemein' },
        ],
      }),
    );
    const err = (await createApiClient()
      .post('/api/orders', { branch: 1, items: [] })
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message]).toEqual([
      422,
      'VALIDATION_FAILED',
      'Dieser Wert sollte nicht leer sein.',
    ]);
    expect(err.errors).toHaveLength(3);
    expect(err.fieldErrors()).toEqual({ lastName: 'Dieser Wert sollte nicht leer sein.' });
    expect(err.messageOr('Standard')).toBe('Dieser Wert sollte nicht leer sein.');
    expect(errorMessage(err, 'Standard')).toBe('Dieser Wert sollte nicht leer sein.');
  });

  it('names a failure without envelope by its status, and no answer at all as status 0', async () => {
    stubFetch(new Response('<html>Bad Gateway</html>', { status: 502 }), new TypeError('Failed to fetch'));
    const api = createApiClient();
    const bad = (await api.get('/api/init').catch((e: unknown) => e)) as ApiError;
    expect([bad.status, bad.code, bad.message, bad.errors]).toEqual([502, 'HTTP_502', '', []]);
    expect(bad.messageOr('Ein unbekannter Fehler ist aufgetreten.')).toBe('Ein unbekannter Fehler ist aufgetreten.');
    const offline = (await api.get('/api/init').catch((e: unknown) => e)) as ApiError;
    expect(offline).toBeInstanceOf(ApiError);
    expect([offline.status, offline.code]).toEqual([0, NETWORK_ERROR]);
    expect(errorMessage(new Error('x'), 'Standard')).toBe('Standard');
  });

  it('adds the headers of the client per method and repeats a call once when onError asks for it', async () => {
    const fetchMock = stubFetch(
      json(403, { code: 'CSRF_INVALID', message: 'Ungültiges CSRF-Token.', errors: [] }),
      json(200, { data: { id: 7 } }),
    );
    let token = 'old';
    const seen: boolean[] = [];
    const api = createApiClient({
      headers: (method): Record<string, string> => (method === 'GET' ? {} : { 'x-csrf-token': token }),
      onError: (error, repeat, repeated) => {
        seen.push(repeated);
        if (error.code === 'CSRF_INVALID' && !repeated) {
          token = 'new';
          return repeat();
        }
        throw error;
      },
    });
    expect(await api.put(apiUrl('/api/products/{id}', { id: 7 }), { name: 'Pizza', price: 9.5 })).toEqual({ id: 7 });
    expect(fetchMock.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['x-csrf-token'])).toEqual([
      'old',
      'new',
    ]);
    expect(seen).toEqual([false]);
  });

  it('passes keepalive and credentials through (analytics on pagehide, without cookies)', async () => {
    const fetchMock = stubFetch(json(202, { data: { accepted: 1 } }));
    await createApiClient().post(
      '/api/analytics-log',
      { events: [{ type: 'event', action: 'x' }] },
      { keepalive: true, credentials: 'omit' },
    );
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ keepalive: true, credentials: 'omit' });
  });

  it('builds URLs from the route: parameters encoded, the query in its order without empty values', () => {
    expect(apiUrl('/api/orders/public/{uid}/{hash}', { uid: 'a b', hash: 'x/y' })).toBe(
      '/api/orders/public/a%20b/x%2Fy',
    );
    expect(apiUrl('/api/branches', {}, { perPage: 500 })).toBe('/api/branches?perPage=500');
    expect(apiUrl('/api/orders', {}, { page: 2, perPage: 25, branch: undefined, status: 'open', search: '' })).toBe(
      '/api/orders?page=2&perPage=25&status=open',
    );
    expect(apiUrl('/api/init')).toBe('/api/init');
  });

  it('offers a retry only where repeating the call can succeed', () => {
    const of = (status: number) => new ApiError(status, 'X', '');
    expect([0, 408, 429, 500, 502, 503].map((s) => isRetryable(of(s)))).toEqual([true, true, true, true, true, true]);
    expect([400, 401, 403, 404, 409, 422].map((s) => isRetryable(of(s)))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isRetryable(new TypeError('x'))).toBe(true);
    expect(isForbidden(of(403))).toBe(true);
    expect(isForbidden(of(401))).toBe(false);
  });

  it("types calls from the generated document: the contracts' answers, the bodies, the paths (checked by tsc)", () => {
    // the answer types are the contracts' (the document's schemas are generated from them), both ways round
    expectTypeOf<ResponseOf<'GET', '/api/orders/{id}'>>().toEqualTypeOf<StaffOrder>();
    expectTypeOf<StaffOrder>().toExtend<ResponseOf<'GET', '/api/orders/{id}'>>();
    expectTypeOf<ResponseOf<'POST', '/api/orders'>>().toExtend<PublicOrder>();
    expectTypeOf<ResponseOf<'DELETE', '/api/products/{id}'>>().toEqualTypeOf<null>();
    // a stylesheet is no JSON: the client answers null
    expectTypeOf<ResponseOf<'GET', '/api/fonts/google/{family}/{file}'>>().toEqualTypeOf<null>();
    expectTypeOf<BodyOf<'GET', '/api/orders/{id}'>>().toEqualTypeOf<undefined>();
    expectTypeOf<'/api/orders/{id}'>().toExtend<PathOf<'GET'>>();
    expectTypeOf<'/api/orders/{id}'>().not.toExtend<PathOf<'DELETE'>>();
  });
});
