import { imageUrl, isFileRef } from '@shop/domain';
import { t } from '../texts';
import { Image } from '../ui/Image';
import { useLightbox } from '../ui/Lightbox';

/** Images in a grid, each opening the lightbox at its place (image section, object references). */
export function Gallery({ images, altFallback = '' }: { images: unknown[]; altFallback?: string }) {
  const lightbox = useLightbox();
  const list = images.filter(isFileRef);
  const items = list.map((img) => ({ src: imageUrl(img, 'large'), alt: img.alt || altFallback }));
  return (
    <ul className="gallery">
      {list.map((img, i) => (
        <li key={i}>
          <button
            type="button"
            className="image-button"
            onClick={() => lightbox.open(items, i)}
            aria-label={t('openImage')}
          >
            <Image image={img} width={800} height={600} sizes="(min-width: 1024px) 33vw, 50vw" />
          </button>
        </li>
      ))}
    </ul>
  );
}
