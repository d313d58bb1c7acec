import { LEGAL_PAGES } from '@shop/domain';
import { AdminTools } from '@shop/web-shared';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { reloadInit } from '../../api/init';
import type { CurrentUser, InitData } from '../../api/types';

/** The back office builds its staff toolbar under the app's version (web/backoffice/vite.config.ts). */
export const STAFF_TOOLBAR_SRC = `/backend/assets/staff-toolbar-${__APP_VERSION__}.js`;

/**
 * What a logged-in staff member sees on top of the public pages (backoffice-platform.md §2 "Page shell",
 * storefront-presenter.md §2.2 and §6): the back office's staff toolbar element, and for ROLE_ADMIN the
 * front-end tools panel. This chunk is loaded only when /api/init's users/me is a user, so visitors get
 * neither its JavaScript nor the toolbar's script; the layout never renders it in the self-service context.
 */
export function StaffLayer({ user, data }: { user: CurrentUser; data: InitData }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!document.querySelector(`script[src="${STAFF_TOOLBAR_SRC}"]`)) {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = STAFF_TOOLBAR_SRC;
      document.head.appendChild(script);
    }
    // the toolbar is fixed to the bottom edge: the page's own floating pieces move up above it
    document.body.classList.add('has-staff-toolbar');
    return () => document.body.classList.remove('has-staff-toolbar');
  }, []);
  return (
    <>
      <staff-toolbar display-name={user.displayName || user.username || ''} />
      {user.roles.includes('ROLE_ADMIN') && (
        <AdminTools editHref={backofficeLink(pathname, data.branches)} reload={reloadInit} />
      )}
    </>
  );
}

/**
 * The back-office screen that edits what a storefront path shows: a branch page (and its checkout) its
 * branch; the division page, /kontakt and the legal pages the configuration (their texts live there); an
 * order's status page the orders; any other path the sites.
 */
export function backofficeLink(pathname: string, branches: InitData['branches']): string {
  const store = matchPath('/store/:branchIdentifier/*', pathname);
  const branch = store && branches.find((b) => b.identifier === store.params.branchIdentifier);
  if (branch) return `/backend#/branches/${branch.id}`;
  if (matchPath('/status/:uid/:hash', pathname)) return '/backend#/orders';
  const path = pathname.replace(/\/$/, '') || '/';
  if (path === '/' || path === '/kontakt' || LEGAL_PAGES.some((p) => p.path === path)) return '/backend#/config';
  return '/backend#/sites';
}
