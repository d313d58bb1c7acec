import type { ReactNode } from 'react';

/** A control inside its label, with the field's German error after it (the signage screens' compact form fields). */
export function Labelled({ label, error, children }: { label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <label>
      {label}
      {children}
      {error && <span className="field-error">{error}</span>}
    </label>
  );
}
