/**
 * A field's German error and the attributes that tie a control to it. Its own module: FieldInput renders the
 * editors and the editors show errors the same way, so keeping these in FieldInput tied every editor into an
 * import cycle with it.
 */
export function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="field-error" id={`${id}-error`}>
      {message}
    </p>
  ) : null;
}

/** Marks a control invalid and ties it to the <ErrorText id={id}> that shows its message. */
export function invalidProps(id: string, message?: string): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return message ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
