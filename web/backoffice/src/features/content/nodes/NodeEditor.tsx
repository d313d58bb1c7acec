import { ContentNodeInput, NODE_LAYOUTS, NODE_TYPES, type ContentNode, type NodeType } from '@shop/contracts';
import { contentBuilderTexts, format, resourceFailure } from '@shop/i18n-de';
import { useSearchParams } from 'react-router-dom';
import { useNotices } from '../../../ui/notices';
import { ContentErrors } from '../form/content-errors';
import { ContentFields } from '../form/ContentFields';
import { defaultsOf, type ContentValue } from '../form/content-values';
import { EditorActions, EditorCheckbox, EditorField, useInvalid } from '../form/editor-parts';
import { useContentEditor, useDocumentTitle, type EditorForm } from '../use-content-editor';
import { FormBuilder } from './FormBuilder';
import { FormSubmissions } from './FormSubmissions';
import { nodeName } from './NodesPage';
import '../content.css';
import { BackLink } from '../../../ui/BackLink';

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
const bodyOf = (draft: Draft): ContentNodeInput => ({ ...draft, identifier: draft.identifier.trim() || null });

/**
 * #/nodes/new?type=… and #/nodes/:id: a project, object, reference or form in the form generated from its layout
 * (NODE_LAYOUTS), on react-hook-form with the contract's ContentNodeInput (useContentEditor): objects pick their
 * projects, projects their objects; a form in the form builder (FormBuilder: its fields, and sendMail actions with
 * the `{fieldId}` placeholders of its fields offered), and the form's submissions below it.
 */
export default function NodeEditor() {
  const [params] = useSearchParams();
  const notices = useNotices();
  const { id, isNew, loaded, pending, form, draft, setValue, errors, saving, onSubmit } = useContentEditor(
    'nodes',
    ContentNodeInput,
    {
      initial: (): Draft => {
        const type = NODE_TYPES.find((t) => t === params.get('type')) ?? 'project';
        return { type, identifier: '', isPublic: false, content: defaultsOf(NODE_LAYOUTS[type]) };
      },
      draftOf,
      savedText: N.saved,
      bodyOf,
      check: (d, contentErrors) => {
        const invalid = contentErrors(NODE_LAYOUTS[d.type], d.content);
        if (invalid.length) notices.error(invalid[0] ?? resourceFailure('nodes', isNew ? 'create' : 'update'));
        return invalid;
      },
    },
  );
  const typeLabel = N.types[draft.type];
  const title = isNew
    ? format(N.newTitle, { type: typeLabel })
    : format(N.editTitle, { type: typeLabel, name: loaded ? nodeName(loaded) : '' });
  useDocumentTitle(title);

  if (pending) return pending;

  return (
    <section className="content-node-editor">
      <BackLink to={`/nodes?type=${draft.type}`}>{N.backToList}</BackLink>
      <h1>{title}</h1>
      <ContentErrors.Provider value={errors}>
        <form onSubmit={onSubmit} noValidate>
          <NodeSettings form={form} legend={typeLabel} />
          {draft.type === 'form' ? (
            <FormBuilder value={draft.content} path="content" onChange={(content) => setValue('content', content)} />
          ) : (
            <ContentFields
              fields={NODE_LAYOUTS[draft.type]}
              value={draft.content}
              path="content"
              onChange={(content) => setValue('content', content)}
            />
          )}
          <EditorActions saving={saving} back={`/nodes?type=${draft.type}`} />
        </form>
      </ContentErrors.Provider>
      {!isNew && draft.type === 'form' && <FormSubmissions node={Number(id)} />}
    </section>
  );
}

/** The node's identifier and public state. */
function NodeSettings({ form, legend }: { form: EditorForm<Draft>; legend: string }) {
  const invalid = useInvalid();
  return (
    <fieldset className="group">
      <legend>{legend}</legend>
      <EditorField id="node-identifier" path="identifier" label={N.identifier}>
        <input id="node-identifier" {...invalid('node-identifier', 'identifier')} {...form.register('identifier')} />
      </EditorField>
      <EditorCheckbox label={N.isPublic} {...form.register('isPublic')} />
    </fieldset>
  );
}
