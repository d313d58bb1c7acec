import { BASIC_SLIDER_DEFAULT_SECONDS, swipeThreshold } from '@shop/domain';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../texts';

type Embla = ReturnType<typeof useEmblaCarousel>[1];

/**
 * The slide shown; the carousel's progress bar follows every scroll frame: set on the element, not through React
 * state (a re-render of every slide per animation frame was most of the home page's main-thread time under
 * Lighthouse).
 */
function useSelectedSlide(embla: Embla, progress: unknown) {
  const [index, setIndex] = useState(0);
  const bar = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    const onScroll = () => {
      if (bar.current) bar.current.style.transform = `scaleX(${Math.max(0, Math.min(1, embla.scrollProgress()))})`;
    };
    embla.on('select', onSelect).on('reInit', onSelect);
    if (progress) embla.on('scroll', onScroll);
    onScroll();
    return () => {
      embla.off('select', onSelect).off('scroll', onScroll).off('reInit', onSelect);
    };
  }, [embla, progress]);
  return { index, bar };
}

/** Auto-advance (more than one slide) every `intervalMs`, the first step after `firstDelayMs` (or the interval). */
function useAutoplay(
  embla: Embla,
  autoplay: boolean,
  count: number,
  intervalMs: number,
  firstDelayMs: number | undefined,
) {
  useEffect(() => {
    if (!embla || !autoplay || count < 2) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      embla.scrollNext();
      interval = setInterval(() => embla.scrollNext(), intervalMs);
    }, firstDelayMs ?? intervalMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [embla, autoplay, intervalMs, firstDelayMs, count]);
}

/** Thumbnails below the slides, one per slide; the current one marked, a click shows its slide. */
function Thumbnails({
  heading,
  items,
  index,
  onPick,
}: {
  heading: string;
  items: ReactNode[];
  index: number;
  onPick: (i: number) => void;
}) {
  return (
    <div className="slider__thumbnails">
      <h2>{heading}</h2>
      <ul>
        {items.map((item, i) => (
          <li key={i}>
            <button type="button" aria-current={i === index ? 'true' : undefined} onClick={() => onPick(i)}>
              {item}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The sliders of §2.9 on Embla (touch, drag thresholds, looping and keyboard-reachable controls from a maintained
 * library rather than hand-written touch handling). §4 "Sliders loop: next after the last goes to the first;
 * previous before the first goes to the last." Auto-advance every `intervalMs` (§9 basic slider 5 s), the first
 * step after `firstDelayMs` (hero: 1 s, then 7 s).
 */
export function Slider({
  slides,
  kind = 'slider',
  intervalMs = BASIC_SLIDER_DEFAULT_SECONDS * 1000,
  firstDelayMs,
  autoplay = false,
  className,
  label,
  thumbnails,
  slidesPerView,
}: {
  slides: ReactNode[];
  kind?: 'hero' | 'slider' | 'carousel';
  intervalMs?: number;
  firstDelayMs?: number;
  autoplay?: boolean;
  className?: string;
  label?: string;
  /** thumbnails below the slides, one per slide (the hero's 'Aktuelles') */
  thumbnails?: { heading: string; items: ReactNode[] };
  /** the carousel: progress bar instead of dots, slide widths by breakpoint (CSS) */
  slidesPerView?: 'responsive';
}) {
  // read once per slider (the window's width at its start), not on every render; a server render has no window
  // (the threshold is no part of the markup, and a hydrated slider keeps it)
  const [threshold] = useState(() => swipeThreshold(kind, typeof window === 'undefined' ? 0 : window.innerWidth));
  const [ref, embla] = useEmblaCarousel({ loop: slides.length > 1, dragThreshold: threshold, align: 'start' });

  const { index, bar } = useSelectedSlide(embla, slidesPerView);
  useAutoplay(embla, autoplay, slides.length, intervalMs, firstDelayMs);

  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  if (slides.length === 0) return null;
  return (
    <div
      className={`slider slider--${kind}${slidesPerView ? ' slider--responsive' : ''}${className ? ` ${className}` : ''}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
    >
      <div className="slider__viewport" ref={ref}>
        <div className="slider__track">
          {slides.map((slide, i) => (
            <div
              className="slider__slide"
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slideLabel', { n: i + 1, total: slides.length })}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 && (
        <div className="slider__controls">
          <button type="button" className="slider__prev" onClick={prev} aria-label={t('slidePrevious')}>
            ‹
          </button>
          <button type="button" className="slider__next" onClick={next} aria-label={t('slideNext')}>
            ›
          </button>
        </div>
      )}
      {slidesPerView && slides.length > 1 && (
        <div className="slider__progress" aria-hidden="true">
          <span ref={bar} style={{ transform: 'scaleX(0)' }} />
        </div>
      )}
      {thumbnails && <Thumbnails {...thumbnails} index={index} onPick={(i) => embla?.scrollTo(i)} />}
    </div>
  );
}
