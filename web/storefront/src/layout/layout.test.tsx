import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { setInitData } from '../api/init';
import { config, initData } from '../test/fixtures';
import { Footer } from './Footer';
import {
  CookieBanner,
  hasConsent,
  type LightboxItem,
  LightboxProvider,
  moveIndex,
  useLightbox,
} from '@shop/web-shared';

describe('cookie banner (§2.2, §4)', () => {
  it('stores consent for 365 days and hides', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <CookieBanner config={config} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Mehr erfahren' }).getAttribute('href')).toBe('/site/privacy');
    await user.click(screen.getByRole('button', { name: 'Akzeptieren' }));
    expect(document.cookie).toContain('cookie-consent=true');
    expect(screen.queryByRole('button', { name: 'Akzeptieren' })).toBeNull();
  });

  it("refusing is as easy as accepting: 'Ablehnen' of equal weight beside it, stored for 365 days, banner gone, no consent", async () => {
    document.cookie = 'cookie-consent=; max-age=0; path=/';
    const user = userEvent.setup();
    const written = vi.spyOn(document, 'cookie', 'set');
    render(
      <MemoryRouter>
        <CookieBanner config={config} />
      </MemoryRouter>,
    );
    const refuse = screen.getByRole('button', { name: 'Ablehnen' });
    const accept = screen.getByRole('button', { name: 'Akzeptieren' });
    expect(refuse.className).toBe(accept.className);
    expect(refuse.parentElement).toBe(accept.parentElement);
    await user.click(refuse);
    expect(written).toHaveBeenCalledWith(expect.stringMatching(/^cookie-consent=false; max-age=31536000;/));
    written.mockRestore();
    expect(hasConsent()).toBe(false);
    expect(screen.queryByRole('region', { name: 'Cookie-Hinweis' })).toBeNull();
  });
});

describe('footer legal links (§2.2)', () => {
  it('links a configured text internally, a URL externally in a new tab, and hides what is not configured; the branch link only for one branch', () => {
    const data = initData({
      config: {
        ...config,
        imprint: 'https://example.at/impressum',
        imprintText: null,
        allergensText: null,
        allergens: null,
      },
    });
    render(
      <MemoryRouter>
        <Footer data={data} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'AGB' }).getAttribute('href')).toBe('/site/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/site/privacy');
    const imprint = screen.getByRole('link', { name: 'Impressum' });
    expect([imprint.getAttribute('href'), imprint.getAttribute('target')]).toEqual([
      'https://example.at/impressum',
      '_blank',
    ]);
    expect(screen.queryByRole('link', { name: 'Allergene' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Online bestellen' }).getAttribute('href')).toBe('/store/wien');
    expect(screen.getByRole('link', { name: 'Kontaktieren Sie uns!' }).getAttribute('href')).toBe('/kontakt');
  });
});

describe('footer navigation (§2.2, §2.9 navigation items)', () => {
  it("shows the 'navigation' navigation with its sub-navigation: enabled items only, targets resolved by type", () => {
    const item = (type: string, label: string, target: number | string | null, extra = {}) => ({
      type,
      label,
      target,
      suffix: '',
      isEnabled: true,
      children: [],
      ...extra,
    });
    const data = initData({
      sites: [{ id: 5, path: '/ueber-uns', name: 'Über uns', isPublic: true }],
      navigations: [
        {
          id: 1,
          identifier: 'navigation',
          items: [
            item('site', 'Über uns', 5, {
              children: [item('branch', 'Filiale Wien', 1), item('link', 'Partner', 'https://partner.example')],
            }),
            item('home', 'Start', null, { suffix: '#kontakt' }),
            item('site', 'Versteckt', 5, { isEnabled: false }),
          ],
        },
      ] as never,
    });
    setInitData(data);
    const { unmount } = render(
      <MemoryRouter>
        <Footer data={data} />
      </MemoryRouter>,
    );
    const nav = within(screen.getAllByRole('navigation', { name: 'Fußzeilennavigation' })[0]);
    expect(nav.getByRole('link', { name: 'Über uns' }).getAttribute('href')).toBe('/ueber-uns');
    const branchLink = nav.getByRole('link', { name: 'Filiale Wien' });
    expect(branchLink.closest('ul')?.closest('li')?.textContent).toContain('Über uns');
    expect(branchLink.getAttribute('href')).toBe(`/store/${data.branches[0].identifier}`);
    expect(nav.getByRole('link', { name: 'Partner' }).getAttribute('target')).toBe('_blank');
    expect(nav.getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/#kontakt');
    expect(nav.queryByText('Versteckt')).toBeNull();
    unmount();
    setInitData(undefined);
  });
});

const TWO_IMAGES = [
  { src: '/a.jpg', alt: 'A' },
  { src: '/b.jpg', alt: 'B' },
];

function Opener({ items = TWO_IMAGES }: { items?: LightboxItem[] }) {
  const lightbox = useLightbox();
  return (
    <button type="button" onClick={() => lightbox.open(items)}>
      öffnen
    </button>
  );
}

describe('lightbox (§2.2)', () => {
  it('moves with the arrow keys, closes past either end and with Escape', async () => {
    expect([moveIndex(0, -1, 2), moveIndex(0, 1, 2), moveIndex(1, 1, 2)]).toEqual([null, 1, null]);
    const user = userEvent.setup();
    render(
      <LightboxProvider>
        <Opener />
      </LightboxProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'öffnen' }));
    // the dialog is its own chunk, loaded on the first opening
    expect((await screen.findByRole('img')).getAttribute('alt')).toBe('A');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img').getAttribute('alt')).toBe('B');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('img').getAttribute('alt')).toBe('A');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowUp}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'öffnen' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no arrows for a single image', async () => {
    const user = userEvent.setup();
    render(
      <LightboxProvider>
        <Opener items={[{ src: '/a.jpg', alt: 'A' }]} />
      </LightboxProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bildergalerie' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Schließen']);
  });
});
