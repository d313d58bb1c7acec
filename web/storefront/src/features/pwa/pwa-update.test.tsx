import { SW_UPDATE_FIRST_CHECK_MS } from '@shop/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../../api/init';
import { AppRoutes } from '../../app/routes';
import { config, initData } from '../../test/fixtures';

/** A registered service worker with a new version waiting (the page is controlled by the old one). */
function fakeServiceWorker() {
  const container = new EventTarget();
  const waiting = { postMessage: vi.fn(), state: 'installed' };
  const registration = Object.assign(new EventTarget(), {
    waiting,
    installing: null,
    update: vi.fn(async () => undefined),
  });
  Object.assign(container, {
    controller: { state: 'activated' },
    getRegistration: vi.fn(async () => registration),
    getRegistrations: vi.fn(async () => [registration]),
    register: vi.fn(async () => registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, waiting, registration };
}

describe('update banner (§4 app flow: "App neustarten")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('shows the banner when a new worker waits; restarting sends SKIP_WAITING and the page reloads when it takes over; updates are checked after 2.5 s', async () => {
    const { container, waiting, registration } = fakeServiceWorker();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const user = userEvent.setup();
    setInitData(initData({ config: { ...config, enablePluginPWA: true } }));
    render(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Ein Update wurde installiert!')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'App neustarten' }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(registration.update).toHaveBeenCalled(), { timeout: SW_UPDATE_FIRST_CHECK_MS + 1000 });
  });
});
