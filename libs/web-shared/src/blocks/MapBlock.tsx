import { useContentData } from '../content/content-data';
import { Html } from '../ui/Html';
import { MapView, mapPoint } from '../ui/MapView';
import type { BlockProps } from './block-props';

/** §2.9 "Map: text plus map, see section 9" (the centre is the last branch with coordinates). */
export function MapBlock({ block }: BlockProps) {
  const { config, branches } = useContentData();
  const located = branches.filter((b) => b.latitude !== null && b.longitude !== null);
  const last = located[located.length - 1];
  return (
    <section className="block block--map">
      <Html html={block.text} />
      <MapView point={mapPoint(last)} token={config.enablePluginMapbox ? config.mapboxToken : null} />
    </section>
  );
}
