import { useEffect, useRef } from 'react';
import { layoutText as t } from '../layout-text';

export interface LightboxItem {
  src: string;
  alt: string;
  type?: 'image' | 'video';
}

/** The open lightbox: focus moves into it, the keys of §2.2 move through the items and Escape closes it. */
export function LightboxDialog({
  item,
  count,
  close,
  move,
}: {
  item: LightboxItem;
  count: number;
  close: () => void;
  move: (delta: 1 | -1) => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') move(-1);
      else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') move(1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close, move]);

  return (
    <div
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={t('lightboxLabel')}
      tabIndex={-1}
      ref={dialog}
    >
      <button type="button" className="lightbox__close" onClick={close}>
        {t('close')}
      </button>
      {/* one image: nothing to move to (an arrow would only close it) */}
      {count > 1 && (
        <button type="button" className="lightbox__prev" onClick={() => move(-1)}>
          {t('previous')}
        </button>
      )}
      {item.type === 'video' ? <video src={item.src} controls autoPlay /> : <img src={item.src} alt={item.alt} />}
      {count > 1 && (
        <button type="button" className="lightbox__next" onClick={() => move(1)}>
          {t('next')}
        </button>
      )}
    </div>
  );
}
