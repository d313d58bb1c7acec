import { imageUrl } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { InitData, NavigationItem } from '../api/types';
import { useLinkTo } from '../app/context';
import { s } from '../texts';
import { trapTab } from '../ui/focus-trap';
import { directionsUrl } from '../ui/urls';
import { NavItems, findNavigation } from './Navigation';

/**
 * §2.2 "Header: address link (opens a maps route), mailto link, a 'Kontaktieren Sie uns' button to /kontakt,
 * logo or shop name linking to /, main navigation (items of the navigation named main-navigation), and a
 * mobile menu overlay that fixes the page when open." The overlay is a modal dialog: focus moves to its close
 * button and stays inside; Escape or the close button return focus to the menu button.
 */
export function Header({ data }: { data: InitData }) {
  const { config } = data;
  const to = useLinkTo();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const nav: NavigationItem[] = findNavigation(data.navigations, 'main-navigation')?.items ?? [];
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

  return (
    <header className="header">
      <div className="header__top">
        <div className="container header__contact">
          {address && (
            <a href={directionsUrl(config)} target="_blank" rel="noopener noreferrer" className="header__address">
              {address}
            </a>
          )}
          {config.email && <a href={`mailto:${config.email}`}>{config.email}</a>}
          <Link to={to('/kontakt')} className="button button--small">
            {s('contactUs')}
          </Link>
        </div>
      </div>
      <div className="container header__main">
        <Link to={to('/')} className="header__logo">
          {config.logo ? (
            <img src={imageUrl(config.logo, 'small')} alt={config.shopName} height={40} />
          ) : (
            config.shopName
          )}
        </Link>
        {nav.length > 0 && (
          <nav aria-label={s('mainNavigation')} className="header__nav">
            <NavItems items={nav} />
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
          {s('menu')}
        </button>
      </div>
      {open && (
        // a link closes the menu, also one to the page already shown (no route change)
        <div
          id="mobile-menu"
          className="mobile-menu"
          role="dialog"
          aria-modal="true"
          aria-label={s('menu')}
          ref={menu}
          onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}
        >
          <button type="button" className="mobile-menu__close" onClick={close}>
            {s('closeMenu')}
          </button>
          <nav aria-label={s('mainNavigation')}>
            <ul className="mobile-menu__list">
              <li>
                <Link to={to('/')}>{s('home')}</Link>
              </li>
              {nav.length > 0 && <NavItems items={nav} bare />}
              <li>
                <Link to={to('/kontakt')}>{s('contactUs')}</Link>
              </li>
            </ul>
          </nav>
          {address && (
            <a href={directionsUrl(config)} target="_blank" rel="noopener noreferrer">
              {address}
            </a>
          )}
          {config.email && <a href={`mailto:${config.email}`}>{config.email}</a>}
        </div>
      )}
    </header>
  );
}
