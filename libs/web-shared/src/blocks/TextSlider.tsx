import { BASIC_SLIDER_DEFAULT_SECONDS } from '@shop/domain';
import { Html } from '../ui/Html';
import { Links } from '../ui/Links';
import type { BlockProps } from './block-props';
import { ImageSlider } from './ImageSlider';

/**
 * §3 "Slider: duration in seconds" (the block's `duration`): how long each image shows, in milliseconds; empty or
 * not a positive number, the basic slider's default of §9 (5 s).
 */
export function slideIntervalMs(duration: unknown): number {
  const seconds = typeof duration === 'string' && duration.trim() !== '' ? Number(duration) : duration;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? seconds * 1000
    : BASIC_SLIDER_DEFAULT_SECONDS * 1000;
}

/** §2.9 "Text slider and a second variant on a blue background: text, links, image slider with lightbox." */
export function TextSlider({ block, variant = 'default' }: BlockProps & { variant?: 'default' | 'blue' }) {
  return (
    <section className={`block block--text-slider${variant === 'blue' ? ' block--blue' : ''}`}>
      <div className="block__text">
        <Html html={block.text} />
        <Links links={block.links} />
      </div>
      <ImageSlider images={block.images} intervalMs={slideIntervalMs(block.duration)} />
    </section>
  );
}
