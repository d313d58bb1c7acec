import { imageUrl } from '@shop/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { NavItems, type NavigationTargets } from './Navigation';
import { t, useContentData } from '@shop/web-shared';

/**
 * §2.2 "Header: address link (opens a maps route), mailto link, a 'Kontaktieren Sie uns' button to /kontakt, logo
 * or shop name linking to /, main navigation (items of the navigation named main-navigation), and a mobile menu
 * overlay that fixes the page when open."
 */
export function Header({ targets }: { targets: NavigationTargets }) {
  const { config, navigations } = useContentData();
  const [open, setOpen] = useState(false);
  const items = navigations.find((n) => n.identifier === 'main-navigation')?.items ?? [];
  const address = [config.street, [config.zipCode, config.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  useEffect(() => {
    document.body.classList.toggle('is-fixed', open);
    return () => document.body.classList.remove('is-fixed');
  }, [open]);
  return (
    <header className="header">
      <div className="header__top">
        {address && (
          <a
            href={`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {address}
          </a>
        )}
        {config.email && <a href={`mailto:${config.email}`}>{config.email}</a>}
        <Link className="button" to="/kontakt">
          {t('contactUs')}
        </Link>
      </div>
      <div className="header__main">
        <Link to="/" className="logo">
          {config.logo ? (
            <img src={imageUrl(config.logo, 'small')} alt={config.shopName} width={160} height={48} />
          ) : (
            config.shopName
          )}
        </Link>
        <nav aria-label={t('mainNavigation')} className="main-nav">
          <NavItems items={items} targets={targets} />
        </nav>
        <button type="button" className="menu-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('closeMenu') : t('menu')}
        </button>
      </div>
      {open && (
        <div className="mobile-menu" role="dialog" aria-modal="true" aria-label={t('mainNavigation')}>
          <NavItems items={items} targets={targets} onNavigate={() => setOpen(false)} />
        </div>
      )}
    </header>
  );
}
