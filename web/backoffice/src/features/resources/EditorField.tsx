import { AlternativeUnitsEditor } from './editors/AlternativeUnitsEditor';
import { ApiKeyField } from './editors/ApiKeyField';
import { DeliveryAreasEditor } from './editors/DeliveryAreasEditor';
import { ImagesField } from './editors/ImagesField';
import { MenuCatalogEditor } from './editors/MenuCatalogEditor';
import { RulesEditor } from './editors/RulesEditor';
import { StepsEditor } from './editors/StepsEditor';
import { errorsUnder } from './path';
import { RefField } from './RefField';
import type { Field } from './types';

/** The kinds of field with an editor of their own (tables, lists, uploads, references) rather than one control. */
export const EDITOR_KINDS = [
  'ref',
  'rules',
  'schedule',
  'deliveryAreas',
  'alternativeUnits',
  'steps',
  'menuCatalog',
  'images',
  'image',
  'apiKey',
] as const;
type EditorKind = (typeof EDITOR_KINDS)[number];
export type EditorFieldDef = Extract<Field, { kind: EditorKind }>;
export const hasEditor = (field: Field): field is EditorFieldDef =>
  (EDITOR_KINDS as readonly string[]).includes(field.kind);

/** A field with its own editor, which shows the server's errors below the field at their rows. */
export function EditorField({
  id,
  label,
  field,
  value,
  onChange,
  errors,
}: {
  id: string;
  label: string;
  field: EditorFieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  errors: Record<string, string>;
}) {
  const error = errors[field.name];
  const sub = errorsUnder(errors, field.name);
  const list = { id, value: value as never, onChange, errors: sub, error };
  switch (field.kind) {
    case 'ref':
      return (
        <RefField id={id} field={field} value={value} onChange={onChange} error={error ?? Object.values(sub)[0]} />
      );
    case 'rules':
      return <RulesEditor {...list} label={label} nullable={false} />;
    case 'schedule':
      return <RulesEditor {...list} label={label} nullable />;
    case 'deliveryAreas':
      return <DeliveryAreasEditor {...list} />;
    case 'alternativeUnits':
      return <AlternativeUnitsEditor {...list} label={label} />;
    case 'steps':
      return <StepsEditor {...list} />;
    case 'menuCatalog':
      return <MenuCatalogEditor {...list} />;
    case 'images':
      return <ImagesField id={id} label={label} value={value} multiple onChange={onChange} error={error} />;
    case 'image':
      return <ImagesField id={id} label={label} value={value} multiple={false} onChange={onChange} error={error} />;
    case 'apiKey':
      return <ApiKeyField id={id} label={label} value={value} onChange={onChange} error={error} />;
  }
}
