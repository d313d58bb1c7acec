import { useEffect, useId, useRef, type ReactNode } from 'react';
import { T } from '../texts';

/** A modal dialog (native <dialog>: focus trap, Escape and the backdrop come with it). */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="dialog"
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <button type="button" className="dialog-close link" onClick={onClose}>
        {T.app.dismiss}
      </button>
    </dialog>
  );
}
