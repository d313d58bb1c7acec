import { MAP_BLOCK_DEFAULTS, MAP_MARKER_COLOR } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { useConsent } from '../consent/consent';
import { t } from '../texts';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** Directions in an external maps service (§2.9 "clicking the marker opens driving directions"). */
export const directionsUrl = (p: MapPoint) =>
  `https://www.google.com/maps/dir/?api=1&destination=${p.latitude},${p.longitude}&travelmode=driving`;

export function mapPoint(value: unknown): MapPoint | null {
  const v = value as { latitude?: unknown; longitude?: unknown } | null;
  const latitude = Number(v?.latitude);
  const longitude = Number(v?.longitude);
  if (!v || v.latitude === '' || v.longitude === '' || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  return { latitude, longitude };
}

/** The address a map stands for, shown (with a directions link) where the map cannot be. */
export interface MapPlace {
  name?: string | null;
  street?: string | null;
  zipCode?: string | null;
  city?: string | null;
  /** an address in one line (a project's) */
  address?: string | null;
}

/** The style the page's maps load: the gateway names it (`<meta name="map-style">`, MAP_STYLE_URL); else Mapbox's. */
export const DEFAULT_MAP_STYLE = 'mapbox://styles/mapbox/light-v11';
export function mapStyleUrl(): string {
  if (typeof document === 'undefined') return DEFAULT_MAP_STYLE;
  return document.querySelector<HTMLMetaElement>('meta[name="map-style"]')?.content || DEFAULT_MAP_STYLE;
}

/**
 * Reports once when a map cannot show: its style or its first tiles fail to load (offline, a blocked or unreachable
 * tile server), or it reports an error before it has loaded. A tile failing after others loaded leaves the map.
 */
export function onMapFailure(
  map: { on(type: string, listener: (e: { tile?: unknown; sourceDataType?: string }) => void): unknown },
  fail: () => void,
): void {
  let loaded = false;
  let tiles = false;
  let failed = false;
  map.on('load', () => (loaded = true));
  map.on('sourcedata', (e) => {
    if (e.tile) tiles = true;
  });
  map.on('error', () => {
    if (failed || (loaded && tiles)) return;
    failed = true;
    fail();
  });
}

/** The address and a directions link: a map's stand-in without a token, without consent, or when it cannot load. */
export function MapFallback({ point, place, note }: { point: MapPoint; place?: MapPlace | null; note?: string }) {
  const lines = [
    place?.name,
    place?.address,
    place?.street,
    [place?.zipCode, place?.city].filter(Boolean).join(' '),
  ].filter((line): line is string => Boolean(line));
  return (
    <div className="map map--fallback">
      {note && <p>{note}</p>}
      {lines.length > 0 && (
        <address>
          {lines.map((line, i) => (
            <span key={i}>
              {i > 0 && <br />}
              {line}
            </span>
          ))}
        </address>
      )}
      <a href={directionsUrl(point)} target="_blank" rel="noopener noreferrer">
        {t('mapDirections')}
      </a>
    </div>
  );
}

/**
 * §6 "The map appears only when the map plugin is enabled and consent is given"; mapbox-gl is large, so it is
 * imported only here, after consent, when the map comes into view (never in the first load). §9 block maps: zoom 13,
 * pitch 0, bearing 0; marker #303033; §4 "The map flies to its configured view when scrolled into view." Its style
 * is the page's (mapStyleUrl). Never an empty box (issue 43): without a token, before consent and when the map cannot
 * load (offline, its tiles failing) the box shows the place's address and a directions link.
 */
export function MapView({
  point,
  token,
  place,
}: {
  point: MapPoint | null;
  token: string | null | undefined;
  place?: MapPlace | null;
}) {
  const enabled = Boolean(token);
  const consent = useConsent();
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [failed, setFailed] = useState(false);
  const show = enabled && consent && point !== null && !failed;

  useEffect(() => {
    if (!show || !box.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true));
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [show]);

  const latitude = point?.latitude;
  const longitude = point?.longitude;
  useEffect(() => {
    if (!visible || failed || latitude === undefined || longitude === undefined || !box.current) return;
    const point = { latitude, longitude };
    let map: { remove(): void } | null = null;
    let live = true;
    const container = box.current;
    const fail = () => live && setFailed(true);
    Promise.all([import('mapbox-gl'), import('mapbox-gl/dist/mapbox-gl.css')])
      .then(([mod]) => {
        if (!live) return;
        const mapboxgl = mod.default;
        mapboxgl.accessToken = token ?? '';
        const center: [number, number] = [point.longitude, point.latitude];
        const m = new mapboxgl.Map({
          container,
          style: mapStyleUrl(),
          center,
          zoom: MAP_BLOCK_DEFAULTS.zoom - 3,
          pitch: MAP_BLOCK_DEFAULTS.pitch,
          bearing: MAP_BLOCK_DEFAULTS.bearing,
        });
        map = m;
        onMapFailure(m, fail);
        const marker = new mapboxgl.Marker({ color: MAP_MARKER_COLOR }).setLngLat(center).addTo(m);
        marker.getElement().addEventListener('click', () => window.open(directionsUrl(point), '_blank', 'noopener'));
        m.flyTo({ center, zoom: MAP_BLOCK_DEFAULTS.zoom });
      })
      // the map's code did not load (offline) or the browser has no WebGL
      .catch(fail);
    return () => {
      live = false;
      map?.remove();
    };
  }, [visible, failed, latitude, longitude, token]);

  if (point === null) return null;
  if (!enabled || failed) return <MapFallback point={point} place={place} />;
  if (!consent) return <MapFallback point={point} place={place} note={t('mapConsent')} />;
  return <div className="map" ref={box} role="region" aria-label={t('mapLabel')} />;
}
