import { useEffect, useId, useRef, type ReactNode } from 'react';
import { s } from '../texts';
import { FOCUSABLE, trapTab } from '@shop/web-shared';

/**
 * A modal dialog: focus moves in and is trapped, Escape and the close button call onClose, focus returns to
 * the opener, the page behind does not scroll.
 */
export function Dialog({
  title,
  onClose,
  children,
  className = '',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  // eslint-disable-next-line react-hooks/refs -- the newest onClose for listeners registered once, on open
  close.current = onClose;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    document.body.classList.add('is-fixed');
    const first =
      box.current?.querySelector<HTMLElement>('[data-autofocus]') ?? box.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
        return;
      }
      if (box.current) trapTab(e, box.current);
    };
    const node = box.current;
    node?.addEventListener('keydown', onKey);
    return () => {
      node?.removeEventListener('keydown', onKey);
      if (!document.querySelector('.dialog-backdrop ~ .dialog-backdrop')) document.body.classList.remove('is-fixed');
      opener?.focus?.();
    };
  }, []);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={`dialog ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={box}
        tabIndex={-1}
      >
        <div className="dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="dialog__close" onClick={onClose} aria-label={s('close')}>
            ×
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </div>
  );
}
