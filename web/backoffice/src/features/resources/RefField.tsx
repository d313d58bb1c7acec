import { T } from '../../texts';
import { useMe } from '../auth/use-me';
import { assignableBranch } from './access';
import { ErrorText } from './ErrorText';
import type { Field } from './types';
import { useResourceOptions } from './use-options';
import { Options } from '../../ui/Options';

/**
 * A reference to other entities (a branch, categories): a select, or checkboxes where the field holds several;
 * as an id or as {id} (idRef).
 */
export function RefField({
  id,
  field,
  value,
  onChange,
  error,
}: {
  id: string;
  field: Extract<Field, { kind: 'ref' }>;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
}) {
  const { data: me } = useMe();
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
        <Options choices={options} />
      </select>
      <ErrorText id={id} message={error} />
    </div>
  );
}
