import type { FieldDefinition, FileRef } from '@shop/contracts';
import { contentBuilderTexts } from '@shop/i18n-de';
import { lazy, Suspense, useContext, type ReactNode } from 'react';
import { DecimalInput } from '../../resources/DecimalInput';
import { ImagesField } from '../../resources/editors/ImagesField';
import { heldItems } from '../../resources/editors/use-upload-list';
import { ContentErrors, FieldError } from './content-errors';
import { domId } from './content-values';
import { LibraryImagePicker } from './LibraryImagePicker';
import { MarkdownField } from './MarkdownField';
import { ReferenceField } from './ReferenceField';
import { Options } from '../../../ui/Options';

const C = contentBuilderTexts.form;
// the rich-text editor (Tiptap and ProseMirror) loads only when a form shows a wysiwyg field
const WysiwygField = lazy(() => import('./WysiwygField'));

/** One field of the generated form: its definition, its value, where it sits in the entity, its change. */
export interface FieldProps {
  def: FieldDefinition;
  value: unknown;
  path: string;
  onChange: (v: unknown) => void;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** aria attributes that mark a control invalid and point at its error and help. */
export function useDescribed(id: string, path: string, help?: string) {
  const error = useContext(ContentErrors)[path];
  const by = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': by || undefined } as const;
}

/** The field's description below it (`${id}-help`), if it has one. */
export function FieldHelp({ id, def }: { id: string; def: FieldDefinition }) {
  return def.description ? (
    <p className="help" id={`${id}-help`}>
      {def.description}
    </p>
  ) : null;
}

/** A field's label with the required mark. */
function LabelText({ def }: { def: FieldDefinition }) {
  return (
    <>
      {def.label ?? def.name}
      {def.required && <span aria-hidden="true"> *</span>}
    </>
  );
}

/**
 * A field of one control (text, textarea, markdown, rich text, number, date, colour, select, reference): the control
 * with its label (rich text and references label their own parts), help and error.
 */
export function ControlField({ def, value, path, onChange }: FieldProps) {
  const id = domId(path);
  const label = def.label ?? def.name;
  const invalid = !!useContext(ContentErrors)[path];
  const common = { id, required: def.required, ...useDescribed(id, path, def.description) };
  const labelled = def.type !== 'wysiwyg' && def.type !== 'reference';
  const control = (() => {
    switch (def.type) {
      case 'textarea':
        return (
          <textarea
            {...common}
            rows={def.rows ?? 6}
            maxLength={def.max}
            value={str(value)}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      case 'markdown':
        return <MarkdownField {...common} value={str(value)} rows={def.rows ?? 8} onChange={onChange} />;
      case 'wysiwyg':
        return (
          <Suspense fallback={<p role="status">{C.wysiwyg.loading}</p>}>
            <WysiwygField id={id} label={label} value={str(value)} invalid={invalid} onChange={onChange} />
          </Suspense>
        );
      case 'number':
        // German decimals as the catalogue forms take them ('2,5'); what does not parse goes to the server as typed
        return <DecimalInput {...common} value={value} nullable onValue={onChange} />;
      case 'date':
        return (
          <input
            {...common}
            type="date"
            value={str(value).slice(0, 10)}
            onChange={(e) => onChange(e.target.value || undefined)}
          />
        );
      case 'color':
        return <ColorInput {...common} label={label} value={str(value)} onChange={onChange} />;
      case 'select':
        return <SelectInput def={def} common={common} value={value} onChange={onChange} />;
      case 'reference':
        return (
          <ReferenceField
            id={id}
            label={label}
            accepts={def.references ?? ['site']}
            value={value}
            onChange={onChange}
          />
        );
      default:
        return (
          <input
            {...common}
            type="text"
            placeholder={def.placeholder}
            maxLength={def.max}
            value={str(value)}
            onChange={(e) => onChange(e.target.value)}
          />
        );
    }
  })();
  return (
    <div className={`field field-${def.type}`}>
      {labelled && (
        <label htmlFor={id}>
          <LabelText def={def} />
        </label>
      )}
      {control}
      <FieldHelp id={id} def={def} />
      <FieldError id={id} path={path} />
    </div>
  );
}

/** A select of the field's options; 'none' while nothing is chosen or the field may stay empty. */
function SelectInput({
  def,
  common,
  value,
  onChange,
}: {
  def: FieldDefinition;
  common: Record<string, unknown>;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  return (
    <select {...common} value={str(value)} onChange={(e) => onChange(e.target.value || undefined)}>
      {(!def.required || value === undefined) && <option value="">{C.none}</option>}
      <Options choices={def.options ?? []} />
    </select>
  );
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

/** A checkbox with the field's label around it. */
export function BooleanField({ def, value, path, onChange }: FieldProps) {
  const id = domId(path);
  const described = useDescribed(id, path, def.description);
  return (
    <div className="field field-boolean">
      <label>
        <input
          id={id}
          required={def.required}
          {...described}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />{' '}
        <LabelText def={def} />
      </label>
      <FieldHelp id={id} def={def} />
      <FieldError id={id} path={path} />
    </div>
  );
}

/** A checkbox per option; the chosen values stored in the options' order. */
export function MultiselectField({ def, value, path, onChange }: FieldProps) {
  const id = domId(path);
  const described = useDescribed(id, path, def.description);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const toggle = (option: string, on: boolean) =>
    onChange(
      on
        ? (def.options ?? []).map((x) => x.value).filter((v) => v === option || chosen.includes(v))
        : chosen.filter((v) => v !== option),
    );
  return (
    <fieldset className="field field-multiselect" id={id} {...described}>
      <legend>
        <LabelText def={def} />
      </legend>
      {def.options?.map((o) => (
        <label key={o.value} className="check">
          <input
            type="checkbox"
            checked={chosen.includes(o.value)}
            onChange={(e) => toggle(o.value, e.target.checked)}
          />{' '}
          {o.label}
        </label>
      ))}
      <FieldHelp id={id} def={def} />
      <FieldError id={id} path={path} />
    </fieldset>
  );
}

/** §3 "image and images from the media library (upload in place)": an upload, or an image the library has. */
export function ImageField({ def, value, path, onChange }: FieldProps) {
  const id = domId(path);
  const label = def.label ?? def.name;
  const error = useContext(ContentErrors)[path];
  const multiple = def.type === 'images';
  const held = heldItems<FileRef>(value, multiple);
  return (
    <ImagesField
      id={id}
      label={label}
      value={value}
      multiple={multiple}
      onChange={onChange}
      error={error}
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

/** The labelled group of a field holding others (a group's fields). */
export function GroupFieldset({ def, path, children }: { def: FieldDefinition; path: string; children: ReactNode }) {
  const id = domId(path);
  return (
    <fieldset className="field field-group group" id={id}>
      <legend>{def.label ?? def.name}</legend>
      <FieldHelp id={id} def={def} />
      <FieldError id={id} path={path} />
      {children}
    </fieldset>
  );
}
