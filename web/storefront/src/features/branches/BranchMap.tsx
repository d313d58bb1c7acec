import { MAP_MARKER_COLOR, mapCenter, mapMarkers } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import type { Branch, Config } from '@shop/contracts';
import { s } from '../../texts';
import { addressDirectionsUrl, mapStyleUrl, onMapFailure } from '@shop/web-shared';

/**
 * §2.4 "Optional map, shown when enablePluginMapbox is on and cookie consent is given; one marker per branch
 * with coordinates; clicking a marker opens a route to it." §9 marker colour #303033, centre = the last
 * branch with coordinates, zoom/pitch/bearing from the config. mapbox-gl is loaded only here (own chunk),
 * and only with a token, with the page's style (mapStyleUrl: the gateway's MAP_STYLE_URL). Never an empty box
 * (issue 43): when the map cannot load (offline, its style or tiles failing, no WebGL) it shows each branch's
 * address with a directions link instead.
 */
export default function BranchMap({ branches, config }: { branches: Branch[]; config: Config }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let map: { remove(): void } | null = null;
    let cancelled = false;
    const token = config.mapboxToken;
    if (!token || failed || !box.current) return;
    const fail = () => !cancelled && setFailed(true);
    void (async () => {
      try {
        const [{ default: mapboxgl }] = await Promise.all([
          import('mapbox-gl'),
          import('mapbox-gl/dist/mapbox-gl.css'),
        ]);
        if (cancelled || !box.current) return;
        mapboxgl.accessToken = token;
        const centre = mapCenter(branches);
        if (!centre) return;
        const m = new mapboxgl.Map({
          container: box.current,
          style: mapStyleUrl(),
          center: [centre.longitude, centre.latitude],
          zoom: Number(config.mapboxZoom),
          pitch: Number(config.mapboxPitch),
          bearing: Number(config.mapboxBearing),
        });
        map = m;
        onMapFailure(m, fail);
        for (const b of mapMarkers(branches)) {
          const marker = new mapboxgl.Marker({ color: MAP_MARKER_COLOR }).setLngLat([b.longitude, b.latitude]).addTo(m);
          const el = marker.getElement();
          el.setAttribute('role', 'link');
          el.setAttribute('tabindex', '0');
          el.setAttribute('aria-label', b.name);
          const open = () => window.open(addressDirectionsUrl(b), '_blank', 'noopener');
          el.addEventListener('click', open);
          el.addEventListener('keydown', (e) => e.key === 'Enter' && open());
        }
      } catch {
        // the map's code did not load (offline) or the browser has no WebGL
        fail();
      }
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [branches, config, failed]);
  if (failed)
    return (
      <ul className="map map--fallback">
        {branches.map((b) => (
          <li key={b.id}>
            <address>
              <strong>{b.name}</strong>
              <br />
              {[b.street, [b.zipCode, b.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
            </address>
            <a href={addressDirectionsUrl(b)} target="_blank" rel="noopener noreferrer">
              {s('route')}
            </a>
          </li>
        ))}
      </ul>
    );
  return <div ref={box} className="map" role="region" aria-label={s('mapLabel')} />;
}
