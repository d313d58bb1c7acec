import { createContext, useContext } from 'react';

/** The server's German errors by path ('content.body.2.images'), shown at the field of that path. */
export const ContentErrors = createContext<Record<string, string>>({});

/** The German error at a path, tied to its control by `${id}-error`. */
export function FieldError({ id, path }: { id: string; path: string }) {
  const message = useContext(ContentErrors)[path];
  return message ? (
    <p className="field-error" id={`${id}-error`}>
      {message}
    </p>
  ) : null;
}
