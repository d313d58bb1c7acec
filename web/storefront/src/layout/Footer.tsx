import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { Config } from '@shop/contracts';
import type { InitData } from '../api/types';
import { useIsSelfService, useLinkTo } from '../app/context';
import { s } from '../texts';
import { telUrl } from '../ui/urls';
import { NavItems, findNavigation } from './Navigation';

const InstallLink = lazy(() => import('../features/pwa/PwaLayer').then((m) => ({ default: m.InstallLink })));

type LegalKey = 'termsAndConditions' | 'privacyPolicy' | 'imprint' | 'allergens';

/** backoffice-platform.md §2 footer links: /site/terms-and-conditions, /site/privacy, /site/imprint, /site/allergens */
export const LEGAL_PAGES: Array<{ key: LegalKey; path: string; label: 'terms' | 'privacy' | 'imprint' | 'allergens' }> = [
  { key: 'termsAndConditions', path: '/site/terms-and-conditions', label: 'terms' },
  { key: 'privacyPolicy', path: '/site/privacy', label: 'privacy' },
  { key: 'imprint', path: '/site/imprint', label: 'imprint' },
  { key: 'allergens', path: '/site/allergens', label: 'allergens' },
];

/**
 * A legal link: "shown only if a link or text is configured; a text opens the internal site page, otherwise
 * an external link opens in a new tab".
 */
export function legalLink(config: Config, key: LegalKey): { internal: string } | { external: string } | null {
  const page = LEGAL_PAGES.find((p) => p.key === key)!;
  if (config[`${key}Text`]) return { internal: page.path };
  if (config[key]) return { external: config[key]! };
  return null;
}

export function Footer({ data }: { data: InitData }) {
  const { config, branches } = data;
  const to = useLinkTo();
  const selfService = useIsSelfService();
  const nav = findNavigation(data.navigations, 'navigation')?.items ?? [];
  const visible = branches.filter((b) => b.isPublic && b.isEnabled);
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
                <Link to={to(`/store/${visible[0]!.identifier}`)}>{s('orderOnline')}</Link>
              </li>
            )}
            {LEGAL_PAGES.map((page) => {
              const link = legalLink(config, page.key);
              if (!link) return null;
              return (
                <li key={page.key}>
                  {'internal' in link ? (
                    <Link to={to(link.internal)}>{s(page.label)}</Link>
                  ) : (
                    <a href={link.external} target="_blank" rel="noopener noreferrer">
                      {s(page.label)}
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
