import { NODE_LAYOUTS, NODE_TYPES, type ContentNode, type ContentNodeInput, type NodeType } from '@shop/contracts';
import { validateContent } from '@shop/domain';
import { contentBuilderTexts, format, resourceFailure } from '@shop/i18n-de';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError, apiUrl } from '../../../api/client';
import { T } from '../../../texts';
import { LoadError, useNotices } from '../../../ui/notices';
import { ContentErrors, FieldError } from '../form/content-errors';
import { ContentFields } from '../form/ContentFields';
import { defaultsOf, type ContentValue } from '../form/content-values';
import { FormSubmissions } from './FormSubmissions';
import { nodeName } from './NodesPage';
import '../content.css';

const N = contentBuilderTexts.nodes;
interface Draft {
  type: NodeType;
  identifier: string;
  isPublic: boolean;
  content: ContentValue;
}

/** The `{fieldId}` placeholders a form's sendMail subject and message may use: the ids of its fields. */
export function placeholdersOf(content: ContentValue): string[] {
  const fields = Array.isArray(content.fields) ? (content.fields as Array<{ fieldId?: unknown }>) : [];
  return fields.map((f) => (typeof f.fieldId === 'string' ? f.fieldId.trim() : '')).filter(Boolean);
}

/**
 * #/nodes/new?type=… and #/nodes/:id: a project, object, reference or form in the form generated from its layout
 * (NODE_LAYOUTS): objects pick their projects, projects their objects; a form's fields and sendMail actions with
 * the `{fieldId}` placeholders of its fields offered, and the form's submissions below it.
 */
export default function NodeEditor() {
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const notices = useNotices();
  const { mutate: mutateAll } = useSWRConfig();
  const {
    data: loaded,
    error: loadError,
    mutate,
  } = useSWR(isNew ? null : apiUrl('/api/nodes/{id}', { id }), (url) => api.get(url), { revalidateOnFocus: false });
  const initialType = NODE_TYPES.find((t) => t === params.get('type')) ?? 'project';
  const [draft, setDraft] = useState<Draft>(() => ({
    type: initialType,
    identifier: '',
    isPublic: false,
    content: defaultsOf(NODE_LAYOUTS[initialType]),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (loaded)
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the editable copy is replaced when the node is (re)loaded
      setDraft({
        type: loaded.type,
        identifier: loaded.identifier ?? '',
        isPublic: loaded.isPublic,
        content: loaded.content,
      });
  }, [loaded]);
  const typeLabel = N.types[draft.type];
  const title = isNew
    ? format(N.newTitle, { type: typeLabel })
    : format(N.editTitle, { type: typeLabel, name: loaded ? nodeName(loaded) : '' });
  useEffect(() => {
    document.title = `${title} – ${T.app.title}`;
  }, [title]);

  if (loadError)
    return <LoadError message={resourceFailure('nodes', 'load')} retry={() => mutate()} error={loadError} />;
  if (!isNew && !loaded) return <p role="status">{T.app.loading}</p>;

  const fields = NODE_LAYOUTS[draft.type];
  const save = async (): Promise<void> => {
    const check = validateContent(fields, draft.content, (html) => html, 'content');
    if (check.errors.length) {
      setErrors(Object.fromEntries(check.errors.map((e) => [e.field ?? '', e.message])));
      notices.error(check.errors[0]?.message ?? resourceFailure('nodes', isNew ? 'create' : 'update'));
      return;
    }
    setSaving(true);
    const action = isNew ? 'create' : 'update';
    const body: ContentNodeInput = { ...draft, identifier: draft.identifier.trim() || null };
    try {
      const saved: ContentNode = isNew
        ? await api.post('/api/nodes', body)
        : await api.put(apiUrl('/api/nodes/{id}', { id }), body);
      setErrors({});
      notices.success(N.saved);
      void mutateAll((k) => typeof k === 'string' && k.startsWith('/api/nodes'));
      if (isNew) navigate(`/nodes/${saved.id}`, { replace: true });
      else void mutate(saved, { revalidate: false });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
      const fallback = resourceFailure('nodes', action);
      notices.error(err instanceof ApiError ? err.messageOr(fallback) : fallback, () => save(), err);
    } finally {
      setSaving(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  const placeholders = placeholdersOf(draft.content);

  return (
    <section className="content-node-editor">
      <p>
        <Link to={`/nodes?type=${draft.type}`}>{N.backToList}</Link>
      </p>
      <h1>{title}</h1>
      <ContentErrors.Provider value={errors}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset className="group">
            <legend>{typeLabel}</legend>
            <div className="field">
              <label htmlFor="node-identifier">{N.identifier}</label>
              <input
                id="node-identifier"
                value={draft.identifier}
                aria-invalid={errors.identifier ? true : undefined}
                aria-describedby={errors.identifier ? 'node-identifier-error' : undefined}
                onChange={(e) => setDraft((d) => ({ ...d, identifier: e.target.value }))}
              />
              <FieldError id="node-identifier" path="identifier" />
            </div>
            <div className="field field-boolean">
              <label>
                <input
                  type="checkbox"
                  checked={draft.isPublic}
                  onChange={(e) => setDraft((d) => ({ ...d, isPublic: e.target.checked }))}
                />{' '}
                {N.isPublic}
              </label>
            </div>
            {draft.type === 'form' && (
              <p className="help" id="form-placeholders">
                {placeholders.length
                  ? format(N.placeholders, { list: placeholders.map((p) => `{${p}}`).join(', ') })
                  : N.noPlaceholders}
              </p>
            )}
          </fieldset>
          <ContentFields
            fields={fields}
            value={draft.content}
            path="content"
            onChange={(content) => setDraft((d) => ({ ...d, content }))}
          />
          <div className="form-actions sticky">
            <button type="submit" className="primary" disabled={saving}>
              {saving ? contentBuilderTexts.sites.saving : contentBuilderTexts.sites.save}
            </button>
            <Link className="button" to={`/nodes?type=${draft.type}`}>
              {T.orders.abort}
            </Link>
          </div>
        </form>
      </ContentErrors.Provider>
      {!isNew && draft.type === 'form' && <FormSubmissions node={Number(id)} />}
    </section>
  );
}
