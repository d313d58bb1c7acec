import type { ContentNode } from '@shop/contracts';
import { objectPath, objectPriceText, objectStatusLabel, referenceId, sortByWeight } from '@shop/domain';
import { Link } from 'react-router-dom';
import { useContentData } from '../content/content-data';
import { Html } from '../ui/Html';
import { Image } from '../ui/Image';
import { Slider } from '../ui/Slider';
import { arr, str, type BlockProps } from './block-props';

/** §2.9 "Object carousel: cards linking to object pages" (§3 "text, selectAvailableObjects flag, objects"). */
export function ObjectCarousel({ block }: BlockProps) {
  const { nodes } = useContentData();
  const publicObjects = nodes.filter((n) => n.type === 'object' && n.isPublic);
  const objects: ContentNode[] = block.selectAvailableObjects
    ? sortByWeight(
        publicObjects.filter((o) => {
          const status = (o.content.object_data as { status?: string } | undefined)?.status;
          return !status || status === 'available';
        }),
      )
    : arr(block.objects)
        .map((entry) => publicObjects.find((o) => o.id === referenceId(entry, 'object')))
        .filter((o): o is ContentNode => o !== undefined);
  return (
    <section className="block block--object-carousel">
      <Html html={block.text} />
      <Slider
        kind="carousel"
        slidesPerView="responsive"
        slides={objects.map((o, i) => {
          const data = (o.content.object_data ?? {}) as { price?: number; status?: string };
          const site = (o.content.site_data ?? {}) as Record<string, unknown>;
          return (
            <Link key={o.id} to={objectPath(nodes, o)} className="object-card">
              <Image
                image={site.teaser_image ?? site.image}
                width={800}
                height={600}
                sizes="(min-width: 1024px) 33vw, 100vw"
                lazy={i > 0}
              />
              {/* one line each (the card's flex column); the spaces keep the words apart for readers and search */}
              <strong className="object-card__name">{str(o.content.name)}</strong>{' '}
              <span className="object-card__status">{objectStatusLabel(data.status)}</span>{' '}
              <span className="object-card__price">{objectPriceText(data.price)}</span>
            </Link>
          );
        })}
      />
    </section>
  );
}
