import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../layout/meta';
import { t } from '@shop/web-shared';

/** An error page: its title (also the document's), its text, and what may follow. */
function ErrorPage({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  usePageMeta({ title });
  return (
    <div className="container page error-page">
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </div>
  );
}

/** §2.1 "a 404 page ('404 Not Found' and 'Leider wurde die angeforderte Seite nicht gefunden.')" */
export function NotFound() {
  return (
    <ErrorPage title={t('notFoundTitle')} text={t('notFoundText')}>
      <Link to="/">{t('toStartPage')}</Link>
    </ErrorPage>
  );
}

/** §2.1 "A page whose type is not configured shows a 500 page: '500 Internal Server Error' and 'Leider ist ein interner Fehler aufgetreten.'" */
export function ServerError() {
  return <ErrorPage title={t('internalErrorTitle')} text={t('internalErrorText')} />;
}
