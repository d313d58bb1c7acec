import type { FieldDefinition } from '@shop/contracts';
import { useContext, useState } from 'react';
import { CollectionEditor } from './CollectionEditor';
import { ContentErrors, FieldError } from './content-errors';
import { domId, joinPath, type ContentValue } from './content-values';
import {
  BooleanField,
  ControlField,
  GroupFieldset,
  ImageField,
  MultiselectField,
  type FieldProps,
} from './field-controls';
import { FilesField } from './FilesField';

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

const asObject = (v: unknown): ContentValue =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as ContentValue) : {};

/** One field of the generated form, by its type. */
export function ContentField(props: FieldProps) {
  const { def, value, path, onChange } = props;
  switch (def.type) {
    case 'boolean':
      return <BooleanField {...props} />;
    case 'multiselect':
      return <MultiselectField {...props} />;
    case 'group':
      return (
        <GroupFieldset def={def} path={path}>
          <ContentFields fields={def.fields ?? []} value={asObject(value)} path={path} onChange={onChange} />
        </GroupFieldset>
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
          renderFields={(fieldProps) => <ContentFields {...fieldProps} />}
        />
      );
    case 'image':
    case 'images':
      return <ImageField {...props} />;
    case 'file':
    case 'files': {
      const id = domId(path);
      return (
        <FilesField
          id={id}
          label={def.label ?? def.name}
          value={value}
          multiple={def.type === 'files'}
          onChange={onChange}
          error={<FieldError id={id} path={path} />}
        />
      );
    }
    default:
      return <ControlField {...props} />;
  }
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
