import { legalLink } from '@shop/domain';
import { Link } from 'react-router-dom';
import type { Config } from '@shop/contracts';
import { useLinkTo } from '../app/context';
import { acceptConsent, refuseConsent, useConsentChoice } from '../state/consent';
import { s } from '../texts';

/**
 * §2.2 "Cookie banner with 'Akzeptieren' and a 'Mehr erfahren' privacy link", plus 'Ablehnen' of equal weight
 * beside it: refusing must be as easy as accepting (ePrivacy, GDPR); either answer hides the banner for 365 days.
 */
export function CookieBanner({ config }: { config: Config }) {
  const choice = useConsentChoice();
  const to = useLinkTo();
  if (choice) return null;
  const privacy = legalLink(config, 'privacyPolicy');
  return (
    <section className="cookie-banner" aria-label={s('cookieBannerLabel')}>
      <p>{s('cookieText')}</p>
      <div className="actions">
        {privacy &&
          ('internal' in privacy ? (
            <Link to={to(privacy.internal)}>{s('cookieMore')}</Link>
          ) : (
            <a href={privacy.external} target="_blank" rel="noopener noreferrer">
              {s('cookieMore')}
            </a>
          ))}
        <button type="button" className="button" onClick={refuseConsent}>
          {s('cookieRefuse')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            acceptConsent();
            void import('../features/pwa/pwa').then((pwa) => pwa.scheduleInstallPrompt(true));
          }}
        >
          {s('cookieAccept')}
        </button>
      </div>
    </section>
  );
}
