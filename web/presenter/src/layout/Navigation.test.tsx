import type { NavigationItem } from '@shop/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { data, navigation, renderApp, site } from '../test/fixtures';
import { NavItems, navigationHref } from '@shop/web-shared';

const item = (
  type: NavigationItem['type'],
  label: string,
  target: NavigationItem['target'] = null,
  extra: Partial<NavigationItem> = {},
): NavigationItem => ({
  type,
  label,
  target,
  suffix: '',
  isEnabled: true,
  children: [],
  ...extra,
});
const targets = {
  sites: [site(30, '/ueber-uns', 'Über uns'), site(31, '/team', 'Team')],
  branches: [{ id: 7, identifier: 'wien' }],
};

describe('§2.9 navigation items', () => {
  it('links home (with suffix), site and branch in the same tab and a link in a new tab; other targets are plain labels', () => {
    render(
      <MemoryRouter>
        <NavItems
          targets={targets}
          items={[
            item('home', 'Start', null, { suffix: '#projekte' }),
            item('site', 'Über uns', 30),
            item('branch', 'Filiale', 7),
            item('link', 'Partner', 'https://partner.example'),
            item('site', 'Verschwunden', 999),
            item('site', 'Aus', 31, { isEnabled: false }),
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/#projekte');
    expect(screen.getByRole('link', { name: 'Über uns' }).getAttribute('href')).toBe('/ueber-uns');
    expect(screen.getByRole('link', { name: 'Filiale' }).getAttribute('href')).toBe('/store/wien');
    expect(screen.getByRole('link', { name: 'Filiale' }).getAttribute('target')).toBeNull();
    const partner = screen.getByRole('link', { name: 'Partner' });
    expect([partner.getAttribute('href'), partner.getAttribute('target')]).toEqual([
      'https://partner.example',
      '_blank',
    ]);
    expect(screen.queryByRole('link', { name: 'Verschwunden' })).toBeNull();
    expect(screen.getByText('Verschwunden').tagName).toBe('SPAN');
    expect(screen.queryByText('Aus')).toBeNull();
    expect(navigationHref(item('home', 'x'), targets)).toEqual({ to: '/', external: false });
  });

  it('nests children recursively, highlights the active item and marks its parent', () => {
    render(
      <MemoryRouter initialEntries={['/team']}>
        <NavItems
          targets={targets}
          items={[
            item('site', 'Über uns', 30, {
              children: [item('site', 'Team', 31, { children: [item('home', 'Tief')] })],
            }),
          ]}
        />
      </MemoryRouter>,
    );
    const team = screen.getByRole('link', { name: 'Team' });
    expect(team.getAttribute('aria-current')).toBe('page');
    expect(team.closest('li')?.className).toBe('is-active');
    expect(screen.getByRole('link', { name: 'Über uns' }).closest('li')?.className).toBe('is-active-parent');
    expect(within(team.closest('li') as HTMLElement).getByRole('link', { name: 'Tief' })).toBeTruthy();
  });

  it('shows main-navigation in the header and navigation with its sub-navigation in the footer', async () => {
    renderApp(
      '/kontakt',
      data({
        navigations: [
          navigation('main-navigation', [item('site', 'Kontakt', 21)]),
          navigation('navigation', [
            item('home', 'Startseite', null, { children: [item('site', 'Kontaktseite', 21)] }),
          ]),
        ],
      }),
    );
    const main = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(main).getByRole('link', { name: 'Kontakt' }).getAttribute('aria-current')).toBe('page');
    // the footer is its own chunk (below the fold)
    const footer = await screen.findByRole('navigation', { name: 'Fußzeilennavigation' });
    expect(within(footer).getByRole('link', { name: 'Kontaktseite' }).closest('li')?.className).toBe('is-active');
    expect(within(footer).getByRole('link', { name: 'Startseite' }).closest('li')?.className).toBe('is-active-parent');
  });
});
