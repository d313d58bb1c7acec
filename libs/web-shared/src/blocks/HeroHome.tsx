import { HERO_FIRST_START_MS, HERO_SLIDE_INTERVAL_MS } from '@shop/domain';
import { t } from '../texts';
import { Html } from '../ui/Html';
import { Image } from '../ui/Image';
import { Links } from '../ui/Links';
import { Slider } from '../ui/Slider';
import { arr, type BlockProps } from './block-props';

/** §2.9 "Home hero slider: slides with image, text, links. Auto-advances, thumbnails headed 'Aktuelles', reacts to swipes." (§9 7 s, first after 1 s) */
export function HeroHome({ block }: BlockProps) {
  const slides = arr(block.slides);
  return (
    <section className="block block--hero-home">
      <Slider
        kind="hero"
        autoplay
        intervalMs={HERO_SLIDE_INTERVAL_MS}
        firstDelayMs={HERO_FIRST_START_MS}
        slides={slides.map((slide, i) => (
          <div className="hero-slide" key={i}>
            <Image image={slide.image} eager={i === 0} />
            <div className="hero-slide__text">
              <Html html={slide.text} />
              <Links links={slide.links} />
            </div>
          </div>
        ))}
        thumbnails={{
          heading: t('heroThumbnails'),
          items: slides.map((slide, i) => <Image key={i} image={slide.image} sizes="128px" width={128} height={80} />),
        }}
      />
    </section>
  );
}
