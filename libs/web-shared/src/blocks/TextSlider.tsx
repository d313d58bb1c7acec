import { Html } from '../ui/Html';
import { Links } from '../ui/Links';
import type { BlockProps } from './block-props';
import { ImageSlider } from './ImageSlider';

/** §2.9 "Text slider and a second variant on a blue background: text, links, image slider with lightbox." */
export function TextSlider({ block, variant = 'default' }: BlockProps & { variant?: 'default' | 'blue' }) {
  return (
    <section className={`block block--text-slider${variant === 'blue' ? ' block--blue' : ''}`}>
      <div className="block__text">
        <Html html={block.text} />
        <Links links={block.links} />
      </div>
      <ImageSlider images={block.images} />
    </section>
  );
}
