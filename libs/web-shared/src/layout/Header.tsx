import type { Config, NavigationItem } from '@shop/contracts';
import { imageUrl } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { layoutText as t } from '../layout-text';
import { trapTab } from '../ui/focus-trap';
import { AppLink } from './app-links';
import { NavItems, type NavigationTargets } from './Navigation';
import { addressDirectionsUrl } from './urls';

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
  const menu = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    burger.current?.focus();
  };

  // eslint-disable-next-line react-hooks/set-state-in-effect -- the menu closes when the route changes
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    document.body.classList.add('is-fixed');
    menu.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      else if (menu.current) trapTab(e, menu.current);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.classList.remove('is-fixed');
    };
  }, [open]);

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
        // a link closes the menu, also one to the page already shown (no route change)
        <div
          id="mobile-menu"
          className="mobile-menu"
          role="dialog"
          aria-modal="true"
          aria-label={t('menu')}
          ref={menu}
          onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}
        >
          <button type="button" className="mobile-menu__close" onClick={close}>
            {t('closeMenu')}
          </button>
          <nav aria-label={t('mainNavigation')}>
            <ul className="mobile-menu__list">
              <li>
                <AppLink to="/">{t('home')}</AppLink>
              </li>
              {hasItems && <NavItems items={items} targets={targets} bare />}
              <li>
                <AppLink to="/kontakt">{t('contactUs')}</AppLink>
              </li>
            </ul>
          </nav>
          {address && (
            <a href={addressDirectionsUrl(config)} target="_blank" rel="noopener noreferrer">
              {address}
            </a>
          )}
          {config.email && <a href={`mailto:${config.email}`}>{config.email}</a>}
        </div>
      )}
    </header>
  );
}
