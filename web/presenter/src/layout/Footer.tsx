import { legalLink, type LegalKey } from '@shop/domain';
import { Link } from 'react-router-dom';
import { NavItems, type NavigationTargets } from './Navigation';
import { t, useContentData } from '@shop/web-shared';

const LEGAL: ReadonlyArray<[LegalKey, 'terms' | 'privacy' | 'imprint' | 'allergens']> = [
  ['termsAndConditions', 'terms'],
  ['privacyPolicy', 'privacy'],
  ['imprint', 'imprint'],
  ['allergens', 'allergens'],
];

/**
 * §2.2 "Footer: navigation with sub-navigation, a contact area (phone, e-mail, 'Kontaktieren Sie uns!' button to
 * /kontakt), and links to home, /store/{branch identifier} (only when exactly one branch exists), terms, privacy,
 * imprint and allergens pages, and /kontakt. The legal links show only if a link or text is configured; a text opens
 * the internal site page, otherwise an external link opens in a new tab."
 */
export function Footer({ targets }: { targets: NavigationTargets }) {
  const { config, navigations, branches } = useContentData();
  const items = navigations.find((n) => n.identifier === 'navigation')?.items ?? [];
  return (
    <footer className="footer">
      <nav aria-label={t('footerNavigation')}>
        <NavItems items={items} targets={targets} />
      </nav>
      <div className="footer__contact">
        {config.phone && <a href={`tel:${config.phone.replace(/\s/g, '')}`}>{config.phone}</a>}
        {config.email && <a href={`mailto:${config.email}`}>{config.email}</a>}
        <Link className="button" to="/kontakt">
          {t('contactUsFooter')}
        </Link>
      </div>
      <ul className="footer__links">
        <li>
          <Link to="/">{t('home')}</Link>
        </li>
        {branches.length === 1 && (
          <li>
            <a href={`/store/${branches[0].identifier}`}>{t('orderOnline')}</a>
          </li>
        )}
        {LEGAL.map(([key, label]) => {
          const link = legalLink(config, key);
          if (!link) return null;
          return (
            <li key={key}>
              {'internal' in link ? (
                <Link to={link.internal}>{t(label)}</Link>
              ) : (
                <a href={link.external} target="_blank" rel="noopener noreferrer">
                  {t(label)}
                </a>
              )}
            </li>
          );
        })}
        <li>
          <Link to="/kontakt">{t('contact')}</Link>
        </li>
      </ul>
    </footer>
  );
}
