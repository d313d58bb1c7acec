import { imageUrl, isFileRef } from '@shop/domain';
import { t } from '../texts';
import { Image } from '../ui/Image';
import { useLightbox } from '../ui/Lightbox';
import { Slider } from '../ui/Slider';

/** An image slider whose images open in the lightbox (text sliders, project slider, object details). */
export function ImageSlider({ images }: { images: unknown }) {
  const lightbox = useLightbox();
  const list = (Array.isArray(images) ? images : []).filter(isFileRef);
  const items = list.map((img) => ({ src: imageUrl(img, 'large'), alt: img.alt ?? '' }));
  return (
    <Slider
      autoplay
      slides={list.map((img, i) => (
        <button
          key={i}
          type="button"
          className="image-button"
          onClick={() => lightbox.open(items, i)}
          aria-label={t('openImage')}
        >
          <Image image={img} sizes="(min-width: 1024px) 50vw, 100vw" />
        </button>
      ))}
    />
  );
}
