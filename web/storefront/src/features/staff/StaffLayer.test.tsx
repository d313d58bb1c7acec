import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../../api/init';
import { AppRoutes } from '../../app/routes';
import { branch, config, initData } from '../../test/fixtures';
import { backofficeLink, STAFF_TOOLBAR_SRC } from './StaffLayer';

const ADMIN = { id: 1, roles: ['ROLE_ADMIN'], displayName: 'Katharina Huber', username: 'admin' };
const EMPLOYEE = { id: 2, roles: ['ROLE_EMPLOYEE'], displayName: 'Max Muster', username: 'mitarbeiter' };

function renderApp(path: string, user: typeof ADMIN | null) {
  setInitData(initData({ user }));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

const toolbarScripts = () => document.head.querySelectorAll(`script[src="${STAFF_TOOLBAR_SRC}"]`);

describe('staff toolbar and admin tools (backoffice-platform.md §2, storefront §2.2, §6)', () => {
  afterEach(() => {
    toolbarScripts().forEach((el) => el.remove());
    vi.unstubAllGlobals();
  });

  it('loads nothing for visitors', async () => {
    renderApp('/', null);
    await screen.findByText(/Filialen werden angezeigt/);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('staff-toolbar')).toBeNull();
    expect(toolbarScripts()).toHaveLength(0);
    expect(document.body.classList.contains('has-staff-toolbar')).toBe(false);
  });

  it('shows the versioned toolbar with the display name for staff, and the tools panel only for administrators', async () => {
    expect(STAFF_TOOLBAR_SRC).toBe(`/backend/assets/staff-toolbar-${__APP_VERSION__}.js`);
    const { unmount } = renderApp('/', EMPLOYEE);
    await waitFor(() =>
      expect(document.querySelector('staff-toolbar')?.getAttribute('display-name')).toBe('Max Muster'),
    );
    // the script is added by an effect after the toolbar element is rendered (later on a busy machine)
    await waitFor(() => expect(toolbarScripts()).toHaveLength(1));
    expect((toolbarScripts()[0] as HTMLScriptElement).type).toBe('module');
    expect(document.body.classList.contains('has-staff-toolbar')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Werkzeuge' })).toBeNull();
    unmount();
    expect(document.body.classList.contains('has-staff-toolbar')).toBe(false);

    renderApp('/store/wien', ADMIN);
    await waitFor(() =>
      expect(document.querySelector('staff-toolbar')?.getAttribute('display-name')).toBe('Katharina Huber'),
    );
    // the script is added once per page
    expect(toolbarScripts()).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Werkzeuge' }));
    expect(screen.getByRole('link', { name: 'Im Backend bearbeiten' }).getAttribute('href')).toBe(
      '/backend#/branches/1',
    );
  });

  it('reloads the start-up data from the tools panel', async () => {
    const batch = [
      { url: '/api/config', data: config },
      { url: '/api/users/me', data: ADMIN },
      { url: '/api/branches', data: [branch()] },
    ];
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: batch }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/', ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Werkzeuge' }));
    await user.click(screen.getByRole('button', { name: 'Daten neu laden' }));
    await screen.findByText('Die Daten wurden neu geladen.');
    expect(fetchMock).toHaveBeenCalledWith('/api/init', expect.anything());
  });

  it('never shows the toolbar in the self-service context', async () => {
    renderApp('/self-service', ADMIN);
    await screen.findByText(/Filialen werden angezeigt/);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('staff-toolbar')).toBeNull();
    expect(toolbarScripts()).toHaveLength(0);
  });

  it('links each storefront path to the back-office screen that edits it', () => {
    const branches = [branch({ id: 7, identifier: 'graz' })];
    expect(backofficeLink('/store/graz', branches)).toBe('/backend#/branches/7');
    expect(backofficeLink('/store/graz/checkout/error', branches)).toBe('/backend#/branches/7');
    expect(backofficeLink('/store/gibt-es-nicht', branches)).toBe('/backend#/sites');
    expect(backofficeLink('/status/abc/def', branches)).toBe('/backend#/orders');
    expect(['/', '/kontakt', '/site/privacy', '/site/imprint/'].map((p) => backofficeLink(p, branches))).toEqual(
      Array(4).fill('/backend#/config'),
    );
    expect(backofficeLink('/ueber-uns', branches)).toBe('/backend#/sites');
  });
});

describe('draft pages (§2.2)', () => {
  it('shows a non-public branch to staff with the draft style, and the 404 page to visitors', async () => {
    const draft = initData({ branches: [branch({ isPublic: false })] });
    setInitData({ ...draft, user: EMPLOYEE });
    const { unmount, container } = render(
      <MemoryRouter initialEntries={['/store/wien']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    await screen.findByText('Entwurf: Diese Seite ist nicht öffentlich.');
    expect(container.querySelector('.store.page--draft')).not.toBeNull();
    unmount();
    setInitData(draft);
    render(
      <MemoryRouter initialEntries={['/store/wien']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: '404 Not Found' });
  });

  it('shows a non-public site to staff only, as a draft', async () => {
    const sites = [{ id: 1, path: '/ueber-uns', title: 'Über uns', description: 'Wer wir sind', isPublic: false }];
    setInitData(initData({ sites, user: ADMIN }));
    const { unmount } = render(
      <MemoryRouter initialEntries={['/ueber-uns']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Über uns' });
    expect(screen.getByText('Entwurf: Diese Seite ist nicht öffentlich.')).toBeTruthy();
    unmount();
    setInitData(initData({ sites }));
    render(
      <MemoryRouter initialEntries={['/ueber-uns']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: '404 Not Found' });
  });
});
