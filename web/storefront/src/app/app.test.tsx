import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../api/init';
import { SCREENSAVER_IDLE_MS } from '../layout/Screensaver';
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
    renderApp(
      '/',
      initData({
        tags,
        branches: [
          branch(),
          branch({
            id: 2,
            identifier: 'graz',
            name: 'Filiale Graz',
            city: 'Graz',
            zipCode: '8020',
            tags: [{ id: 5 }],
            openingHours: [],
          }),
        ],
      }),
    );
    expect(screen.getByText('2 von 2 Filialen werden angezeigt.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Filiale Wien/ }).textContent).toContain(
      'Offen heute 00:00 Uhr bis 24:00 Uhr',
    );
    expect(screen.getByRole('link', { name: /Filiale Wien/ }).textContent).toContain(
      'Abholung 00:00 Uhr bis 24:00 Uhr',
    );
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
    renderApp(
      '/',
      initData({
        config: { ...config, enablePluginHomePage: true },
        branches: [branch({ isDeliveryHoursEnabled: true })],
      }),
    );
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
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
    // the title is set by an effect of the lazily loaded page, which may run after the heading is found
    await waitFor(() => expect(document.title).toBe('404 Not Found - Testladen online'));
  });

  it('in the self-service context: no cookie banner, and the screensaver after a minute without input', async () => {
    // only the timeouts are fake: the screensaver's chunk still loads
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderApp('/self-service');
    expect(screen.queryByRole('button', { name: 'Akzeptieren' })).toBeNull();
    expect(screen.getByRole('link', { name: /Filiale Wien/ }).getAttribute('href')).toBe('/self-service/store/wien');
    await act(async () => void (await import('../layout/Screensaver')));
    act(() => vi.advanceTimersByTime(SCREENSAVER_IDLE_MS - 10));
    expect(screen.queryByRole('button', { name: 'Tippen um zu bestellen' })).toBeNull();
    act(() => vi.advanceTimersByTime(20));
    const saver = screen.getByRole('button', { name: 'Tippen um zu bestellen' });
    fireEvent.click(saver);
    expect(screen.queryByRole('button', { name: 'Tippen um zu bestellen' })).toBeNull();
  });

  it('keeps title, description, canonical, og: and twitter: tags in sync while navigating (§2.2, backoffice-platform.md §2)', async () => {
    const user = userEvent.setup();
    const logo = { id: 3, version: 1, extension: 'png' };
    renderApp(
      '/',
      initData({
        config: { ...config, seoTitle: 'Testladen | Online', seoDescription: 'Bestellen im Testladen', logo },
        branches: [
          branch({ description: 'Die Filiale im Zentrum', images: [{ id: 9, version: 2, extension: 'jpg' }] }),
        ],
      }),
    );
    const meta = (key: string) =>
      document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
    const tags = () => ({
      title: document.title,
      description: meta('description'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      ogUrl: meta('og:url'),
      twitterUrl: meta('twitter:url'),
      ogTitle: meta('og:title'),
      twitterTitle: meta('twitter:title'),
      ogDescription: meta('og:description'),
      twitterDescription: meta('twitter:description'),
      ogImage: meta('og:image'),
      twitterImage: meta('twitter:image'),
    });
    const expected = (path: string, title: string, description: string, image: string) => ({
      title,
      description,
      canonical: `${location.origin}${path}`,
      ogUrl: `${location.origin}${path}`,
      twitterUrl: `${location.origin}${path}`,
      ogTitle: title,
      twitterTitle: title,
      ogDescription: description,
      twitterDescription: description,
      ogImage: `${location.origin}${image}`,
      twitterImage: `${location.origin}${image}`,
    });
    await waitFor(() =>
      expect(tags()).toEqual(expected('/', 'Testladen | Online', 'Bestellen im Testladen', '/image/medium/3-1.png')),
    );
    await user.click(screen.getByRole('link', { name: /Filiale Wien/ }));
    await waitFor(() =>
      expect(tags()).toEqual(
        expected('/store/wien', 'Filiale Wien - Testladen | Online', 'Die Filiale im Zentrum', '/image/medium/9-2.jpg'),
      ),
    );
    await user.click(screen.getAllByRole('link', { name: 'Kontaktieren Sie uns' })[0]!);
    await waitFor(() =>
      expect(tags()).toEqual(
        expected('/kontakt', 'Kontakt - Testladen | Online', 'Bestellen im Testladen', '/image/medium/3-1.png'),
      ),
    );
  });

  it('renders the HTML description on the branch list (§2.3) and puts its text alone into the meta tags', async () => {
    const { container } = renderApp(
      '/',
      initData({
        config: { ...config, seoDescription: null, description: '<p>Beste <strong>Wiener</strong> Küche</p>' },
      }),
    );
    expect((await screen.findByText('Wiener', { selector: '.lead strong' })).textContent).toBe('Wiener');
    expect(container.querySelector('.lead p')?.textContent).toBe('Beste Wiener Küche');
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'Beste Wiener Küche',
      ),
    );
    expect(document.head.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(
      'Beste Wiener Küche',
    );
  });

  it('prepends the division title when every listed branch belongs to one division (§2.2)', async () => {
    const division = {
      id: 4,
      identifier: 'gastro',
      name: 'Gastronomie',
      title: 'Wiener Küche',
      description: null,
      logo: null,
      weight: 0,
      createdAt: '',
      updatedAt: '',
    };
    const { unmount } = renderApp(
      '/',
      initData({ divisions: [division], branches: [branch({ division: { id: 4 } })] }),
    );
    await waitFor(() => expect(document.title).toBe('Wiener Küche - Testladen online'));
    unmount();
    renderApp(
      '/',
      initData({
        divisions: [division],
        branches: [branch({ division: { id: 4 } }), branch({ id: 2, identifier: 'graz', division: null })],
      }),
    );
    await waitFor(() => expect(document.title).toBe('Testladen online'));
  });

  it('adds the tag manager and the ad pixel only after consent, never in self-service (§7)', async () => {
    const user = userEvent.setup();
    const data = initData({ config: { ...config, tagManagerId: 'GTM-TEST', socialPixelId: '123' } });
    const { unmount } = renderApp('/self-service', data);
    document.cookie = 'cookie-consent=true; path=/';
    await new Promise((r) => setTimeout(r, 50));
    expect(document.getElementById('tag-manager')).toBeNull();
    unmount();
    document.cookie = 'cookie-consent=; max-age=0; path=/';
    renderApp('/', data);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.getElementById('tag-manager')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Akzeptieren' }));
    await waitFor(() =>
      expect(document.getElementById('tag-manager')?.getAttribute('src')).toBe(
        'https://www.googletagmanager.com/gtm.js?id=GTM-TEST',
      ),
    );
    expect(document.getElementById('ad-pixel')?.getAttribute('src')).toContain('id=123');
    document.getElementById('tag-manager')?.remove();
    document.getElementById('ad-pixel')?.remove();
  });

  it('shows the cookie banner outside the self-service context', () => {
    renderApp('/');
    expect(screen.getByRole('button', { name: 'Akzeptieren' })).toBeTruthy();
  });
});
