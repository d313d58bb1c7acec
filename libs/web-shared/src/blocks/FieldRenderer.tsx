import type { FieldDefinition } from '@shop/contracts';
import {
  formatDateByMode,
  formatNumber,
  isFileRef,
  text as ruleText,
  uploadUrl,
  type DateDisplayMode,
} from '@shop/domain';
import { Html } from '../ui/Html';
import { Image } from '../ui/Image';

/**
 * §2.9 "Generic field renderer: group, collection, text, textarea, number, date, email, markdown, wysiwyg, image,
 * images, file, files, select, boolean (shown 'Ja' or 'Nein'), reference. Dates show as DD.MM.YYYY HH:mm, HH:mm or
 * DD.MM.YYYY depending on mode."
 */
export function FieldValue({
  field,
  value,
  dateMode = 'datetime',
}: {
  /** the layout's field types plus 'email' (§2.9 lists it among the renderer's types) */
  field: Omit<Pick<FieldDefinition, 'type' | 'fields' | 'options' | 'label'>, 'type'> & {
    type: FieldDefinition['type'] | 'email';
  };
  value: unknown;
  dateMode?: DateDisplayMode;
}) {
  if (value === null || value === undefined || value === '') return null;
  switch (field.type) {
    case 'group':
      return <Fields fields={field.fields ?? []} value={value as Record<string, unknown>} />;
    case 'collection':
      return Array.isArray(value) ? (
        <ul className="field-collection">
          {value.map((item, i) => (
            <li key={i}>
              <Fields fields={field.fields ?? []} value={item as Record<string, unknown>} />
            </li>
          ))}
        </ul>
      ) : null;
    case 'number':
      return <span>{typeof value === 'number' ? formatNumber(value) : String(value)}</span>;
    case 'date':
      return <time dateTime={String(value)}>{formatDateByMode(String(value), dateMode)}</time>;
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    case 'markdown':
    case 'wysiwyg':
      return <Html html={value} />;
    case 'image':
      return <Image image={value} sizes="(min-width: 1024px) 50vw, 100vw" />;
    case 'images':
      return Array.isArray(value) ? (
        <span className="field-images">
          {value.map((img, i) => (
            <Image key={i} image={img} sizes="(min-width: 1024px) 33vw, 50vw" />
          ))}
        </span>
      ) : null;
    case 'file':
      return <FileLink file={value} />;
    case 'files':
      return Array.isArray(value) ? (
        <span className="field-files">
          {value.map((f, i) => (
            <FileLink key={i} file={f} />
          ))}
        </span>
      ) : null;
    case 'select':
    case 'multiselect': {
      const values = Array.isArray(value) ? value : [value];
      return <span>{values.map((v) => field.options?.find((o) => o.value === v)?.label ?? String(v)).join(', ')}</span>;
    }
    case 'boolean':
      return <span>{value ? ruleText('yes') : ruleText('no')}</span>;
    case 'reference': {
      const ref = value as { id?: number; type?: string };
      return <span>{ref.id !== undefined ? `${ref.type ?? ''} ${ref.id}`.trim() : ''}</span>;
    }
    default:
      return <span>{String(value)}</span>;
  }
}

function FileLink({ file }: { file: unknown }) {
  if (!isFileRef(file) || typeof (file as { publicHash?: unknown }).publicHash !== 'string') return null;
  const f = file as Parameters<typeof uploadUrl>[0] & { name?: string };
  return (
    <a href={uploadUrl(f)} target="_blank" rel="noopener noreferrer">
      {f.name || `${f.id}.${f.extension}`}
    </a>
  );
}

/** The fields of a group or collection item, each with its label. */
export function Fields({
  fields,
  value,
}: {
  fields: readonly FieldDefinition[];
  value: Record<string, unknown> | null;
}) {
  if (!value || typeof value !== 'object') return null;
  return (
    <dl className="fields">
      {fields.map((f) =>
        value[f.name] === undefined || value[f.name] === null || value[f.name] === '' ? null : (
          <div key={f.name}>
            <dt>{f.label ?? f.name}</dt>
            <dd>
              <FieldValue field={f} value={value[f.name]} />
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}
