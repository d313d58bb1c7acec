import { Link } from 'react-router-dom';
import { usePageMeta } from '../layout/meta';
import { t } from '@shop/web-shared';

/** §2.1 "a 404 page ('404 Not Found' and 'Leider wurde die angeforderte Seite nicht gefunden.')" */
export function NotFound() {
  usePageMeta({ title: t('notFoundTitle') });
  return (
    <div className="container page error-page">
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <Link to="/">{t('toStartPage')}</Link>
    </div>
  );
}

/** §2.1 "A page whose type is not configured shows a 500 page: '500 Internal Server Error' and 'Leider ist ein interner Fehler aufgetreten.'" */
export function ServerError() {
  usePageMeta({ title: t('internalErrorTitle') });
  return (
    <div className="container page error-page">
      <h1>{t('internalErrorTitle')}</h1>
      <p>{t('internalErrorText')}</p>
    </div>
  );
}
