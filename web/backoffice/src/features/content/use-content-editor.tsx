import type { ContentNode, FieldDefinition, Navigation, Site } from '@shop/contracts';
import { validateContent } from '@shop/domain';
import { format, resourceFailure } from '@shop/i18n-de';
import { useEffect, useState, type FormEvent } from 'react';
import type { DefaultValues, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError, apiUrl, errorMessage } from '../../api/client';
import { T } from '../../texts';
import { showServerErrors, useContractForm, type ContractSchema } from '../../ui/contract-form';
import { useNotices } from '../../ui/notices';
import type { ContentValue } from './form/content-values';
import { useContentReadOnly } from './content-permission';
import { LoadState } from './list-tools';

/** What the content builder's editors edit: the record the API answers. */
interface Editable {
  sites: Site;
  navigations: Navigation;
  nodes: ContentNode;
}
type Resource = keyof Editable;

/** An editor's form: its draft as the inputs hold it. */
export type EditorForm<V extends FieldValues> = UseFormReturn<V, unknown, FieldValues>;

/** The browser tab's title: '{title} – {app}'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – ${T.app.title}`;
  }, [title]);
}

/** An editor's title, also the browser tab's: its text for a new record, or for editing the one named `name`. */
export function useEditorTitle(
  isNew: boolean,
  texts: { newTitle: string; editTitle: string },
  name: string | undefined,
): string {
  const title = isNew ? texts.newTitle : format(texts.editTitle, { name: name ?? '' });
  useDocumentTitle(title);
  return title;
}

/**
 * False in the first render, true from the second on. The editors' inputs render once their form is mounted:
 * react-hook-form sets the value of a select registered in the form's first render too early (the select shows,
 * and sends, its first option instead of the draft's).
 */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- one render later, see above
  useEffect(() => setMounted(true), []);
  return mounted;
}

export interface ContentEditorOptions<R extends Resource, V extends FieldValues> {
  /** a new record's draft */
  initial: () => V;
  /** the draft of a loaded record; must be stable (defined outside the component) */
  draftOf: (record: Editable[R]) => V;
  savedText: string;
  /** the request body of the draft as the form holds it (trimmed, with what the server derives) */
  bodyOf?: (draft: V) => unknown;
  /**
   * The browser's own check before anything is sent (the content's rules, with `contentErrors`): the messages of
   * what it refuses, which keeps the form from the server; none to send.
   */
  check?: (draft: V, contentErrors: ContentCheck) => string[];
  /** after a saved draft */
  onSaved?: () => void;
  /** after a failed save, the server's field errors already at their fields */
  onApiError?: (err: ApiError) => void;
}

/** Checks content with the rules the server applies; its errors go to their fields. Returns their messages. */
export type ContentCheck = (fields: readonly FieldDefinition[], content: ContentValue) => string[];

/**
 * The load/save logic of the content builder's full-page editors (#/sites/:id, #/navigations/:id, #/nodes/:id,
 * with 'new' for a new one), on react-hook-form with the contract's schema (useContractForm): the record loaded
 * without revalidating on focus, the form's values (replaced when the record is (re)loaded), the field errors, the
 * loading and load-error states, and the submit handler that checks, then creates or updates: on success a
 * confirmation, the lists reloaded and a new record's own address; on failure the server's German errors at their
 * fields and its message with a retry of the whole save.
 */
export function useContentEditor<R extends Resource, V extends FieldValues>(
  resource: R,
  /** the contract's schema of the record's body: the form's draft is checked with it (a draft may hold more) */
  schema: ContractSchema,
  { initial, draftOf, savedText, bodyOf = (d) => d, check, onSaved, onApiError }: ContentEditorOptions<R, V>,
) {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const kind: Resource = resource;
  const navigate = useNavigate();
  const notices = useNotices();
  const { mutate: mutateAll } = useSWRConfig();
  const {
    data: loaded,
    error: loadError,
    mutate,
  } = useSWR(isNew ? null : apiUrl(`/api/${kind}/{id}`, { id }), (url) => api.get(url) as Promise<Editable[R]>, {
    revalidateOnFocus: false,
  });
  const [defaultValues] = useState(initial);
  const { form, errors, onSubmit, saving } = useContractForm(schema as ContractSchema<V>, {
    defaultValues: defaultValues as DefaultValues<V>,
    send: async (draft) => {
      const body = bodyOf(draft) as never;
      const saved = (await (isNew
        ? api.post(`/api/${kind}`, body)
        : api.put(apiUrl(`/api/${kind}/{id}`, { id }), body))) as Editable[R];
      onSaved?.();
      notices.success(savedText);
      void mutateAll((k) => typeof k === 'string' && k.startsWith(`/api/${resource}`));
      if (isNew) navigate(`/${resource}/${saved.id}`, { replace: true });
      else void mutate(saved, { revalidate: false });
    },
    failed: (err) => {
      if (err instanceof ApiError) onApiError?.(err);
      notices.error(errorMessage(err, resourceFailure(resource, isNew ? 'create' : 'update')), () => submit(), err);
    },
  });
  useEffect(() => {
    // the editable copy is replaced when the record is (re)loaded
    if (loaded) form.reset(draftOf(loaded));
  }, [form, loaded, draftOf]);
  const mounted = useMounted();
  // issue 42: staff without the content permission read only (no save button; Enter in a field sends nothing)
  const readOnly = useContentReadOnly();

  const contentErrors: ContentCheck = (fields, content) => {
    const result = validateContent(fields, content, (html) => html, 'content');
    if (result.errors.length) showServerErrors(form, result.errors);
    return result.errors.map((e) => e.message);
  };
  /** Checks in the browser first; what it refuses stays at its fields and is not sent. */
  const submit = (e?: FormEvent): Promise<void> => {
    e?.preventDefault();
    if (readOnly || check?.(form.getValues(), contentErrors).length) return Promise.resolve();
    return onSubmit();
  };
  /** Replaces one value of the form that no input holds (the content, the item tree). */
  const setValue = <K extends Path<V>>(name: K, value: PathValue<V, K>) => form.setValue(name, value);

  /** What stands instead of the form while the record loads or when it cannot be loaded; null once it is there. */
  const pending =
    loadError || (!isNew && !loaded) ? (
      <LoadState noun={resource} loaded={Boolean(loaded)} error={loadError} retry={() => mutate()} />
    ) : !mounted ? (
      <></>
    ) : null;

  return {
    id,
    isNew,
    loaded,
    pending,
    form,
    draft: form.watch(),
    setValue,
    errors,
    saving,
    readOnly,
    onSubmit: (e: FormEvent) => void submit(e),
  };
}
