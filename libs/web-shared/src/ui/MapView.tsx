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

/**
 * §6 "The map appears only when the map plugin is enabled and consent is given"; mapbox-gl is large, so it is
 * imported only here, after consent, when the map comes into view (never in the first load). §9 block maps: zoom 13,
 * pitch 0, bearing 0; marker #303033; §4 "The map flies to its configured view when scrolled into view."
 */
export function MapView({ point, token }: { point: MapPoint | null; token: string | null | undefined }) {
  const enabled = Boolean(token);
  const consent = useConsent();
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const show = enabled && consent && point !== null;

  useEffect(() => {
    if (!show || !box.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true));
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [show]);

  useEffect(() => {
    if (!visible || !point || !box.current) return;
    let map: { remove(): void } | null = null;
    let live = true;
    const container = box.current;
    void Promise.all([import('mapbox-gl'), import('mapbox-gl/dist/mapbox-gl.css')]).then(([mod]) => {
      if (!live) return;
      const mapboxgl = mod.default;
      mapboxgl.accessToken = token ?? '';
      const center: [number, number] = [point.longitude, point.latitude];
      const m = new mapboxgl.Map({
        container,
        style: 'mapbox://styles/mapbox/light-v11',
        center,
        zoom: MAP_BLOCK_DEFAULTS.zoom - 3,
        pitch: MAP_BLOCK_DEFAULTS.pitch,
        bearing: MAP_BLOCK_DEFAULTS.bearing,
      });
      const marker = new mapboxgl.Marker({ color: MAP_MARKER_COLOR }).setLngLat(center).addTo(m);
      marker.getElement().addEventListener('click', () => window.open(directionsUrl(point), '_blank', 'noopener'));
      m.flyTo({ center, zoom: MAP_BLOCK_DEFAULTS.zoom });
      map = m;
    });
    return () => {
      live = false;
      map?.remove();
    };
  }, [visible, point, token]);

  if (!enabled || point === null) return null;
  if (!consent) return <p className="map map--consent">{t('mapConsent')}</p>;
  return <div className="map" ref={box} role="region" aria-label={t('mapLabel')} />;
}
