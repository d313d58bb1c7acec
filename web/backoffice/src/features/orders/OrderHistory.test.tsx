import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OrderHistory from './OrderHistory';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('OrderHistory', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("asks for whole days in the browser's zone, and its filters follow the address when going back", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/users/me')) return json({ data: { id: 1, roles: ['ROLE_ADMIN'], branches: [] } });
      return json({ data: [], meta: { total: 0, page: 1, perPage: 25 } });
    });
    const router = createMemoryRouter([{ path: '*', element: <OrderHistory /> }], {
      initialEntries: ['/orders/history'],
    });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <RouterProvider router={router} />
      </SWRConfig>,
    );
    await screen.findByText('Keine Bestellungen.');
    await act(() => router.navigate('/orders/history?status=rejected&search=Berger&to=2026-11-24'));
    await waitFor(() => expect((screen.getByLabelText('Suche') as HTMLInputElement).value).toBe('Berger'));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('rejected');
    const asked = new URL(
      String(fetchSpy.mock.calls.filter(([u]) => String(u).startsWith('/api/orders?')).at(-1)![0]),
      'http://localhost',
    );
    expect(new Date(asked.searchParams.get('to')!).getTime()).toBe(new Date('2026-11-25T00:00:00').getTime() - 1);
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByLabelText('Suche') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });
});
