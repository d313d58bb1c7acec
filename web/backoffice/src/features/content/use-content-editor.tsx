import type {
  ContentNode,
  ContentNodeInput,
  FieldDefinition,
  Navigation,
  NavigationInput,
  Site,
  SiteInput,
} from '@shop/contracts';
import { validateContent } from '@shop/domain';
import { resourceFailure } from '@shop/i18n-de';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError, apiUrl, errorMessage } from '../../api/client';
import { T } from '../../texts';
import { useNotices } from '../../ui/notices';
import type { ContentValue } from './form/content-values';
import { LoadState } from './list-tools';

/** What the content builder's editors edit: the record the API answers and the body it takes. */
interface Editable {
  sites: { record: Site; input: SiteInput };
  navigations: { record: Navigation; input: NavigationInput };
  nodes: { record: ContentNode; input: ContentNodeInput };
}
type Resource = keyof Editable;

/** The browser tab's title: '{title} – {app}'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – ${T.app.title}`;
  }, [title]);
}

/**
 * A failed save: the server's field errors at their fields (`setErrors`) and its first message, else the §8 default
 * ('… konnte nicht gespeichert werden.'), with a retry.
 */
export function useSaveFailure(resource: Resource | 'redirects', setErrors: (errors: Record<string, string>) => void) {
  const notices = useNotices();
  return (err: unknown, action: 'create' | 'update', retry: () => unknown) => {
    if (err instanceof ApiError) setErrors(err.fieldErrors());
    notices.error(errorMessage(err, resourceFailure(resource, action)), retry, err);
  };
}

/**
 * The load/save logic of the content builder's full-page editors (#/sites/:id, #/navigations/:id, #/nodes/:id,
 * with 'new' for a new one): the record loaded without revalidating on focus, the editable draft (replaced when the
 * record is (re)loaded), the field errors, the loading and load-error states, and `send` that creates or updates:
 * on success a confirmation, the lists reloaded and a new record's own address; on failure the server's errors at
 * their fields and its message with a retry. `draftOf` must be stable (defined outside the component).
 */
export function useContentEditor<R extends Resource, D>(
  resource: R,
  {
    initial,
    draftOf,
    savedText,
  }: { initial: () => D; draftOf: (record: Editable[R]['record']) => D; savedText: string },
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
  } = useSWR(
    isNew ? null : apiUrl(`/api/${kind}/{id}`, { id }),
    (url) => api.get(url) as Promise<Editable[R]['record']>,
    { revalidateOnFocus: false },
  );
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const failed = useSaveFailure(resource, setErrors);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the editable copy is replaced when the record is (re)loaded
    if (loaded) setDraft(draftOf(loaded));
  }, [loaded, draftOf]);

  /** What stands instead of the form while the record loads or when it cannot be loaded; null once it is there. */
  const pending =
    loadError || (!isNew && !loaded) ? (
      <LoadState noun={resource} loaded={Boolean(loaded)} error={loadError} retry={() => mutate()} />
    ) : null;

  /** Checks content with the rules the server applies; its errors go to their fields. Returns their messages. */
  const invalidContent = (fields: readonly FieldDefinition[], content: ContentValue): string[] => {
    const check = validateContent(fields, content, (html) => html, 'content');
    if (check.errors.length) setErrors(Object.fromEntries(check.errors.map((e) => [e.field ?? '', e.message])));
    return check.errors.map((e) => e.message);
  };

  /** Creates or updates; `retry` repeats the editor's whole save. Resolves whether it was saved. */
  const send = async (
    body: Editable[R]['input'],
    retry: () => unknown,
    onApiError?: (err: ApiError) => void,
  ): Promise<boolean> => {
    setSaving(true);
    const action = isNew ? 'create' : 'update';
    try {
      const saved = (await (isNew
        ? api.post(`/api/${kind}`, body as never)
        : api.put(apiUrl(`/api/${kind}/{id}`, { id }), body as never))) as Editable[R]['record'];
      setErrors({});
      notices.success(savedText);
      void mutateAll((k) => typeof k === 'string' && k.startsWith(`/api/${resource}`));
      if (isNew) navigate(`/${resource}/${saved.id}`, { replace: true });
      else void mutate(saved, { revalidate: false });
      return true;
    } catch (err) {
      if (err instanceof ApiError) onApiError?.(err);
      failed(err, action, retry);
      return false;
    } finally {
      setSaving(false);
    }
  };
  /** The form's submit handler for `save`. */
  const submitWith = (save: () => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  return { id, isNew, loaded, pending, draft, setDraft, errors, saving, invalidContent, send, submitWith };
}
