import type { ContentNode } from '@shop/contracts';
import { TEXTAREA_ROWS } from '@shop/domain';
import { useRef, useState, type FormEvent } from 'react';
import { track } from '../analytics/analytics';
import { acceptConsent, useConsent } from '../consent/consent';
import { t } from '../texts';
import { Html } from '../ui/Html';
import { FormOverlay } from './FormOverlay';

/** §3 form field kinds: text (type text, textarea, email or phone), select, boolean. */
export interface FormField {
  kind?: 'text' | 'select' | 'boolean';
  fieldId?: string;
  isRequired?: boolean;
  type?: 'text' | 'textarea' | 'email' | 'phone';
  default?: string;
  label?: string;
  description?: string;
  hasMaxWidth?: boolean;
  options?: Array<{ value?: string }>;
}

export type FormValues = Record<string, string | boolean>;

/** §2.10 "Form data is keyed by fieldId, or by field position when there is no fieldId." */
export const fieldKey = (field: FormField, index: number) =>
  field.fieldId?.trim() ? field.fieldId.trim() : String(index);

export function initialValues(fields: readonly FormField[]): FormValues {
  return Object.fromEntries(
    fields.map((f, i) => [
      fieldKey(f, i),
      f.kind === 'boolean' ? false : f.kind === 'text' || !f.kind ? (f.default ?? '') : '',
    ]),
  );
}

export type FormState =
  { kind: 'idle' } | { kind: 'submitting' } | { kind: 'error'; errors: string[] | null } | { kind: 'success' };

/**
 * §7 "POST /api/custom/form/{form id}: JSON body is an object of field values keyed by fieldId. On success the
 * response is parsed as JSON; on failure the response JSON is expected to hold an errors list of strings." §8: a
 * non-OK answer with a JSON body shows its errors under 'Bitte prüfen Sie Ihre Eingaben'; a non-JSON body or a
 * network exception shows 'Ein unbekannter Fehler ist aufgetreten.' Plain fetch rather than the shared client: the
 * spec tells the JSON and non-JSON failures apart, which the client's envelope handling folds into one error.
 * The gateway's envelope lists `{ field, message }` objects: each is shown as its message.
 */
export async function submitForm(
  id: number,
  values: FormValues,
): Promise<{ ok: true } | { ok: false; errors: string[] | null }> {
  let res: Response;
  try {
    res = await fetch(`/api/custom/form/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(values),
    });
  } catch {
    return { ok: false, errors: null };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { ok: false, errors: null };
  }
  if (res.ok) return { ok: true };
  const list = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return { ok: false, errors: null };
  return {
    ok: false,
    errors: list.map((e) =>
      typeof e === 'string'
        ? e
        : String((e as { message?: unknown })?.message ?? (e as { field?: unknown })?.field ?? ''),
    ),
  };
}

/**
 * §2.10 contact form inside content pages, with the states of §4: idle; submitting (overlay 'Bitte warten' and 'Ihre
 * Anfrage wird verarbeitet...'); error overlay ('Daten ändern' keeps the data, 'Erneut versuchen' resubmits); success
 * overlay (the form's thank-you message or 'Vielen Dank für Ihre Nachricht!', 'Formular schließen', data cleared).
 * Until cookie consent the submit button is 'Datenschutzerklärung akzeptieren', which records consent.
 */
export function ContactForm({ form }: { form: Pick<ContentNode, 'id' | 'content'> }) {
  const name = typeof form.content.name === 'string' ? form.content.name : '';
  const fields = (Array.isArray(form.content.fields) ? form.content.fields : []) as FormField[];
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  const consent = useConsent();
  const overlay = useRef<HTMLDivElement>(null);

  const send = async () => {
    if (!consent) return;
    setState({ kind: 'submitting' });
    track('form', `Submit: ${name}`, 'form');
    const result = await submitForm(form.id, values);
    if (result.ok) {
      track('form', `Submission Successful: ${name}`, 'form');
      setValues(initialValues(fields));
      setState({ kind: 'success' });
    } else {
      track('form', result.errors ? `Validation Failed: ${name}` : `Submission Failed: ${name}`, 'form');
      setState({ kind: 'error', errors: result.errors });
    }
    requestAnimationFrame(() => overlay.current?.focus());
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const set = (key: string, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));
  const thankYou = typeof form.content.thankYouMessage === 'string' ? form.content.thankYouMessage : '';

  return (
    <div className="contact-form">
      {name && <h2>{name}</h2>}
      <Html html={form.content.description} />
      <form onSubmit={onSubmit} noValidate>
        {fields.map((field, i) => (
          <Field
            key={i}
            id={`form-${form.id}-${i}`}
            field={field}
            value={values[fieldKey(field, i)]}
            onChange={(v) => set(fieldKey(field, i), v)}
          />
        ))}
        {/* separate elements (keys): a reused button whose type turns to submit during the consent click would
            submit the form at once, empty */}
        {consent ? (
          <button key="submit" type="submit" className="button" disabled={state.kind === 'submitting'}>
            {t('submit')}
          </button>
        ) : (
          <button key="consent" type="button" className="button" onClick={() => acceptConsent()}>
            {t('acceptPrivacy')}
          </button>
        )}
      </form>
      {state.kind !== 'idle' && (
        <FormOverlay
          ref={overlay}
          state={state}
          thankYou={thankYou}
          onClose={() => setState({ kind: 'idle' })}
          onRetry={() => void send()}
        />
      )}
    </div>
  );
}

const INPUT_TYPES = { text: 'text', email: 'email', phone: 'tel' } as const;

type FieldProps = {
  id: string;
  field: FormField;
  value: string | boolean | undefined;
  onChange: (value: string | boolean) => void;
};

/** A select with an empty first option showing the label (the label itself for screen readers only). */
function SelectField({
  id,
  field,
  value,
  onChange,
  className,
  described,
}: FieldProps & { className: string; described: string | undefined }) {
  const label = field.label ?? '';
  const mark = field.isRequired ? ' *' : '';
  return (
    <div className={className}>
      <label htmlFor={id} className="visually-hidden">
        {label}
        {mark}
      </label>
      <select
        id={id}
        value={String(value ?? '')}
        aria-required={field.isRequired}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">
          {label}
          {mark}
        </option>
        {(field.options ?? []).map((o, i) => (
          <option key={i} value={o.value ?? ''}>
            {o.value}
          </option>
        ))}
      </select>
      {field.description && <small id={`${id}-hint`}>{field.description}</small>}
    </div>
  );
}

/** §2.10 "plain text, phone text, e-mail input, autosizing multi-line text (6 rows), checkbox (label may contain HTML), and select with an empty first option showing the label. Required fields carry an asterisk." */
function Field(props: FieldProps) {
  const { id, field, value, onChange } = props;
  const label = field.label ?? '';
  const mark = field.isRequired ? ' *' : '';
  const className = `form-field${field.hasMaxWidth ? ' form-field--narrow' : ''}`;
  const description = field.description ? <small id={`${id}-hint`}>{field.description}</small> : null;
  const described = field.description ? `${id}-hint` : undefined;
  if (field.kind === 'boolean')
    return (
      <div className={`${className} form-field--checkbox`}>
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          aria-required={field.isRequired}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>
          <Html html={label} className="inline-html" />
          {mark}
        </label>
        {description}
      </div>
    );
  if (field.kind === 'select') return <SelectField {...props} className={className} described={described} />;
  return (
    <div className={className}>
      <label htmlFor={id}>
        {label}
        {mark}
      </label>
      {field.type === 'textarea' ? (
        <textarea
          id={id}
          rows={TEXTAREA_ROWS}
          value={String(value ?? '')}
          aria-required={field.isRequired}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          type={INPUT_TYPES[field.type ?? 'text'] ?? 'text'}
          value={String(value ?? '')}
          aria-required={field.isRequired}
          aria-describedby={described}
          autoComplete={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {description}
    </div>
  );
}
