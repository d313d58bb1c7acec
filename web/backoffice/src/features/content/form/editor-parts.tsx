import { contentBuilderTexts } from '@shop/i18n-de';
import { useContext, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { T } from '../../../texts';
import { useContentReadOnly } from '../content-permission';
import { ContentErrors, FieldError } from './content-errors';

/** aria-invalid and aria-describedby of the control at `path` while the error at its path stands. */
export function useInvalid(): (id: string, path: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const errors = useContext(ContentErrors);
  return (id, path) => (errors[path] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});
}

/** A labelled control of an editor with the error at its path below it (`${id}-error`). */
export function EditorField({
  id,
  path,
  label,
  children,
}: {
  id: string;
  path?: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {path && <FieldError id={id} path={path} />}
    </div>
  );
}

/** A checkbox with its label around it (the editor's draft/public switch); the input's props as registered. */
export function EditorCheckbox({ label, ...input }: { label: string } & ComponentProps<'input'>) {
  return (
    <div className="field field-boolean">
      <label>
        <input type="checkbox" {...input} /> {label}
      </label>
    </div>
  );
}

/**
 * The sticky save and abort of a full-page editor; abort goes back to the list. Staff without the content
 * permission get no save, but the note that they read only.
 */
export function EditorActions({ saving, back }: { saving: boolean; back: string }) {
  const readOnly = useContentReadOnly();
  return (
    <div className="form-actions sticky">
      {readOnly ? (
        <p className="hint" role="note">
          {contentBuilderTexts.readOnly}
        </p>
      ) : (
        <button type="submit" className="primary" disabled={saving}>
          {saving ? contentBuilderTexts.sites.saving : contentBuilderTexts.sites.save}
        </button>
      )}
      <Link className="button" to={back}>
        {T.orders.abort}
      </Link>
    </div>
  );
}

/** The editor's messages in one alert above the form (nothing without messages). */
export function ErrorSummary({ title, messages }: { title: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="form-error" role="alert">
      <h2>{title}</h2>
      <ul>
        {messages.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ul>
    </div>
  );
}
