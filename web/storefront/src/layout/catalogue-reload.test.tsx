import { CATALOGUE_RELOAD_CHECK_MS, CATALOGUE_RELOAD_INTERVAL_MS } from '@shop/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../api/init';
import { AppRoutes } from '../app/routes';
import { resetCartStore } from '../state/cart-store';
import { config, initData, pizza, product } from '../test/fixtures';

const soup = product();

/** The gateway's /api/init: the soup now costs more, the pizza is unchanged. */
function initApi() {
  const fresh = initData({ products: [{ ...soup, price: 6 }, pizza] });
  const batch = [
    { url: '/api/config', data: config },
    { url: '/api/users/me', data: null },
    { url: '/api/branches', data: fresh.branches },
    { url: '/api/menus', data: fresh.menus },
    { url: '/api/categories', data: fresh.categories },
    { url: '/api/products', data: fresh.products },
  ];
  const fetchMock = vi.fn<typeof fetch>(async (url) =>
    String(url) === '/api/init'
      ? new Response(JSON.stringify({ data: batch }), { status: 200 })
      : new Response('{}', { status: 202 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/init').length;
}

describe('catalogue reload (§9 "reloaded every 4 hours, checked every 10 seconds; the cart is then migrated")', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetCartStore();
  });

  it('fetches /api/init again after 4 hours and removes cart items whose product changed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const initCalls = initApi();
    const item = (p: typeof soup) => ({ product: p, amount: 1, unit: 'piece', parts: {} });
    sessionStorage.setItem(
      'cart:wien',
      JSON.stringify({
        items: [item(soup), item(pizza)],
        isDelivery: false,
        isDineIn: false,
        deliveryArea: null,
        order: { appointment: null, comment: null },
      }),
    );
    setInitData(initData({ loadedAt: Date.now() }));
    render(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    await screen.findByText(/Filialen werden angezeigt/);
    await act(() => vi.advanceTimersByTimeAsync(CATALOGUE_RELOAD_INTERVAL_MS - CATALOGUE_RELOAD_CHECK_MS));
    expect(initCalls()).toBe(0);
    expect(JSON.parse(sessionStorage.getItem('cart:wien')!).items).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(CATALOGUE_RELOAD_CHECK_MS));
    expect(initCalls()).toBe(1);
    await waitFor(() =>
      expect(
        JSON.parse(sessionStorage.getItem('cart:wien')!).items.map(
          (i: { product: { name: string } }) => i.product.name,
        ),
      ).toEqual(['Pizza']),
    );
    // the next reload is 4 hours after this one, not at the next check
    await act(() => vi.advanceTimersByTimeAsync(CATALOGUE_RELOAD_CHECK_MS * 3));
    expect(initCalls()).toBe(1);
  });
});
