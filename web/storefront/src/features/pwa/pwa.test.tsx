import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
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
});
