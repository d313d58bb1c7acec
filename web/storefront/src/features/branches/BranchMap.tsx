import { MAP_MARKER_COLOR, mapCenter, mapMarkers } from '@shop/domain';
import { useEffect, useRef } from 'react';
import type { Branch, Config } from '@shop/contracts';
import { s } from '../../texts';
import { addressDirectionsUrl } from '@shop/web-shared';

/**
 * §2.4 "Optional map, shown when enablePluginMapbox is on and cookie consent is given; one marker per branch
 * with coordinates; clicking a marker opens a route to it." §9 marker colour #303033, centre = the last
 * branch with coordinates, zoom/pitch/bearing from the config. mapbox-gl is loaded only here (own chunk),
 * and only with a token; any failure leaves an empty box and no error.
 */
export default function BranchMap({ branches, config }: { branches: Branch[]; config: Config }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let map: { remove(): void } | null = null;
    let cancelled = false;
    const token = config.mapboxToken;
    if (!token || !box.current) return;
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
          style: 'mapbox://styles/mapbox/light-v11',
          center: [centre.longitude, centre.latitude],
          zoom: Number(config.mapboxZoom),
          pitch: Number(config.mapboxPitch),
          bearing: Number(config.mapboxBearing),
        });
        m.on('error', () => undefined);
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
        map = m;
      } catch {
        /* no map: nothing else depends on it */
      }
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [branches, config]);
  return <div ref={box} className="map" role="region" aria-label={s('mapLabel')} />;
}
