import { useContentData } from '../content/content-data';
import { Html } from '../ui/Html';
import { Links } from '../ui/Links';
import { MapView, mapPoint } from '../ui/MapView';
import type { BlockProps } from './block-props';

/** §2.9 "Map columns: columns of text, links or a map. The map appears only after cookie consent and with latitude and longitude, zoom 13". */
export function MapColumns({ block }: BlockProps) {
  const { config } = useContentData();
  return (
    <section className="block block--map-columns">
      <div className="column">
        <Html html={block.text} />
        <Links links={block.links} />
      </div>
      <div className="column">
        <MapView point={mapPoint(block.map)} token={config.enablePluginMapbox ? config.mapboxToken : null} />
      </div>
    </section>
  );
}
