import type { FieldDefinition, FileRef } from '@shop/contracts';
import { contentBuilderTexts } from '@shop/i18n-de';
import { lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { DecimalInput } from '../../resources/DecimalInput';
import { ImagesField } from '../../resources/editors/ImagesField';
import { CollectionEditor } from './CollectionEditor';
import { ContentErrors, FieldError } from './content-errors';
import { domId, joinPath, type ContentValue } from './content-values';
import { FilesField } from './FilesField';
import { LibraryImagePicker } from './LibraryImagePicker';
import { MarkdownField } from './MarkdownField';
import { ReferenceField } from './ReferenceField';

const C = contentBuilderTexts.form;
// the rich-text editor (Tiptap and ProseMirror) loads only when a form shows a wysiwyg field
const WysiwygField = lazy(() => import('./WysiwygField'));

/** aria attributes that mark a control invalid and point at its error and help. */
function useDescribed(id: string, path: string, help?: string) {
  const error = useContext(ContentErrors)[path];
  const by = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': by || undefined } as const;
}

/**
 * The form generated from layout definitions (storefront-presenter.md §3, libs/contracts `content/layout.ts`): one
 * editor per field by its type, nested for groups, tabs and collections. `path` is where `value` sits in the
 * saved entity ('content'), so the server's error paths find their fields.
 */
export function ContentFields({
  fields,
  value,
  path,
  onChange,
}: {
  fields: readonly FieldDefinition[];
  value: ContentValue;
  path: string;
  onChange: (next: ContentValue) => void;
}) {
  return (
    <>
      {fields.map((def) => (
        <ContentField
          key={def.name}
          def={def}
          value={value[def.name]}
          path={joinPath(path, def.name)}
          onChange={(v) => {
            // an emptied field leaves the content (the server then applies the field's default)
            const { [def.name]: _old, ...rest } = value;
            onChange(v === undefined ? rest : { ...rest, [def.name]: v });
          }}
        />
      ))}
    </>
  );
}

interface FieldProps {
  def: FieldDefinition;
  value: unknown;
  path: string;
  onChange: (v: unknown) => void;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const asObject = (v: unknown): ContentValue =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as ContentValue) : {};

/** One field of the generated form. */
export function ContentField({ def, value, path, onChange }: FieldProps) {
  const id = domId(path);
  const label = def.label ?? def.name;
  const described = useDescribed(id, path, def.description);
  const errors = useContext(ContentErrors);
  const help = def.description ? (
    <p className="help" id={`${id}-help`}>
      {def.description}
    </p>
  ) : null;
  const wrap = (control: ReactNode, labelled = true) => (
    <div className={`field field-${def.type}`}>
      {labelled && (
        <label htmlFor={id}>
          {label}
          {def.required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      {control}
      {help}
      <FieldError id={id} path={path} />
    </div>
  );
  const common = { id, required: def.required, ...described };

  switch (def.type) {
    case 'text':
      return wrap(
        <input
          {...common}
          type="text"
          placeholder={def.placeholder}
          maxLength={def.max}
          value={str(value)}
          onChange={(e) => onChange(e.target.value)}
        />,
      );
    case 'textarea':
      return wrap(
        <textarea
          {...common}
          rows={def.rows ?? 6}
          maxLength={def.max}
          value={str(value)}
          onChange={(e) => onChange(e.target.value)}
        />,
      );
    case 'markdown':
      return wrap(<MarkdownField {...common} value={str(value)} rows={def.rows ?? 8} onChange={onChange} />);
    case 'wysiwyg':
      return wrap(
        <Suspense fallback={<p role="status">{C.wysiwyg.loading}</p>}>
          <WysiwygField id={id} label={label} value={str(value)} invalid={!!errors[path]} onChange={onChange} />
        </Suspense>,
        false,
      );
    case 'number':
      // German decimals as the catalogue forms take them ('2,5'); what does not parse goes to the server as typed
      return wrap(<DecimalInput {...common} value={value} nullable onValue={onChange} />);
    case 'date':
      return wrap(
        <input
          {...common}
          type="date"
          value={str(value).slice(0, 10)}
          onChange={(e) => onChange(e.target.value || undefined)}
        />,
      );
    case 'color':
      return wrap(<ColorInput {...common} label={label} value={str(value)} onChange={onChange} />);
    case 'boolean':
      return (
        <div className="field field-boolean">
          <label>
            <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />{' '}
            {label}
            {def.required && <span aria-hidden="true"> *</span>}
          </label>
          {help}
          <FieldError id={id} path={path} />
        </div>
      );
    case 'select':
      return wrap(
        <select {...common} value={str(value)} onChange={(e) => onChange(e.target.value || undefined)}>
          {(!def.required || value === undefined) && <option value="">{C.none}</option>}
          {def.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>,
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className="field field-multiselect" id={id} {...described}>
          <legend>
            {label}
            {def.required && <span aria-hidden="true"> *</span>}
          </legend>
          {def.options?.map((o) => (
            <label key={o.value} className="check">
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? (def.options ?? []).map((x) => x.value).filter((v) => v === o.value || chosen.includes(v))
                      : chosen.filter((v) => v !== o.value),
                  )
                }
              />{' '}
              {o.label}
            </label>
          ))}
          {help}
          <FieldError id={id} path={path} />
        </fieldset>
      );
    }
    case 'group':
      return (
        <fieldset className="field field-group group" id={id}>
          <legend>{label}</legend>
          {help}
          <FieldError id={id} path={path} />
          <ContentFields fields={def.fields ?? []} value={asObject(value)} path={path} onChange={onChange} />
        </fieldset>
      );
    case 'tabs':
      return <TabsField def={def} value={asObject(value)} path={path} onChange={onChange} />;
    case 'collection':
      return (
        <CollectionEditor
          def={def}
          value={Array.isArray(value) ? value : []}
          path={path}
          onChange={onChange}
          renderFields={(props) => <ContentFields {...props} />}
        />
      );
    case 'image':
    case 'images': {
      // §3 "image and images from the media library (upload in place)": an upload, or an image the library has
      const multiple = def.type === 'images';
      const held = (multiple ? (Array.isArray(value) ? value : []) : value ? [value] : []) as FileRef[];
      return (
        <ImagesField
          id={id}
          label={label}
          value={value}
          multiple={multiple}
          onChange={onChange}
          error={errors[path]}
          choose={
            <LibraryImagePicker
              id={id}
              label={label}
              multiple={multiple}
              chosen={held}
              onPick={(ref) => onChange(multiple ? [...held, ref] : ref)}
            />
          }
        />
      );
    }
    case 'file':
    case 'files':
      return (
        <FilesField
          id={id}
          label={label}
          value={value}
          multiple={def.type === 'files'}
          onChange={onChange}
          error={<FieldError id={id} path={path} />}
        />
      );
    case 'reference':
      return wrap(
        <ReferenceField id={id} label={label} accepts={def.references ?? ['site']} value={value} onChange={onChange} />,
        false,
      );
  }
}

/** A colour as #rrggbb: the browser's picker and the typed value side by side. */
function ColorInput({
  label,
  value,
  onChange,
  ...common
}: { id: string; label: string; value: string; onChange: (v: unknown) => void } & Record<string, unknown>) {
  const picker = /^#[0-9a-f]{6}$/i.test(value) ? value : '#000000';
  return (
    <span className="color-input">
      <input
        type="color"
        value={picker}
        aria-label={`${label}: ${C.colorPicker}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <input
        {...common}
        type="text"
        size={9}
        placeholder="#rrggbb"
        title={C.colorHex}
        value={value}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </span>
  );
}

/** Tabs (WAI-ARIA tab pattern): each tab's fields, stored flat in one object under the field's name. */
function TabsField({
  def,
  value,
  path,
  onChange,
}: {
  def: FieldDefinition;
  value: ContentValue;
  path: string;
  onChange: (v: unknown) => void;
}) {
  const tabs = def.tabs ?? [];
  const [active, setActive] = useState(0);
  const errors = useContext(ContentErrors);
  const id = domId(path);
  const tabHasError = (i: number) =>
    (tabs[i]?.fields ?? []).some((f) =>
      Object.keys(errors).some((k) => k === joinPath(path, f.name) || k.startsWith(joinPath(path, f.name) + '.')),
    );
  const select = (i: number) => {
    setActive(i);
    document.getElementById(`${id}-tab-${i}`)?.focus();
  };
  return (
    <div className="field field-tabs">
      <p className="tabs-label" id={`${id}-label`}>
        {def.label ?? def.name}
      </p>
      <div role="tablist" aria-labelledby={`${id}-label`} className="tabs">
        {tabs.map((tab, i) => (
          <button
            key={tab.label}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            className={tabHasError(i) ? 'has-error' : undefined}
            onClick={() => setActive(i)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') select((active + 1) % tabs.length);
              if (e.key === 'ArrowLeft') select((active - 1 + tabs.length) % tabs.length);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.label}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          hidden={i !== active}
        >
          <ContentFields fields={tab.fields} value={value} path={path} onChange={onChange} />
        </div>
      ))}
      <FieldError id={id} path={path} />
    </div>
  );
}
