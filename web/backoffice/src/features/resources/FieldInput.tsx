import type { ReactNode } from 'react';
import { T } from '../../texts';
import { DecimalInput } from './DecimalInput';
import { ErrorText } from './ErrorText';
import { EditorField, hasEditor } from './EditorField';
import { errorsUnder } from './path';
import type { Field } from './types';
import { Options } from '../../ui/Options';

export const fieldId = (name: string) => `f-${name.replace(/\./g, '-')}`;

/** 'YYYY-MM-DDTHH:mm' in the browser's zone for an ISO date-time, and back. */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
export const fromLocalInput = (v: string): string | null => (v ? new Date(v).toISOString() : null);

interface Props {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  errors: Record<string, string>;
}
/** What a control of the field carries: its id and name, whether it is required, its error and help. */
type Common = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  required: boolean | undefined;
};

/** What an emptied text field holds: nothing for a password (kept), null where the field may be null, else ''. */
const emptyText = (field: Field) =>
  field.kind === 'password' ? undefined : 'nullable' in field && field.nullable ? null : '';
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The one control of a plain field (text, number, date, select …); null for the kinds with more than one. */
function plainControl(field: Field, value: unknown, onChange: (value: unknown) => void, common: Common): ReactNode {
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'url':
    case 'time':
    case 'password':
      return (
        <input
          {...common}
          type={field.kind}
          autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
          value={text(value)}
          onChange={(e) => onChange(e.target.value === '' ? emptyText(field) : e.target.value)}
        />
      );
    case 'textarea':
      return (
        <textarea
          {...common}
          rows={field.rows ?? 4}
          value={text(value)}
          onChange={(e) => onChange(e.target.value === '' && field.nullable ? null : e.target.value)}
        />
      );
    case 'lines':
      return (
        <textarea
          {...common}
          rows={field.rows ?? 3}
          value={Array.isArray(value) ? value.join('\n') : ''}
          onChange={(e) => onChange(e.target.value.split('\n'))}
        />
      );
    case 'number':
    case 'integer':
      return <DecimalInput {...common} value={value} nullable={!!field.nullable} onValue={onChange} />;
    case 'date':
      return <input {...common} type="date" value={text(value)} onChange={(e) => onChange(e.target.value || null)} />;
    case 'datetime':
      return (
        <input
          {...common}
          type="datetime-local"
          value={toLocalInput(value)}
          onChange={(e) => onChange(fromLocalInput(e.target.value))}
        />
      );
    case 'select':
      return (
        <select
          {...common}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        >
          {field.nullable && <option value="">{T.list.none}</option>}
          <Options choices={field.options} />
        </select>
      );
    default:
      return null;
  }
}

/** A field of several checkboxes, one for each option: the list of the options ticked. */
function CheckboxesField({
  id,
  field,
  label,
  value,
  onChange,
  describedBy,
  error,
}: {
  id: string;
  field: Extract<Field, { kind: 'checkboxes' }>;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  describedBy: string | undefined;
  error?: string;
}) {
  const list = Array.isArray(value) ? (value as string[]) : [];
  return (
    <fieldset className="field" aria-describedby={describedBy}>
      <legend>{label}</legend>
      {field.options.map((o, i) => (
        <label className="check" key={o.value} htmlFor={`${id}-${i}`}>
          <input
            id={`${id}-${i}`}
            type="checkbox"
            checked={list.includes(o.value)}
            onChange={(e) => onChange(e.target.checked ? [...list, o.value] : list.filter((x) => x !== o.value))}
          />
          {o.label}
        </label>
      ))}
      <ErrorText id={id} message={error} />
    </fieldset>
  );
}

/** One form field of the generator, with its label, help and the server's German error. */
export function FieldInput({ field, value, onChange, errors }: Props) {
  const id = fieldId(field.name);
  const error = errors[field.name];
  const label = field.label ?? field.name;
  const describedBy =
    [error ? `${id}-error` : null, field.help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  const common: Common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required: field.required,
  };
  if (hasEditor(field))
    return <EditorField id={id} label={label} field={field} value={value} onChange={onChange} errors={errors} />;
  if (field.kind === 'checkboxes') {
    const first = error ?? Object.values(errorsUnder(errors, field.name))[0];
    const props = { id, field, label, value, onChange, describedBy, error: first };
    return <CheckboxesField {...props} />;
  }
  if (field.kind === 'checkbox')
    return (
      <div className="field field-checkbox">
        <label className="check" htmlFor={id}>
          <input
            {...common}
            required={undefined}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {label}
        </label>
        <ErrorText id={id} message={error} />
      </div>
    );
  return (
    <div className={`field field-${field.kind}`}>
      <label htmlFor={id}>{label}</label>
      {plainControl(field, value, onChange, common)}
      {field.help && (
        <p className="help" id={`${id}-help`}>
          {field.help}
        </p>
      )}
      <ErrorText id={id} message={error} />
    </div>
  );
}
