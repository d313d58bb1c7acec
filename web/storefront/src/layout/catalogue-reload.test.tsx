import { CATALOGUE_RELOAD_CHECK_MS, CATALOGUE_RELOAD_INTERVAL_MS } from '@shop/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
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

  it('tells the customer in the cart which item the reload removed and why, until closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    initApi();
    sessionStorage.setItem(
      'cart:wien',
      JSON.stringify({
        items: [{ product: soup, amount: 1, unit: 'piece', parts: {} }],
        isDelivery: false,
        isDineIn: false,
        deliveryArea: null,
        order: { appointment: null, comment: null },
      }),
    );
    setInitData(initData({ loadedAt: Date.now() }));
    render(
      <MemoryRouter initialEntries={['/store/wien']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    // the branch page is a lazy chunk: on a busy machine it can take longer than findBy's default second
    await screen.findByRole('button', { name: '1 Produkt im Warenkorb' }, { timeout: 10_000 });
    await act(() => vi.advanceTimersByTimeAsync(CATALOGUE_RELOAD_INTERVAL_MS));
    const notice = await screen.findByText(
      '„Suppe“ wurde aus dem Warenkorb entfernt, weil sich der Preis geändert hat. Bitte fügen Sie es erneut hinzu.',
    );
    expect(screen.getByRole('button', { name: 'Keine Produkte im Warenkorb' })).toBeTruthy();
    act(() => within(notice.parentElement!).getByRole('button', { name: 'Schließen' }).click());
    expect(screen.queryByText(/wurde aus dem Warenkorb entfernt/)).toBeNull();
  });
});
