import type { ReactNode } from 'react';

/**
 * A control's label that names, for screen readers, the field the control belongs to ('Hochladen (Bilder)'), where
 * a form has the same control for several fields.
 */
export function NamedLabel({ htmlFor, field, children }: { htmlFor: string; field: ReactNode; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor}>
      {children}
      <span className="sr-only"> ({field})</span>
    </label>
  );
}
