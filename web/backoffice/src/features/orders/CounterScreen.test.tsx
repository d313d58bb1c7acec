import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CounterScreen } from './CounterScreen';

const KEY_REFUSED =
  'Der Schlüssel dieses Bildschirms ist ungültig oder wurde erneuert. Bitte öffnen Sie den aktuellen Link aus den Einstellungen der Filiale.';

function open(path: string) {
  const router = createMemoryRouter(
    [{ path: '/frontdesk/:branchId/:apiKey', element: <CounterScreen view="frontdesk" /> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
}

/** issue 42 item 4: a wrong counter-screen key is named as such, not as 'orders could not be loaded' */
describe('counter screen with a wrong key', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the server's German text of the refused key (403), without a retry that cannot help", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 'FORBIDDEN', message: KEY_REFUSED, errors: [{ field: null, message: KEY_REFUSED }] }),
          {
            status: 403,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    open('/frontdesk/1/falscher-schluessel');
    expect((await screen.findByRole('alert')).textContent).toBe(KEY_REFUSED);
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders/frontdesk/1');
    expect(new Headers(init.headers).get('x-screen-key')).toBe('falscher-schluessel');
  });
});
