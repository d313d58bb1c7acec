import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUrl, loginUrl, navigation, setCsrfToken } from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('API client', () => {
  beforeEach(() => setCsrfToken('token-1'));
  afterEach(() => vi.restoreAllMocks());

  it('sends the CSRF token with writes and reads data from the envelope', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { data: { id: 1 } }));
    // any write (the route table types real routes; this one only checks the transport)
    expect(await api.post('/api/x' as '/api/config', { a: 1 } as never)).toEqual({ id: 1 });
    const init = fetchSpy.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('token-1');
    expect(init.body).toBe('{"a":1}');
  });

  it('shows the first server message, else the default, and keeps field errors', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(422, {
        code: 'VALIDATION_FAILED',
        message: 'Dieser Wert sollte nicht leer sein.',
        errors: [{ field: 'name', message: 'Dieser Wert sollte nicht leer sein.' }],
      }),
    );
    const err = (await api
      .put(apiUrl('/api/products/{id}', { id: 1 }), {} as never)
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.messageOr('Produkt konnte nicht aktualisiert werden.')).toBe('Dieser Wert sollte nicht leer sein.');
    expect(err.fieldErrors()).toEqual({ name: 'Dieser Wert sollte nicht leer sein.' });
    expect(new ApiError(500, 'X', '').messageOr('Produkt konnte nicht aktualisiert werden.')).toBe(
      'Produkt konnte nicht aktualisiert werden.',
    );
  });

  it('sends the browser to /backend/login on a 401, back to the current screen afterwards, once', async () => {
    window.location.hash = '#/orders/history?status=open';
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(401, { code: 'UNAUTHENTICATED', message: 'Es konnten keine Zugangsdaten gefunden werden.', errors: [] }),
    );
    await expect(api.get('/api/orders/current')).rejects.toBeInstanceOf(ApiError);
    await expect(api.get('/api/orders/missed')).rejects.toBeInstanceOf(ApiError);
    expect(toLogin.mock.calls).toEqual([['/backend/login?next=%23%2Forders%2Fhistory%3Fstatus%3Dopen']]);
  });

  it('adds reason=session only when the server says the session is gone', () => {
    const noSession = 'Keine Session verfügbar, entweder ist diese abgelaufen oder Cookies sind nicht aktiviert.';
    expect(loginUrl('#/products/7', noSession)).toBe('/backend/login?next=%23%2Fproducts%2F7&reason=session');
    expect(loginUrl('', noSession)).toBe('/backend/login?reason=session');
    expect(loginUrl('#/products/7', 'Es konnten keine Zugangsdaten gefunden werden.')).toBe(
      '/backend/login?next=%23%2Fproducts%2F7',
    );
    expect(loginUrl('')).toBe('/backend/login');
    // only hash routes of the app come back, nothing else
    expect(loginUrl('#fremd')).toBe('/backend/login');
  });
});
