import { Html } from '../ui/Html';
import type { BlockProps } from './block-props';
import { Gallery } from './Gallery';

/** §2.9 "Image section: two images opening in a lightbox, plus text." */
export function ImageSection({ block }: BlockProps) {
  return (
    <section className="block block--image-section">
      <Gallery images={[block.image_1, block.image_2]} />
      <Html html={block.text} />
    </section>
  );
}
