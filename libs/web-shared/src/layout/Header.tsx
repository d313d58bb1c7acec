import type { Config, NavigationItem } from '@shop/contracts';
import { imageUrl } from '@shop/domain';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { layoutText as t } from '../layout-text';
import { AppLink } from './app-links';
import { NavItems, type NavigationTargets } from './Navigation';
import { addressDirectionsUrl } from './urls';

// the open menu's code (focus trap, its links) is loaded when it is first opened
const MobileMenu = lazy(() => import('./MobileMenu'));

/**
 * §2.2 "Header: address link (opens a maps route), mailto link, a 'Kontaktieren Sie uns' button to /kontakt,
 * logo or shop name linking to /, main navigation (items of the navigation named main-navigation), and a
 * mobile menu overlay that fixes the page when open." The overlay is a modal dialog: focus moves to its close
 * button and stays inside; Escape or the close button return focus to the menu button. Both websites use it.
 */
export function Header({
  config,
  items,
  targets,
}: {
  config: Config;
  items: readonly NavigationItem[];
  targets: NavigationTargets;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const address = [config.street, [config.zipCode, config.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  const burger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    burger.current?.focus();
  }, []);

  // eslint-disable-next-line react-hooks/set-state-in-effect -- the menu closes when the route changes
  useEffect(() => setOpen(false), [location.pathname]);
  const hasItems = items.some((i) => i.isEnabled !== false);
  return (
    <header className="header">
      <div className="header__top">
        <div className="container header__contact">
          {address && (
            <a
              href={addressDirectionsUrl(config)}
              target="_blank"
              rel="noopener noreferrer"
              className="header__address"
            >
              {address}
            </a>
          )}
          {config.email && <a href={`mailto:${config.email}`}>{config.email}</a>}
          <AppLink to="/kontakt" className="button button--small">
            {t('contactUs')}
          </AppLink>
        </div>
      </div>
      <div className="container header__main">
        <AppLink to="/" className="header__logo">
          {config.logo ? (
            <img src={imageUrl(config.logo, 'small')} alt={config.shopName} width={160} height={40} />
          ) : (
            config.shopName
          )}
        </AppLink>
        {hasItems && (
          <nav aria-label={t('mainNavigation')} className="header__nav">
            <NavItems items={items} targets={targets} />
          </nav>
        )}
        <button
          type="button"
          className="header__burger"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen(true)}
          ref={burger}
        >
          {t('menu')}
        </button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <MobileMenu config={config} items={items} targets={targets} hasItems={hasItems} onClose={close} />
        </Suspense>
      )}
    </header>
  );
}
