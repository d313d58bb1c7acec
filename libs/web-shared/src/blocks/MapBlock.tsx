import { siteIdentity } from '@shop/domain';
import { useContentData } from '../content/content-data';
import { Html } from '../ui/Html';
import { MapView, mapPoint } from '../ui/MapView';
import type { BlockProps } from './block-props';

/** §2.9 "Map: text plus map, see section 9" (the centre is the last branch with coordinates). */
export function MapBlock({ block }: BlockProps) {
  const { config, branches, sites } = useContentData();
  const located = branches.filter((b) => b.latitude !== null && b.longitude !== null);
  // issue 43: a website with an address of its own (its identity) stands for that place, not for a shop's branch
  const own = siteIdentity(sites).street ? { ...config, name: config.businessName ?? config.shopName } : null;
  const last = own ?? located[located.length - 1];
  return (
    <section className="block block--map">
      <Html html={block.text} />
      <MapView point={mapPoint(last)} place={last} token={config.enablePluginMapbox ? config.mapboxToken : null} />
    </section>
  );
}
