import type { Crumb } from '@shop/domain';
import { Link } from 'react-router-dom';
import { t } from '@shop/web-shared';

/** §2.9 breadcrumbs (the crumbs come from @shop/domain `breadcrumbs`). */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbLabel')}>
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={i}>
            {crumb.to === null ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link to={crumb.to}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
