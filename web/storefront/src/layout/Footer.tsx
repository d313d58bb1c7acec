import { isBranchVisible, LEGAL_PAGES, legalLink, type LegalKey } from '@shop/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { InitData } from '../api/types';
import { useIsSelfService, useLinkTo } from '../app/context';
import { s } from '../texts';
import { telUrl } from '../ui/urls';
import { NavItems, findNavigation } from './Navigation';

const InstallLink = lazy(() => import('../features/pwa/PwaLayer').then((m) => ({ default: m.InstallLink })));

/** The link texts of the legal pages (which link shows, and where it goes, is @shop/domain's legalLink). */
export const LEGAL_LABELS: Record<LegalKey, 'terms' | 'privacy' | 'imprint' | 'allergens'> = {
  termsAndConditions: 'terms',
  privacyPolicy: 'privacy',
  imprint: 'imprint',
  allergens: 'allergens',
};

export function Footer({ data }: { data: InitData }) {
  const { config, branches } = data;
  const to = useLinkTo();
  const selfService = useIsSelfService();
  const nav = findNavigation(data.navigations, 'navigation')?.items ?? [];
  const visible = branches.filter(isBranchVisible);
  return (
    <footer className="footer">
      <div className="container footer__grid">
        {nav.length > 0 && (
          <nav aria-label={s('footerNavigation')}>
            <NavItems items={nav} />
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
          <Link to={to('/kontakt')} className="button button--light">
            {s('contactUsFooter')}
          </Link>
        </div>
        <nav aria-label={s('footerNavigation')} className="footer__links">
          <ul>
            <li>
              <Link to={to('/')}>{s('home')}</Link>
            </li>
            {visible.length === 1 && (
              <li>
                <Link to={to(`/store/${visible[0].identifier}`)}>{s('orderOnline')}</Link>
              </li>
            )}
            {LEGAL_PAGES.map((page) => {
              const link = legalLink(config, page.key);
              if (!link) return null;
              return (
                <li key={page.key}>
                  {'internal' in link ? (
                    <Link to={to(link.internal)}>{s(LEGAL_LABELS[page.key])}</Link>
                  ) : (
                    <a href={link.external} target="_blank" rel="noopener noreferrer">
                      {s(LEGAL_LABELS[page.key])}
                    </a>
                  )}
                </li>
              );
            })}
            <li>
              <Link to={to('/kontakt')}>{s('contact')}</Link>
            </li>
            {config.enablePluginPWA && !selfService && (
              <Suspense fallback={null}>
                <InstallLink />
              </Suspense>
            )}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
