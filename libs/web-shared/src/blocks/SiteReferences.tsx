import { nodePath, referenceId } from '@shop/domain';
import { Link } from 'react-router-dom';
import { useContentData } from '../content/content-data';
import { Html } from '../ui/Html';
import { Image } from '../ui/Image';
import { arr, str, type BlockProps } from './block-props';

/** §2.9 "Site references: optional text plus teaser tiles (image and label), each linking to the referenced page." */
export function SiteReferences({ block }: BlockProps) {
  const { nodes, sites } = useContentData();
  const tiles = arr(block.references).flatMap((entry, i) => {
    const ref = entry.reference as { id?: number; type?: string } | undefined;
    const id = referenceId(entry, 'reference');
    if (id === null) return [];
    if (ref?.type === 'site') {
      const site = sites.find((s) => s.id === id && s.isPublic);
      if (!site) return [];
      const data = (site.content.site_data ?? {}) as Record<string, unknown>;
      return [
        { key: i, to: site.path, label: str(data.hero_name) || site.name, image: data.teaser_image ?? data.image },
      ];
    }
    const node = nodes.find((n) => n.id === id && n.isPublic);
    const to = node ? nodePath(nodes, node) : null;
    if (!node || !to) return [];
    const data = (node.content.site_data ?? {}) as Record<string, unknown>;
    return [{ key: i, to, label: str(node.content.name), image: data.teaser_image ?? data.image }];
  });
  return (
    <section className="block block--site-references">
      <Html html={block.text} />
      <ul className="tiles">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.to} className="tile">
              <Image image={tile.image} width={800} height={600} sizes="(min-width: 1024px) 33vw, 100vw" />
              <span>{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
