import { NODE_LAYOUTS, NODE_TYPES, type ContentNode, type NodeType } from '@shop/contracts';
import { contentBuilderTexts, format, resourceFailure } from '@shop/i18n-de';
import { Link, useSearchParams } from 'react-router-dom';
import { T } from '../../../texts';
import { useNotices } from '../../../ui/notices';
import { ContentErrors, FieldError } from '../form/content-errors';
import { ContentFields } from '../form/ContentFields';
import { defaultsOf, type ContentValue } from '../form/content-values';
import { useContentEditor, useDocumentTitle } from '../use-content-editor';
import { FormBuilder } from './FormBuilder';
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
const draftOf = (loaded: ContentNode): Draft => ({
  type: loaded.type,
  identifier: loaded.identifier ?? '',
  isPublic: loaded.isPublic,
  content: loaded.content,
});

/**
 * #/nodes/new?type=… and #/nodes/:id: a project, object, reference or form in the form generated from its layout
 * (NODE_LAYOUTS): objects pick their projects, projects their objects; a form in the form builder (FormBuilder:
 * its fields, and sendMail actions with the `{fieldId}` placeholders of its fields offered), and the form's
 * submissions below it.
 */
export default function NodeEditor() {
  const [params] = useSearchParams();
  const notices = useNotices();
  const { id, isNew, loaded, pending, draft, setDraft, errors, saving, invalidContent, send, submitWith } =
    useContentEditor('nodes', {
      initial: () => {
        const type = NODE_TYPES.find((t) => t === params.get('type')) ?? 'project';
        return { type, identifier: '', isPublic: false, content: defaultsOf(NODE_LAYOUTS[type]) };
      },
      draftOf,
      savedText: N.saved,
    });
  const typeLabel = N.types[draft.type];
  const title = isNew
    ? format(N.newTitle, { type: typeLabel })
    : format(N.editTitle, { type: typeLabel, name: loaded ? nodeName(loaded) : '' });
  useDocumentTitle(title);

  if (pending) return pending;

  const fields = NODE_LAYOUTS[draft.type];
  const save = async (): Promise<void> => {
    const invalid = invalidContent(fields, draft.content);
    if (invalid.length) {
      notices.error(invalid[0] ?? resourceFailure('nodes', isNew ? 'create' : 'update'));
      return;
    }
    await send({ ...draft, identifier: draft.identifier.trim() || null }, save);
  };
  const onSubmit = submitWith(save);

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
          </fieldset>
          {draft.type === 'form' ? (
            <FormBuilder
              value={draft.content}
              path="content"
              onChange={(content) => setDraft((d) => ({ ...d, content }))}
            />
          ) : (
            <ContentFields
              fields={fields}
              value={draft.content}
              path="content"
              onChange={(content) => setDraft((d) => ({ ...d, content }))}
            />
          )}
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
