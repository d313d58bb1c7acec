import type { InitEntry } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toContentData } from '../api/data';
import { pageMeta } from '../entry-server';
import { config, data, navigation, renderApp, site } from '../test/fixtures';

/** The shop's configuration as the restaurant has it, and the estate site's home page with the agency's identity. */
const shop = {
  ...config,
  shopName: 'Donaugenuss',
  businessName: 'Donaugenuss Gastronomie GmbH',
  seoTitle: 'Donaugenuss | Online bestellen in Wien, Graz und Linz',
  seoDescription: '<p>Schnitzel &amp; Pizza online bestellen</p>',
  phone: '+43 1 532 48 10',
  email: 'office@donaugenuss.at',
  allergensText: '# Allergene',
  imprintText: '# Impressum Donaugenuss',
};
const identity = {
  name: 'Donau Wohnbau',
  business_name: 'Donau Wohnbau GmbH',
  title: 'Donau Wohnbau | Neubauwohnungen in Wien',
  description: 'Eigentums- und Mietwohnungen in Wien',
  phone: '+43 1 890 12 34',
  email: 'office@donau-wohnbau.at',
  imprint_text: '# Impressum Donau Wohnbau',
};
const home = site(20, '/', 'Startseite', { type: 'home', layout: 'home', content: { body: [], identity } });
const batch = (sites = [home, site(21, '/kontakt', 'Kontakt')]): InitEntry[] => [
  { url: '/api/config', data: shop },
  { url: '/api/sites', data: sites },
  { url: '/api/navigations', data: [] },
];
const item = (label: string, type: 'home' | 'site' = 'home', target: number | null = null) => ({
  type,
  label,
  target,
  suffix: '',
  isEnabled: true,
  children: [],
});

describe("issue 43: the estate site speaks as the agency (its home page's identity over the shop's)", () => {
  it('shows the agency in header, footer and title; no allergens link, no restaurant phone', async () => {
    const estate = toContentData(batch(), false);
    renderApp('/kontakt', estate);
    const footer = (await screen.findByRole('navigation', { name: 'Rechtliches und Kontakt' })).closest(
      'footer',
    ) as HTMLElement;
    expect(within(footer).getByText('Donau Wohnbau GmbH')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: '+43 1 890 12 34' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/site/imprint');
    expect(within(footer).queryByText('Allergene')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Donaugenuss|532 48 10/);
    expect(document.title).toBe('Kontakt - Donau Wohnbau | Neubauwohnungen in Wien');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Eigentums- und Mietwohnungen in Wien',
    );
  });

  it("a field the site leaves empty is the shop configuration's", () => {
    const plain = toContentData(batch([site(20, '/', 'Start', { type: 'home', layout: 'home' })]), false);
    expect(plain.config).toMatchObject({ shopName: 'Donaugenuss', phone: '+43 1 532 48 10' });
    expect(plain.config.allergensText).toBeNull();
  });

  it('gives the server render the title and description of the page (plain text)', () => {
    expect(pageMeta('/kontakt', batch())).toEqual({
      title: 'Kontakt - Donau Wohnbau | Neubauwohnungen in Wien',
      description: 'Eigentums- und Mietwohnungen in Wien',
    });
    expect(pageMeta('/gibt-es-nicht', batch([site(20, '/', 'Start', { type: 'home', layout: 'home' })]))).toEqual({
      title: 'Donaugenuss | Online bestellen in Wien, Graz und Linz',
      description: 'Schnitzel & Pizza online bestellen',
    });
  });

  it("the map block of a website with its own address does not show a shop branch's place", async () => {
    const withIdentity = { ...identity, street: 'Wagramer Straße 19', zip_code: '1220', city: 'Wien' };
    const branch = { id: 1, name: 'Donaugenuss Linz', street: 'Hauptplatz 9', latitude: 48.3, longitude: 14.3 };
    const kontakt = site(21, '/kontakt', 'Kontakt', { content: { body: [{ type: 'map', text: '<p>Lage</p>' }] } });
    const estate = toContentData(
      [
        ...batch([{ ...home, content: { body: [], identity: withIdentity } }, kontakt]),
        { url: '/api/branches', data: [branch] },
      ],
      false,
    );
    renderApp('/kontakt', estate);
    const map = (await screen.findByText('Lage')).closest('.block--map') as HTMLElement;
    // no coordinates of its own: the block's text, no map or address of the shop's branch
    expect(map.textContent).toBe('Lage');
  });

  it("the mobile menu lists 'Startseite' once when the navigation has it", async () => {
    renderApp(
      '/kontakt',
      data({ navigations: [navigation('main-navigation', [item('Startseite'), item('Kontakt', 'site', 21)])] }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Menü' }));
    const menu = await screen.findByRole('dialog', { name: 'Menü' });
    expect(within(menu).getAllByRole('link', { name: 'Startseite' })).toHaveLength(1);
  });
});
