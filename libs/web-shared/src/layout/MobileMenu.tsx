import type { Config, NavigationItem } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import { layoutText as t } from '../layout-text';
import { trapTab } from '../ui/focus-trap';
import { AppLink } from './app-links';
import { NavItems, type NavigationTargets } from './Navigation';
import { addressDirectionsUrl } from './urls';

/**
 * The header's open mobile menu (§2.2 "a mobile menu overlay that fixes the page when open"): a modal dialog that
 * fixes the page, moves focus to its close button and keeps it inside; Escape, the close button or a link close it.
 */
export default function MobileMenu({
  config,
  items,
  targets,
  hasItems,
  onClose,
}: {
  config: Config;
  items: readonly NavigationItem[];
  targets: NavigationTargets;
  hasItems: boolean;
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  // the menu's own home link, unless the navigation has one (issue 43: 'Startseite' was listed twice)
  const hasHome =
    hasItems &&
    items.some((i) => i.type === 'home' && !i.suffix && i.isEnabled !== false && (!i.label || i.label === t('home')));
  const address = [config.street, [config.zipCode, config.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  useEffect(() => {
    document.body.classList.add('is-fixed');
    menu.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (menu.current) trapTab(e, menu.current);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.classList.remove('is-fixed');
    };
  }, [onClose]);
  return (
    // a link closes the menu, also one to the page already shown (no route change)
    <div
      id="mobile-menu"
      className="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-label={t('menu')}
      ref={menu}
      onClick={(e) => (e.target as HTMLElement).closest('a') && onClose()}
    >
      <button type="button" className="mobile-menu__close" onClick={onClose}>
        {t('closeMenu')}
      </button>
      <nav aria-label={t('mainNavigation')}>
        <ul className="mobile-menu__list">
          {!hasHome && (
            <li>
              <AppLink to="/">{t('home')}</AppLink>
            </li>
          )}
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
  );
}
