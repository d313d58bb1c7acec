import { useEffect, useState, type ReactNode } from 'react';
import type { Control, UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { CRUD_RESOURCES, type CrudResourcesWith } from '@shop/contracts';
import type { CrudInput } from '@shop/web-api';
import { api, ApiError, apiUrl } from '../../api/client';
import { f, resourceFailure, T } from '../../texts';
import { clipboard } from '../../ui/clipboard';
import { useContractForm, type ContractSchema } from '../../ui/contract-form';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { LoadError, useNotices } from '../../ui/notices';
import { useMe } from '../auth/use-me';
import { accessTo, lockedField } from './access';
import { errorPlace } from './error-labels';
import { ControlledField } from './ControlledField';
import { fieldId } from './FieldInput';
import { FormEntityContext } from './form-context';
import { asEntity } from './path';
import type { ResourceDef } from './types';
import { BackLink } from '../../ui/BackLink';

/** The generated form checks any resource's entity with its contract's schema (CRUD_RESOURCES[name].input). */
type ResourceSchema = ContractSchema<Record<string, unknown>>;

/** Fields the server keeps to itself: never copied into a new entity from the clipboard. */
const META = ['id', 'createdAt', 'updatedAt', 'apiKey', 'lastSeenAt', 'displayName', 'lockedUntil'];

type EntityForm = UseFormReturn<Entity, unknown, Entity>;
type Entity = Record<string, unknown>;

/** The form's field groups, each a fieldset with its legend or a plain group. */
function FieldGroups({
  def,
  control,
  errors,
  locked,
}: {
  def: ResourceDef;
  control: Control<Entity>;
  errors: Record<string, string>;
  /** fields shown read only (an employee's branch: what only administrators change) */
  locked: (name: string) => boolean;
}) {
  return def.groups.map((g, gi) => {
    const fields = g.fields.map((field) =>
      locked(field.name) ? (
        // a disabled fieldset disables the field's controls (its editor's buttons too) and keeps the layout
        <fieldset key={field.name} className="locked-field" disabled style={{ display: 'contents' }}>
          <ControlledField field={field} control={control} errors={errors} />
        </fieldset>
      ) : (
        <ControlledField key={field.name} field={field} control={control} errors={errors} />
      ),
    );
    return g.legend ? (
      <fieldset key={gi} className="group" id={`${fieldId(g.legend)}-group`}>
        <legend>{g.legend}</legend>
        {fields}
      </fieldset>
    ) : (
      <div key={gi} className="group">
        {fields}
      </div>
    );
  });
}

/** Copy the entity to the clipboard; paste one into a new entity (without the fields the server keeps). */
function ClipboardButtons({ def, form, canPaste }: { def: ResourceDef; form: EntityForm; canPaste: boolean }) {
  const notices = useNotices();
  const [clip, setClip] = useState(() => clipboard.get<Entity>(def.name));
  const copy = () => {
    const entity = form.getValues();
    clipboard.add(def.name, def.title(entity), entity);
    setClip(clipboard.get(def.name));
  };
  const paste = () => {
    const item = clipboard.get<Entity>(def.name);
    if (!item) return notices.error(T.list.clipboardEmpty);
    const data = Object.fromEntries(Object.entries(item.data).filter(([k]) => !META.includes(k)));
    form.reset({ ...form.getValues(), ...data }, { keepErrors: true });
  };
  return (
    <>
      <button type="button" onClick={copy}>
        {T.list.copyToClipboard}
      </button>
      {canPaste && clip && (
        <button type="button" onClick={paste}>
          {T.list.pasteFromClipboard} ({clip.label})
        </button>
      )}
    </>
  );
}

/**
 * Saving the resource's form (create or update) on react-hook-form with its contract's schema: on success the lists
 * reload and a new entity opens at its address; on failure the server's field errors stand at the fields and in the
 * summary, and the first of them (or the §8 default) is the notice with a retry.
 */
function useResourceSave(def: ResourceDef, id: string) {
  const isNew = id === 'new';
  const navigate = useNavigate();
  const notices = useNotices();
  const { mutate: mutateAll } = useSWRConfig();
  const [summary, setSummary] = useState<string[]>([]);
  const { form, errors, onSubmit, saving } = useContractForm(CRUD_RESOURCES[def.name].input as ResourceSchema, {
    defaultValues: structuredClone(def.defaults),
    send: async (entity) => {
      // the generated form edits any resource field by field; the gateway validates the body with the resource's schema
      const body = entity as CrudInput<typeof def.name>;
      // only resources with create and update have an editing form (uploads and form submissions are read and deleted)
      const name = def.name as CrudResourcesWith<'create'> & CrudResourcesWith<'update'>;
      const saved = asEntity(
        isNew ? await api.post(apiUrl(`/api/${name}`), body) : await api.put(apiUrl(`/api/${name}/{id}`, { id }), body),
      );
      setSummary([]);
      notices.success(T.app.saved);
      void mutateAll((k) => typeof k === 'string' && k.startsWith(`/api/${def.name}`));
      if (isNew) navigate(`/${def.name}/${saved.id}`, { replace: true });
      else form.reset(saved);
    },
    failed: (err, retry) => {
      const fallback = resourceFailure(def.noun, isNew ? 'create' : 'update');
      // each server message with the field it is about ('Nachname: Dieser Wert sollte nicht leer sein.')
      const entity = form.getValues();
      const lines =
        err instanceof ApiError
          ? err.errors.map((e) => {
              const place = e.field ? errorPlace(def, entity, e.field) : null;
              return place ? `${place}: ${e.message}` : e.message;
            })
          : [];
      if (err instanceof ApiError) setSummary(lines);
      // §5 the first server message, named by its field like the summary's
      notices.error(lines[0] ?? (err instanceof ApiError ? err.messageOr(fallback) : fallback), retry, err);
    },
  });

  return { form, errors, onSubmit, saving, summary, setSummary };
}

/**
 * The generated form of a resource on react-hook-form with its contract's schema (useContractForm): its field groups,
 * the server's German field errors next to each field and in a summary, the first server message (or the §8
 * default) with a retry, and the clipboard.
 */
export function ResourceForm({
  def,
  id,
  extra,
}: {
  def: ResourceDef;
  id: string;
  extra?: (entity: Record<string, unknown>) => ReactNode;
}) {
  const isNew = id === 'new';
  const { data: me } = useMe();
  const {
    data: loaded,
    error: loadError,
    mutate,
  } = useSWR(isNew ? null : apiUrl(`/api/${def.name}/{id}`, { id }), (url) => api.get(url).then(asEntity), {
    revalidateOnFocus: false,
  });
  const { form, errors, onSubmit, saving, summary, setSummary } = useResourceSave(def, id);

  useEffect(() => {
    // the editable copy is replaced when the entity is (re)loaded
    if (loaded) form.reset(loaded);
  }, [form, loaded]);
  useEffect(() => {
    // another entity (or a new one) opened in the same form starts without old messages
    setSummary([]);
    form.clearErrors();
    if (isNew) form.reset(structuredClone(def.defaults));
  }, [form, def, isNew, setSummary]);

  const title = isNew ? f(T.list.newTitle, { label: def.label }) : f(T.list.editTitle, { label: def.label });
  useEffect(() => {
    document.title = `${title} – ${T.app.title}`;
  }, [title]);

  if (loadError)
    return <LoadError message={resourceFailure(def.noun, 'load')} retry={() => mutate()} error={loadError} />;
  if (!isNew && !loaded) return <p role="status">{T.app.loading}</p>;

  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- not new: loaded (returned above while loading)
  const readOnly = !accessTo(def, me, isNew ? null : loaded!).change;
  const locked = (name: string) => lockedField(def, me, name);
  const someLocked = !readOnly && def.groups.some((g) => g.fields.some((field) => locked(field.name)));
  return (
    <section className="resource-form">
      <BackLink to={`/${def.name}`}>{T.list.backToList}</BackLink>
      <div className="page-header">
        <h1>
          {title}
          {/* eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- not new: loaded (returned above while loading) */}
          {!isNew && `: ${def.title(loaded!)}`}
        </h1>
        <ClipboardButtons def={def} form={form} canPaste={isNew && !readOnly} />
      </div>
      {readOnly && <p className="help">{T.list.readOnly}</p>}
      {someLocked && <p className="help">{T.list.employeeFields}</p>}
      {/* eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- not new: loaded (returned above while loading) */}
      {!isNew && extra?.(loaded!)}
      <ErrorSummary lines={summary} />
      <FormEntityContext.Provider value={{ resource: def.name, entity: loaded ?? null }}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          {/* a disabled fieldset disables every control of the form, the editors' buttons included */}
          <fieldset className="form-fields" disabled={readOnly}>
            <FieldGroups def={def} control={form.control} errors={errors} locked={locked} />
          </fieldset>
          {!readOnly && (
            <div className="form-actions sticky">
              <button type="submit" className="primary" disabled={saving}>
                {saving ? T.list.saving : T.list.save}
              </button>
              <Link className="button" to={`/${def.name}`}>
                {T.orders.abort}
              </Link>
            </div>
          )}
        </form>
      </FormEntityContext.Provider>
    </section>
  );
}
