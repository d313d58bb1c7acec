import { Html } from '../ui/Html';
import { str, type BlockProps } from './block-props';
import { ImageSlider } from './ImageSlider';

/** §2.9 "Carousel of images: 1 slide under 720 px, 2 from 720 px, 3 from 1024 px; arrows, swipe, progress bar, lightbox; orientation default portrait." */
export function Carousel({ block }: BlockProps) {
  const orientation = str(block.orientation) || 'portrait';
  const [width, height] = orientation === 'portrait' ? [800, 1067] : [1067, 800];
  return (
    <section className={`block block--carousel carousel--${orientation}`}>
      <Html html={block.text} />
      <ImageSlider
        images={block.images}
        carousel={{ width, height }}
        sizes="(min-width: 1024px) 33vw, (min-width: 720px) 50vw, 100vw"
      />
    </section>
  );
}
