import { useContentData } from '../content/content-data';
import { Html } from '../ui/Html';
import { Links } from '../ui/Links';
import { MapView, mapPoint } from '../ui/MapView';
import { str, usePage, type BlockProps } from './block-props';

/** §2.9 "Map columns: columns of text, links or a map. The map appears only after cookie consent and with latitude and longitude, zoom 13". */
export function MapColumns({ block }: BlockProps) {
  const { config, branches } = useContentData();
  const { node } = usePage();
  const point = mapPoint(block.map);
  // where the map cannot show: the page's address (a project's), else the branch at these coordinates
  const branch = point && branches.find((b) => b.latitude === point.latitude && b.longitude === point.longitude);
  const place = str(node?.content.address) ? { address: str(node?.content.address) } : (branch ?? null);
  return (
    <section className="block block--map-columns">
      <div className="column">
        <Html html={block.text} />
        <Links links={block.links} />
      </div>
      <div className="column">
        <MapView point={point} place={place} token={config.enablePluginMapbox ? config.mapboxToken : null} />
      </div>
    </section>
  );
}
