import { imageUrl, isFileRef } from '@shop/domain';
import { t } from '../texts';
import { Image } from '../ui/Image';
import { useLightbox } from '../ui/Lightbox';
import { Slider } from '../ui/Slider';

/**
 * Images in a slider, each opening the lightbox at itself: the sliders of text sliders, project sliders and object
 * details play on their own; the carousel block (`carousel`: its images' size) shows several at once and waits.
 */
export function ImageSlider({
  images,
  sizes = '(min-width: 1024px) 50vw, 100vw',
  carousel,
  intervalMs,
}: {
  images: unknown;
  /** how long each image shows when it plays on its own (the text slider's duration); the Slider's default else */
  intervalMs?: number;
  /** the images' widths on the page, for the browser's choice among their sizes */
  sizes?: string;
  carousel?: { width: number; height: number };
}) {
  const lightbox = useLightbox();
  const list = (Array.isArray(images) ? images : []).filter(isFileRef);
  const items = list.map((img) => ({ src: imageUrl(img, 'large'), alt: img.alt ?? '' }));
  return (
    <Slider
      {...(carousel ? { kind: 'carousel', slidesPerView: 'responsive' } : { autoplay: true, intervalMs })}
      slides={list.map((img, i) => (
        <button
          key={i}
          type="button"
          className="image-button"
          onClick={() => lightbox.open(items, i)}
          aria-label={t('openImage')}
        >
          <Image image={img} width={carousel?.width} height={carousel?.height} sizes={sizes} lazy={i > 0} />
        </button>
      ))}
    />
  );
}
