import { NODE_LAYOUTS, type FieldDefinition } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useContext, useRef } from 'react';
import { CollectionEditor } from '../form/CollectionEditor';
import { ContentErrors, FieldError } from '../form/content-errors';
import { ContentFields } from '../form/ContentFields';
import { domId, joinPath, type ContentValue } from '../form/content-values';

const N = contentBuilderTexts.nodes;
const B = contentBuilderTexts.formBuilder;
type FieldKind = 'text' | 'select' | 'boolean';

const FORM: readonly FieldDefinition[] = NODE_LAYOUTS.form;
const definition = (defs: readonly FieldDefinition[], name: string): FieldDefinition => {
  const def = defs.find((d) => d.name === name);
  if (!def) throw new Error(`NODE_LAYOUTS.form has no field ${name}`);
  return def;
};
/** A new field is a text field of type text, a new action sends an e-mail (the only kind there is). */
const withDefault = (defs: readonly FieldDefinition[], defaults: Record<string, unknown>): FieldDefinition[] =>
  defs.map((d) => (d.name in defaults ? { ...d, default: defaults[d.name] } : d));
const FIELDS = definition(FORM, 'fields');
const FIELD_PARTS = withDefault(FIELDS.fields ?? [], { kind: 'text', type: 'text' });
const FIELDS_DEF: FieldDefinition = { ...FIELDS, label: B.fields, fields: FIELD_PARTS };
const ACTIONS = definition(FORM, 'actions');
const ACTION_PARTS = withDefault(ACTIONS.fields ?? [], { kind: 'sendMail' });
const ACTIONS_DEF: FieldDefinition = { ...ACTIONS, label: B.actions, fields: ACTION_PARTS };
const HEAD = FORM.filter((d) => d.name === 'name' || d.name === 'description');
const TAIL = FORM.filter((d) => d.name === 'thankYouMessage');

/** storefront-presenter.md §3: what each field kind has (text: type, default, max width; select: options). */
const KIND_PARTS: Record<FieldKind, readonly string[]> = {
  text: ['kind', 'fieldId', 'isRequired', 'type', 'default', 'label', 'description', 'hasMaxWidth'],
  select: ['kind', 'fieldId', 'isRequired', 'label', 'description', 'hasMaxWidth', 'options'],
  boolean: ['kind', 'fieldId', 'isRequired', 'label'],
};
const kindOf = (row: ContentValue): FieldKind => (row.kind === 'select' || row.kind === 'boolean' ? row.kind : 'text');
const partsOf = (kind: FieldKind) => FIELD_PARTS.filter((d) => KIND_PARTS[kind].includes(d.name));
/** A field row with only what its kind has (a new row's empty options list, or a text type left by a kind change). */
const pruned = (row: ContentValue): ContentValue => {
  const kind = kindOf(row);
  return Object.fromEntries(Object.entries(row).filter(([k]) => KIND_PARTS[kind].includes(k)));
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const rows = (v: unknown): ContentValue[] => (Array.isArray(v) ? (v as ContentValue[]) : []);

/** The `{fieldId}` placeholders a form's sendMail subject and message may use: the ids of its fields, once each. */
export function placeholdersOf(content: ContentValue): string[] {
  const ids = rows(content.fields).map((f) => str(f.fieldId).trim());
  return [...new Set(ids.filter(Boolean))];
}

/** Field ids used by more than one field (the submitted values are keyed by them, so one would hide the other). */
export function duplicateFieldIds(content: ContentValue): string[] {
  const ids = rows(content.fields)
    .map((f) => str(f.fieldId).trim())
    .filter(Boolean);
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
}

/** `{x}` tokens of a text that name no field of the form. */
export function unknownPlaceholders(text: string, placeholders: readonly string[]): string[] {
  const used = [...text.matchAll(/\{([^{}\s]+)\}/g)].map((m) => m[1] ?? '');
  return [...new Set(used.filter((p) => !placeholders.includes(p)))];
}

/**
 * The form builder of a form node (storefront-presenter.md §3 "form: name, description, fields, actions,
 * thankYouMessage"): fields by kind (text with its types, select with options, boolean), each with fieldId,
 * required, label, description and max width as its kind has them, added, removed and reordered (drag, Alt+Arrow
 * on the handle, or the move buttons); sendMail actions whose subject and message offer the fields' `{fieldId}`
 * placeholders to insert at the cursor.
 */
export function FormBuilder({
  value,
  path,
  onChange,
}: {
  value: ContentValue;
  path: string;
  onChange: (next: ContentValue) => void;
}) {
  const placeholders = placeholdersOf(value);
  const duplicates = duplicateFieldIds(value);
  const set = (name: string, v: unknown) => onChange({ ...value, [name]: v });
  const fieldName = (item: unknown, i: number) => {
    const label = str((item as ContentValue | null)?.label)
      .replace(/<[^>]*>/g, '')
      .trim();
    return label ? format(B.fieldNamed, { n: i + 1, label }) : format(B.field, { n: i + 1 });
  };

  return (
    <div className="form-builder">
      <ContentFields fields={HEAD} value={value} path={path} onChange={onChange} />
      <CollectionEditor
        def={FIELDS_DEF}
        value={rows(value.fields)}
        path={joinPath(path, 'fields')}
        onChange={(v) => set('fields', rows(v).map(pruned))}
        itemName={fieldName}
        addLabel={B.addField}
        renderFields={({ value: row, path: rowPath, onChange: changeRow }) => (
          <ContentFields
            fields={partsOf(kindOf(row))}
            value={row}
            path={rowPath}
            onChange={(next) => {
              // another kind keeps only what that kind has; a text field starts as type text
              const changed = kindOf(next) !== kindOf(row) && kindOf(next) === 'text';
              changeRow(pruned(changed ? { type: 'text', ...next } : next));
            }}
          />
        )}
      />
      {duplicates.length > 0 && (
        <p className="field-error" role="status">
          {format(B.duplicateFieldIds, { list: duplicates.join(', ') })}
        </p>
      )}
      <p className="help" id="form-placeholders">
        {placeholders.length
          ? format(N.placeholders, { list: placeholders.map((p) => `{${p}}`).join(', ') })
          : N.noPlaceholders}
      </p>
      <CollectionEditor
        def={ACTIONS_DEF}
        value={rows(value.actions)}
        path={joinPath(path, 'actions')}
        onChange={(v) => set('actions', v)}
        itemName={(_, i) => format(B.action, { n: i + 1 })}
        addLabel={B.addAction}
        renderFields={(props) => <ActionFields {...props} placeholders={placeholders} />}
      />
      <ContentFields fields={TAIL} value={value} path={path} onChange={onChange} />
    </div>
  );
}

/** A sendMail action's parts; its subject and message with the form's placeholders to insert. */
function ActionFields({
  value: row,
  path,
  onChange,
  placeholders,
}: {
  value: ContentValue;
  path: string;
  onChange: (next: ContentValue) => void;
  placeholders: readonly string[];
}) {
  return (
    <>
      <ContentFields
        fields={ACTION_PARTS.filter((d) => d.name !== 'subject' && d.name !== 'message')}
        value={row}
        path={path}
        onChange={onChange}
      />
      {(['subject', 'message'] as const).map((name) => (
        <PlaceholderField
          key={name}
          def={definition(ACTION_PARTS, name)}
          value={str(row[name])}
          path={joinPath(path, name)}
          placeholders={placeholders}
          onChange={(v) => onChange({ ...row, [name]: v })}
        />
      ))}
    </>
  );
}

/**
 * A sendMail subject (one line) or message (several): the text, and a button per `{fieldId}` placeholder that
 * inserts it where the cursor is (at the end when the field was never focused); a token naming no field is pointed out.
 */
function PlaceholderField({
  def,
  value,
  path,
  placeholders,
  onChange,
}: {
  def: FieldDefinition;
  value: string;
  path: string;
  placeholders: readonly string[];
  onChange: (v: string) => void;
}) {
  const id = domId(path);
  const label = def.label ?? def.name;
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const error = useContext(ContentErrors)[path];
  const unknown = unknownPlaceholders(value, placeholders);
  const describedBy =
    [error ? `${id}-error` : null, unknown.length ? `${id}-unknown` : null, `${id}-placeholders`]
      .filter(Boolean)
      .join(' ') || undefined;
  const insert = (placeholder: string) => {
    const el = ref.current;
    const token = `{${placeholder}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    // the cursor goes behind the inserted placeholder, so the next one follows it
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const common = {
    id,
    ref,
    value,
    required: def.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`field field-${def.type} field-placeholders`}>
      <label htmlFor={id}>
        {label}
        {def.required && <span aria-hidden="true"> *</span>}
      </label>
      {def.type === 'textarea' ? (
        <textarea {...common} rows={def.rows ?? 6} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      <div className="placeholder-buttons" role="group" aria-labelledby={`${id}-placeholders`}>
        <span id={`${id}-placeholders`}>{format(B.insertPlaceholder, { field: label })}</span>{' '}
        {placeholders.length === 0 && <span>{N.noPlaceholders}</span>}
        {placeholders.map((p) => (
          <button
            key={p}
            type="button"
            className="placeholder-button"
            aria-label={format(B.insertOne, { placeholder: `{${p}}`, field: label })}
            onClick={() => insert(p)}
          >
            {`{${p}}`}
          </button>
        ))}
      </div>
      {unknown.length > 0 && (
        <p className="help warning" id={`${id}-unknown`}>
          {format(B.unknownPlaceholders, { list: unknown.map((p) => `{${p}}`).join(', ') })}
        </p>
      )}
      <FieldError id={id} path={path} />
    </div>
  );
}
