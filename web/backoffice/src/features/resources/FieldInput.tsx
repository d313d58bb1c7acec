import type { ReactNode } from 'react';
import { T } from '../../texts';
import { DecimalInput } from './DecimalInput';
import { ErrorText } from './ErrorText';
import { ApiKeyField } from './editors/ApiKeyField';
import { AlternativeUnitsEditor } from './editors/AlternativeUnitsEditor';
import { DeliveryAreasEditor } from './editors/DeliveryAreasEditor';
import { ImagesField } from './editors/ImagesField';
import { MenuCatalogEditor } from './editors/MenuCatalogEditor';
import { RulesEditor } from './editors/RulesEditor';
import { StepsEditor } from './editors/StepsEditor';
import { useMe } from '../auth/use-me';
import { assignableBranch } from './access';
import { errorsUnder } from './path';
import type { Field } from './types';
import { useResourceOptions } from './use-options';

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

/** One form field of the generator, with its label, help and the server's German error. */
export function FieldInput({ field, value, onChange, errors }: Props) {
  const id = fieldId(field.name);
  const error = errors[field.name];
  const describedBy =
    [error ? `${id}-error` : null, field.help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required: field.required,
  };
  const label = field.label ?? field.name;
  const help = field.help ? (
    <p className="help" id={`${id}-help`}>
      {field.help}
    </p>
  ) : null;
  const wrap = (control: ReactNode) => (
    <div className={`field field-${field.kind}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {help}
      <ErrorText id={id} message={error} />
    </div>
  );
  const sub = errorsUnder(errors, field.name);

  switch (field.kind) {
    case 'text':
    case 'email':
    case 'url':
    case 'time':
    case 'password': {
      const type = field.kind === 'text' ? 'text' : field.kind;
      return wrap(
        <input
          {...common}
          type={type}
          autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) =>
            onChange(
              e.target.value === ''
                ? field.kind === 'password'
                  ? undefined
                  : field.nullable
                    ? null
                    : ''
                : e.target.value,
            )
          }
        />,
      );
    }
    case 'textarea':
      return wrap(
        <textarea
          {...common}
          rows={field.rows ?? 4}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' && field.nullable ? null : e.target.value)}
        />,
      );
    case 'lines':
      return wrap(
        <textarea
          {...common}
          rows={field.rows ?? 3}
          value={Array.isArray(value) ? value.join('\n') : ''}
          onChange={(e) => onChange(e.target.value.split('\n'))}
        />,
      );
    case 'number':
    case 'integer':
      return wrap(<DecimalInput {...common} value={value} nullable={!!field.nullable} onValue={onChange} />);
    case 'date':
      return wrap(
        <input
          {...common}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value || null)}
        />,
      );
    case 'datetime':
      return wrap(
        <input
          {...common}
          type="datetime-local"
          value={toLocalInput(value)}
          onChange={(e) => onChange(fromLocalInput(e.target.value))}
        />,
      );
    case 'checkbox':
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
    case 'select':
      return wrap(
        <select
          {...common}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        >
          {field.nullable && <option value="">{T.list.none}</option>}
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>,
      );
    case 'checkboxes': {
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
          <ErrorText id={id} message={error ?? Object.values(sub)[0]} />
        </fieldset>
      );
    }
    case 'ref':
      return <RefField field={field} value={value} onChange={onChange} error={error ?? Object.values(sub)[0]} />;
    case 'rules':
      return (
        <RulesEditor
          id={id}
          label={label}
          value={value as never}
          nullable={false}
          onChange={onChange}
          errors={sub}
          error={error}
        />
      );
    case 'schedule':
      return (
        <RulesEditor
          id={id}
          label={label}
          value={value as never}
          nullable
          onChange={onChange}
          errors={sub}
          error={error}
        />
      );
    case 'deliveryAreas':
      return <DeliveryAreasEditor id={id} value={value as never} onChange={onChange} errors={sub} error={error} />;
    case 'alternativeUnits':
      return (
        <AlternativeUnitsEditor
          id={id}
          label={label}
          value={value as never}
          onChange={onChange}
          errors={sub}
          error={error}
        />
      );
    case 'steps':
      return <StepsEditor id={id} value={value as never} onChange={onChange} errors={sub} error={error} />;
    case 'menuCatalog':
      return <MenuCatalogEditor id={id} value={value as never} onChange={onChange} errors={sub} error={error} />;
    case 'images':
      return <ImagesField id={id} label={label} value={value} multiple onChange={onChange} error={error} />;
    case 'image':
      return <ImagesField id={id} label={label} value={value} multiple={false} onChange={onChange} error={error} />;
    case 'apiKey':
      return <ApiKeyField id={id} label={label} value={value} onChange={onChange} error={error} />;
  }
}

function RefField({
  field,
  value,
  onChange,
  error,
}: {
  field: Extract<Field, { kind: 'ref' }>;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
}) {
  const { data: me } = useMe();
  const id = fieldId(field.name);
  const toValue = (raw: string) => (field.shape === 'idRef' ? { id: Number(raw) } : Number(raw));
  const idOf = (v: unknown) => String(field.shape === 'idRef' ? ((v as { id?: number } | null)?.id ?? '') : (v ?? ''));
  const current = new Set((Array.isArray(value) ? value : [value]).map(idOf));
  // employees assign to their own branches only; what is already chosen stays visible
  const options = useResourceOptions(field.resource).filter(
    (o) => field.resource !== 'branches' || current.has(o.value) || assignableBranch(me, o.value),
  );
  const label = field.label ?? field.name;
  if (field.multiple) {
    const list = Array.isArray(value) ? value : [];
    const chosen = new Set(list.map(idOf));
    return (
      <fieldset className="field field-ref-multi">
        <legend>{label}</legend>
        <div className="check-grid">
          {options.map((o, i) => (
            <label className="check" key={o.value} htmlFor={`${id}-${i}`}>
              <input
                id={`${id}-${i}`}
                type="checkbox"
                checked={chosen.has(o.value)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...list, toValue(o.value)] : list.filter((x) => idOf(x) !== o.value))
                }
              />
              {o.label}
            </label>
          ))}
        </div>
        <ErrorText id={id} message={error} />
      </fieldset>
    );
  }
  return (
    <div className="field field-ref">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        required={field.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={idOf(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : toValue(e.target.value))}
      >
        {(field.nullable || !field.required || idOf(value) === '') && <option value="">{T.list.none}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={id} message={error} />
    </div>
  );
}
