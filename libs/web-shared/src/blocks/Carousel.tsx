import { imageUrl, isFileRef } from '@shop/domain';
import { t } from '../texts';
import { Html } from '../ui/Html';
import { Image } from '../ui/Image';
import { useLightbox } from '../ui/Lightbox';
import { Slider } from '../ui/Slider';
import { str, type BlockProps } from './block-props';

/** §2.9 "Carousel of images: 1 slide under 720 px, 2 from 720 px, 3 from 1024 px; arrows, swipe, progress bar, lightbox; orientation default portrait." */
export function Carousel({ block }: BlockProps) {
  const lightbox = useLightbox();
  const orientation = str(block.orientation) || 'portrait';
  const images = (Array.isArray(block.images) ? block.images : []).filter(isFileRef);
  const items = images.map((img) => ({ src: imageUrl(img, 'large'), alt: img.alt ?? '' }));
  const [w, h] = orientation === 'portrait' ? [800, 1067] : [1067, 800];
  return (
    <section className={`block block--carousel carousel--${orientation}`}>
      <Html html={block.text} />
      <Slider
        kind="carousel"
        slidesPerView="responsive"
        slides={images.map((img, i) => (
          <button
            key={i}
            type="button"
            className="image-button"
            onClick={() => lightbox.open(items, i)}
            aria-label={t('openImage')}
          >
            <Image image={img} width={w} height={h} sizes="(min-width: 1024px) 33vw, (min-width: 720px) 50vw, 100vw" />
          </button>
        ))}
      />
    </section>
  );
}
