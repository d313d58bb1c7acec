import { imageSrcSet, imageUrl, isFileRef } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { t } from '../texts';
import { useHydrated } from './hydration';

export type ImageState = 'loading' | 'loaded' | 'error';

/**
 * §4 "An image is in a loading, loaded or error state" (§8 "Image load failure: the image enters an error state and
 * emits an event"); §9 the six widths as `srcset`. Width and height are always set (the stored ones, else the
 * frame's ratio with object-fit), so the page does not shift while images load.
 */
export function Image({
  image,
  sizes = '100vw',
  width = 1600,
  height = 1000,
  className,
  eager = false,
  lazy = !eager,
  onStateChange,
}: {
  image: unknown;
  sizes?: string;
  width?: number;
  height?: number;
  className?: string;
  /** the page's largest image (a hero): fetched first, ahead of the scripts (fetchpriority high, decoded at once) */
  eager?: boolean;
  /**
   * false: fetched when the page loads, without high priority (the first slide of a slider, which may be the first
   * screen's largest image: a lazy one is requested only after layout — issue 43, an object page's LCP waited 1.4 s)
   */
  lazy?: boolean;
  onStateChange?: (state: ImageState) => void;
}) {
  const [state, setState] = useState<ImageState>('loading');
  // an image of the server's markup is shown as it loads, without the fade-in: hidden until React heard its load
  // event, it painted only after the page had hydrated (issue 43: an object page's largest paint waited 1.5–2.3 s)
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  const element = useRef<HTMLImageElement>(null);
  const change = (next: ImageState) => {
    setState(next);
    onStateChange?.(next);
    if (next === 'error' && isFileRef(image))
      window.dispatchEvent(new CustomEvent('image-error', { detail: { id: image.id } }));
  };
  // a server-rendered image (the presenter's pages) may have loaded, or failed, before the app hydrated the page:
  // its event fired before React listened, so the state is read from the element once
  useEffect(() => {
    const img = element.current;
    if (img?.complete && img.currentSrc) change(img.naturalWidth > 0 ? 'loaded' : 'error');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount: later changes come as events
  }, []);
  if (!isFileRef(image)) return null;
  const stored = image as { width?: number; height?: number };
  return (
    <span
      className={`image image--${state}${eager ? ' image--eager' : ''}${fromServer ? ' image--server' : ''}${className ? ` ${className}` : ''}`}
      data-state={state}
    >
      <img
        ref={element}
        src={imageUrl(image, 'medium')}
        srcSet={imageSrcSet(image)}
        sizes={sizes}
        width={stored.width ?? width}
        height={stored.height ?? height}
        alt={image.alt ?? ''}
        loading={lazy ? 'lazy' : 'eager'}
        // the page's largest image (a hero): fetched first, ahead of the scripts that follow (LCP)
        fetchPriority={eager ? 'high' : undefined}
        decoding={eager ? 'sync' : 'async'}
        onLoad={() => change('loaded')}
        onError={() => change('error')}
      />
      {state === 'error' && <span className="image__error">{t('imageError')}</span>}
    </span>
  );
}
