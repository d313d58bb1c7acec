import type { ReactNode } from 'react';

/** A field's label, with the required marker (* for the eye; the control says aria-required). */
export function FieldLabel({
  htmlFor,
  required = false,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor}>
      {children}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}
