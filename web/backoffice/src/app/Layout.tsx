import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { alertSound } from '../features/orders/alert-sound';
import { LogoutButton } from '../features/auth/LogoutPage';
import { useMe } from '../features/auth/use-me';
import { t, T, f, APP_VERSION } from '../texts';
import { LoadError, useDismissErrorsOnLeave } from '../ui/notices';
import { NAV, visibleItems } from './nav';

/**
 * issue 42 item 5: a screen opened from the menu (or any link) starts at its top, not where the last one was
 * scrolled to (the window scrolls, and a hash router keeps its position). Back and forward (POP) leave the browser
 * its own restoring. Not react-router's ScrollRestoration: that needs a data router, and the tests render the shell
 * in a MemoryRouter.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
}

/** The staff shell: header with the user and logout, the navigation, and the screen. */
export function Layout() {
  const { data: me, error, mutate } = useMe();
  // on phones the navigation folds behind a menu button; choosing a screen folds it again
  // (the menu remembers the screen it was opened on: open only while that screen is shown)
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  // browsers play the new-order tones only after a gesture: the first one anywhere in the back office counts
  useEffect(() => alertSound.unlockOnFirstGesture(document), []);
  useDismissErrorsOnLeave();
  useScrollToTopOnNavigation();
  if (error) {
    return (
      <main id="main" className="shell-error">
        <LoadError message={t('backoffice.currentUserFailed')} retry={() => mutate()} error={error} />
      </main>
    );
  }
  if (!me)
    return (
      <p className="loading" role="status">
        {T.app.loading}
      </p>
    );
  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {T.app.skipToContent}
      </a>
      <header className="topbar">
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          {T.app.menu}
        </button>
        <a className="brand" href="/backend#/orders">
          {T.app.title}
        </a>
        <span className="user">{f(T.app.loggedInAs, { name: me.displayName })}</span>
        <span className="version">{f(T.app.version, { version: APP_VERSION })}</span>
        <a href="/">{T.app.toStorefront}</a>
        <a href="/backend#/mfa">{T.mfa.title}</a>
        <LogoutButton label={T.app.logout} className="link" />
      </header>
      <nav id="main-navigation" className={menuOpen ? 'sidebar open' : 'sidebar'} aria-label={T.app.mainNavigation}>
        {NAV.map((group) => {
          const items = visibleItems(group.items, me?.roles);
          if (items.length === 0) return null;
          return (
            <div key={group.label} className="nav-group">
              <h2>{group.label}</h2>
              <ul>
                {items.map((i) => (
                  <li key={i.to}>
                    <NavLink to={i.to} end>
                      {i.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
