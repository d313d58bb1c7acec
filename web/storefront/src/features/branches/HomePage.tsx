import { mapMarkers } from '@shop/domain';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Branch } from '@shop/contracts';
import { useData } from '../../api/init';
import { useIsSelfService, useLinkTo } from '../../app/context';
import { s } from '../../texts';
import { addressDirectionsUrl, telUrl, useConsent } from '@shop/web-shared';
import { BranchContact } from './BranchContact';
import { OpeningHours } from './OpeningHours';

const BranchMap = lazy(() => import('./BranchMap'));

/** §2.4 home page (plugin) */
export function HomePage({ branches }: { branches: Branch[] }) {
  const { config } = useData();
  const consent = useConsent();
  const to = useLinkTo();
  const selfService = useIsSelfService();
  const single = branches.length === 1 ? branches[0] : null;
  // the map is a third-party service: not in the self-service context (§2.1), like the other third-party scripts
  const showMap = config.enablePluginMapbox && consent && Boolean(config.mapboxToken) && !selfService;
  const located = useMemo(() => mapMarkers(branches), [branches]);
  return (
    <div className="container page">
      <h1>{config.title ?? config.shopName}</h1>
      {config.description && <p className="lead">{config.description}</p>}
      {single && (
        <div className="teasers">
          <section className="teaser" data-animate="">
            <h2>{s('teaserOrderTitle')}</h2>
            <Link className="button" to={to(`/store/${single.identifier}`)}>
              {s('teaserOrderButton')}
            </Link>
          </section>
          {single.phone && (
            <section className="teaser" data-animate="">
              <h2>{s('teaserTableTitle')}</h2>
              <a className="button" href={telUrl(single.phone)}>
                {s('teaserTableButton')}
              </a>
            </section>
          )}
          <section className="teaser" data-animate="">
            <h2>{s('teaserDirectionsTitle')}</h2>
            <a className="button" href={addressDirectionsUrl(single)} target="_blank" rel="noopener noreferrer">
              {s('teaserDirectionsButton')}
            </a>
          </section>
        </div>
      )}
      {branches.map((b) => (
        <section key={b.id} className="home-branch" data-animate="" aria-labelledby={`home-branch-${b.id}`}>
          <h2 id={`home-branch-${b.id}`}>{b.name}</h2>
          <div className="home-branch__grid">
            <OpeningHours branch={b} />
            <BranchContact branch={b} />
          </div>
        </section>
      ))}
      {showMap && located.length > 0 && (
        <Suspense fallback={null}>
          <BranchMap branches={located} config={config} />
        </Suspense>
      )}
    </div>
  );
}
