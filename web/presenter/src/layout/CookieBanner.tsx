import { legalLink } from '@shop/domain';
import { Link } from 'react-router-dom';
import { useData } from '../api/data';
import { setConsent, useConsentValue } from '../state/consent';
import { t } from '../texts';

/** §2.2 "Cookie banner with 'Akzeptieren' and a 'Mehr erfahren' privacy link" (and 'Ablehnen' beside it, as on the storefront). */
export function CookieBanner() {
  const { config } = useData();
  const choice = useConsentValue();
  if (choice === 'true' || choice === 'false') return null;
  const privacy = legalLink(config, 'privacyPolicy');
  return (
    <section className="cookie-banner" aria-label={t('cookieBannerLabel')}>
      <p>{t('cookieText')}</p>
      <div className="actions">
        {privacy &&
          ('internal' in privacy ? (
            <Link to={privacy.internal}>{t('cookieMore')}</Link>
          ) : (
            <a href={privacy.external} target="_blank" rel="noopener noreferrer">
              {t('cookieMore')}
            </a>
          ))}
        <button type="button" className="button" onClick={() => setConsent(false)}>
          {t('cookieRefuse')}
        </button>
        <button type="button" className="button" onClick={() => setConsent(true)}>
          {t('cookieAccept')}
        </button>
      </div>
    </section>
  );
}
