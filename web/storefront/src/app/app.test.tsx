import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../api/init';
import { SCREENSAVER_IDLE_MS } from '../layout/Layout';
import { branch, config, initData } from '../test/fixtures';
import { AppRoutes } from './routes';

function renderApp(path: string, data = initData()) {
  setInitData(data);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('routes and layout (§2.1, §2.2)', () => {
  afterEach(() => vi.useRealTimers());

  it('lists the branches with their status lines, searches and filters by tag', async () => {
    const user = userEvent.setup();
    const tags = [{ id: 5, name: 'Vegan', image: null, weight: 0, createdAt: '', updatedAt: '' }];
    renderApp('/', initData({ tags, branches: [branch(), branch({ id: 2, identifier: 'graz', name: 'Filiale Graz', city: 'Graz', zipCode: '8020', tags: [{ id: 5 }], openingHours: [] })] }));
    expect(screen.getByText('2 von 2 Filialen werden angezeigt.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Filiale Wien/ }).textContent).toContain('Offen heute 00:00 Uhr bis 24:00 Uhr');
    expect(screen.getByRole('link', { name: /Filiale Wien/ }).textContent).toContain('Abholung 00:00 Uhr bis 24:00 Uhr');
    expect(screen.getByRole('link', { name: /Filiale Graz/ }).textContent).toContain('Geschlossen');
    await user.type(screen.getByPlaceholderText('PLZ / Ort'), '8020');
    expect(screen.getByText('1 von 2 Filialen werden angezeigt.')).toBeTruthy();
    await user.clear(screen.getByPlaceholderText('PLZ / Ort'));
    await user.click(screen.getByRole('button', { name: 'Vegan' }));
    expect(screen.getByRole('button', { name: 'Vegan' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('link', { name: /Filiale Wien/ })).toBeNull();
    await user.type(screen.getByPlaceholderText('PLZ / Ort'), 'Linz');
    expect(screen.getByText('Leider wurden keine Ergebnisse gefunden.')).toBeTruthy();
    // toolbar plugin: one branch open
    expect(screen.getByText('1 Standort geöffnet')).toBeTruthy();
  });

  it('shows the home page with its teasers and the hours table toggle when the plugin is on', async () => {
    const user = userEvent.setup();
    renderApp('/', initData({ config: { ...config, enablePluginHomePage: true }, branches: [branch({ isDeliveryHoursEnabled: true })] }));
    expect((await screen.findByRole('link', { name: 'Jetzt Bestellen' })).getAttribute('href')).toBe('/store/wien');
    expect(screen.getByRole('link', { name: 'Jetzt Anrufen' }).getAttribute('href')).toBe('tel:+431111');
    expect(screen.getByRole('link', { name: 'Anfahrt berechnen' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('table', { name: 'Öffnungszeiten' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Lieferzeiten anzeigen' }));
    expect(screen.getByRole('table', { name: 'Lieferzeiten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Öffnungszeiten anzeigen' })).toBeTruthy();
    // no token: no map
    expect(screen.queryByRole('region', { name: 'Karte unserer Standorte' })).toBeNull();
  });

  it('renders the 404 page for an unknown path and sets the page title', async () => {
    renderApp('/gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
    expect(screen.getByText('Leider wurde die angeforderte Seite nicht gefunden.')).toBeTruthy();
    expect(document.title).toBe('404 Not Found - Testladen online');
  });

  it('in the self-service context: no cookie banner, and the screensaver after a minute without input', async () => {
    vi.useFakeTimers();
    renderApp('/self-service');
    expect(screen.queryByRole('button', { name: 'Akzeptieren' })).toBeNull();
    expect(screen.getByRole('link', { name: /Filiale Wien/ }).getAttribute('href')).toBe('/self-service/store/wien');
    act(() => vi.advanceTimersByTime(SCREENSAVER_IDLE_MS + 10));
    const saver = screen.getByRole('button', { name: 'Tippen um zu bestellen' });
    fireEvent.click(saver);
    expect(screen.queryByRole('button', { name: 'Tippen um zu bestellen' })).toBeNull();
  });

  it('shows the cookie banner outside the self-service context', () => {
    renderApp('/');
    expect(screen.getByRole('button', { name: 'Akzeptieren' })).toBeTruthy();
  });
});
