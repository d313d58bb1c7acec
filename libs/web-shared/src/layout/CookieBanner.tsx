import type { Config } from '@shop/contracts';
import { legalLink } from '@shop/domain';
import { acceptConsent, refuseConsent, useConsentChoice } from '../consent/consent';
import { layoutText as t } from '../layout-text';
import { AppLink } from './app-links';

/**
 * §2.2 "Cookie banner with 'Akzeptieren' and a 'Mehr erfahren' privacy link", plus 'Ablehnen' of equal weight
 * beside it: refusing must be as easy as accepting (ePrivacy, GDPR); either answer hides the banner for 365 days.
 * The storefront schedules its install prompt (`onAccept`).
 */
export function CookieBanner({ config, onAccept }: { config: Config; onAccept?: () => void }) {
  const choice = useConsentChoice();
  if (choice) return null;
  const privacy = legalLink(config, 'privacyPolicy');
  return (
    <section className="cookie-banner" aria-label={t('cookieBannerLabel')}>
      <p>{t('cookieText')}</p>
      <div className="actions">
        {privacy &&
          ('internal' in privacy ? (
            <AppLink to={privacy.internal}>{t('cookieMore')}</AppLink>
          ) : (
            <a href={privacy.external} target="_blank" rel="noopener noreferrer">
              {t('cookieMore')}
            </a>
          ))}
        <button type="button" className="button" onClick={refuseConsent}>
          {t('cookieRefuse')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            acceptConsent();
            onAccept?.();
          }}
        >
          {t('cookieAccept')}
        </button>
      </div>
    </section>
  );
}
