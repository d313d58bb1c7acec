import type { Config, NavigationItem } from '@shop/contracts';
import { LEGAL_PAGES, legalLink, type LegalKey } from '@shop/domain';
import type { ReactNode } from 'react';
import { layoutText as t } from '../layout-text';
import { AppLink } from './app-links';
import { NavItems, type NavigationTargets } from './Navigation';
import { telUrl } from './urls';

/** The link texts of the legal pages (which link shows, and where it goes, is @shop/domain's legalLink). */
export const LEGAL_LABELS: Record<LegalKey, 'terms' | 'privacy' | 'imprint' | 'allergens'> = {
  termsAndConditions: 'terms',
  privacyPolicy: 'privacy',
  imprint: 'imprint',
  allergens: 'allergens',
};

/**
 * §2.2 "Footer: navigation with sub-navigation, a contact area (phone, e-mail, 'Kontaktieren Sie uns!' button to
 * /kontakt), and links to home, /store/{branch identifier} (only when exactly one branch exists), terms, privacy,
 * imprint and allergens pages, and /kontakt. The legal links show only if a link or text is configured; a text opens
 * the internal site page, otherwise an external link opens in a new tab." `branches`: the ones visitors see;
 * `children`: further entries of the link list (the storefront's install link).
 */
export function Footer({
  config,
  items,
  targets,
  branches,
  children,
}: {
  config: Config;
  items: readonly NavigationItem[];
  targets: NavigationTargets;
  branches: ReadonlyArray<{ identifier: string }>;
  children?: ReactNode;
}) {
  return (
    <footer className="footer">
      <div className="container footer__grid">
        {items.some((i) => i.isEnabled !== false) && (
          <nav aria-label={t('footerNavigation')}>
            <NavItems items={items} targets={targets} />
          </nav>
        )}
        <div className="footer__contact">
          <p className="footer__name">{config.businessName ?? config.shopName}</p>
          {config.phone && (
            <p>
              <a href={telUrl(config.phone)}>{config.phone}</a>
            </p>
          )}
          {config.email && (
            <p>
              <a href={`mailto:${config.email}`}>{config.email}</a>
            </p>
          )}
          <AppLink to="/kontakt" className="button button--light">
            {t('contactUsFooter')}
          </AppLink>
        </div>
        <nav aria-label={t('legalNavigation')} className="footer__links">
          <ul>
            <li>
              <AppLink to="/">{t('home')}</AppLink>
            </li>
            {branches.length === 1 && (
              <li>
                <AppLink to={`/store/${branches[0].identifier}`}>{t('orderOnline')}</AppLink>
              </li>
            )}
            {LEGAL_PAGES.map((page) => {
              const link = legalLink(config, page.key);
              if (!link) return null;
              return (
                <li key={page.key}>
                  {'internal' in link ? (
                    <AppLink to={link.internal}>{t(LEGAL_LABELS[page.key])}</AppLink>
                  ) : (
                    <a href={link.external} target="_blank" rel="noopener noreferrer">
                      {t(LEGAL_LABELS[page.key])}
                    </a>
                  )}
                </li>
              );
            })}
            <li>
              <AppLink to="/kontakt">{t('contact')}</AppLink>
            </li>
            {children}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
