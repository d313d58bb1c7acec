import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { isAppleMobileSafari } from '@shop/web-shared';
import { afterEach, describe, expect, it } from 'vitest';
import { setInitData } from '../../api/init';
import { AppRoutes } from '../../app/routes';
import { config, initData } from '../../test/fixtures';
import { MANIFEST_PATH, promptAllowed, type PwaState } from './pwa';

function renderApp(enablePluginPWA: boolean) {
  setInitData(initData({ config: { ...config, enablePluginPWA } }));
  return render(
    <MemoryRouter initialEntries={['/']}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

const manifestLink = () => document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');

describe('installable app (§4 app flow, cookie consent)', () => {
  it('skips the prompt when standalone, unsupported, registered, dismissed, in self-service or without the plugin', () => {
    const ok: PwaState = {
      plugin: true,
      selfService: false,
      standalone: false,
      supported: true,
      apple: false,
      registered: false,
      promptVisible: false,
      stage: 'prompt',
      updateAvailable: false,
      online: true,
    };
    expect(promptAllowed(ok, false)).toBe(true);
    expect(promptAllowed(ok, true)).toBe(false);
    for (const patch of [
      { plugin: false },
      { selfService: true },
      { standalone: true },
      { supported: false },
      { registered: true },
    ]) {
      expect(promptAllowed({ ...ok, ...patch }, false)).toBe(false);
    }
  });

  it('offers nothing with the plugin off: no manifest, no offline notice', async () => {
    const { unmount } = renderApp(false);
    await screen.findByText(/Filialen werden angezeigt/);
    await new Promise((r) => setTimeout(r, 50));
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(manifestLink()).toBeNull();
    expect(screen.queryByText('Sie sind offline')).toBeNull();
    unmount();
  });

  it('with the plugin on: manifest link, offline notice following the browser events, the prompt after consent and its dismissal for a month', async () => {
    const user = userEvent.setup();
    renderApp(true);
    await waitFor(() => expect(manifestLink()?.getAttribute('href')).toBe(MANIFEST_PATH));
    act(() => void window.dispatchEvent(new Event('offline')));
    await screen.findByText('Sie sind offline');
    expect(screen.getByText('Bitte überprüfen Sie Ihre Internetverbindung.')).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText('Sie sind offline')).toBeNull());
    // the browser offers installation; accepting cookies shows the prompt 250 ms later
    act(
      () =>
        void window.dispatchEvent(Object.assign(new Event('beforeinstallprompt'), { prompt: async () => undefined })),
    );
    await user.click(screen.getByRole('button', { name: 'Akzeptieren' }));
    await user.click(await screen.findByRole('button', { name: 'Jetzt nicht' }));
    expect(document.cookie).toContain('pwa-dismiss=true');
    expect(screen.queryByRole('button', { name: 'Installieren' })).toBeNull();
  });

  describe('Safari on an iPhone or iPad (no beforeinstallprompt: the share menu steps)', () => {
    const IPHONE_SAFARI =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const IPAD_AS_MAC =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    const IPHONE_CHROME =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
    afterEach(() => {
      delete (navigator as { userAgent?: string }).userAgent;
      delete (navigator as { maxTouchPoints?: number }).maxTouchPoints;
    });

    it('tells iOS Safari and iPadOS Safari (a Mac with a touch screen) from a Mac and from Chrome on iOS', () => {
      expect(isAppleMobileSafari(IPHONE_SAFARI, 5)).toBe(true);
      expect(isAppleMobileSafari(IPAD_AS_MAC, 5)).toBe(true);
      expect(isAppleMobileSafari(IPAD_AS_MAC, 0)).toBe(false);
      expect(isAppleMobileSafari(IPHONE_CHROME, 5)).toBe(false);
    });

    it("offers the app after consent; 'Installieren' shows the share icon steps; 'Installation abschliessen' returns to the prompt", async () => {
      Object.defineProperty(navigator, 'userAgent', { value: IPAD_AS_MAC, configurable: true });
      Object.defineProperty(navigator, 'maxTouchPoints', { value: 5, configurable: true });
      const user = userEvent.setup();
      const { unmount } = renderApp(true);
      await waitFor(() => expect(manifestLink()).not.toBeNull());
      await user.click(screen.getByRole('button', { name: 'Akzeptieren' }));
      await user.click(await screen.findByRole('button', { name: 'Installieren' }));
      const steps = await screen.findByRole('region', { name: 'Fast geschafft!' });
      expect(steps.textContent).toContain('Teilen-Symbol');
      expect(steps.textContent).toContain("'Zum Home-Bildschirm'");
      await user.click(screen.getByRole('button', { name: 'Installation abschliessen' }));
      await screen.findByRole('button', { name: 'Installieren' });
      expect(screen.queryByRole('region', { name: 'Fast geschafft!' })).toBeNull();
      unmount();
    });
  });
});
