import { pageTitle, shopDescription } from '@shop/domain';
import { Link } from 'react-router-dom';
import { useData } from '../../api/init';
import { useLinkTo } from '../../app/context';
import { usePageMeta } from '../../layout/meta';
import { s } from '../../texts';

/** §2.1 "a 404 page ('404 Not Found' and 'Leider wurde die angeforderte Seite nicht gefunden.')", and the way back to the start page */
export function NotFound() {
  const { config } = useData();
  const to = useLinkTo();
  usePageMeta({ title: pageTitle(config, s('notFoundTitle')), description: shopDescription(config) });
  return (
    <div className="container page page--center not-found">
      <h1>{s('notFoundTitle')}</h1>
      <p>{s('notFoundText')}</p>
      <Link className="button" to={to('/')}>
        {s('toStartPage')}
      </Link>
    </div>
  );
}
