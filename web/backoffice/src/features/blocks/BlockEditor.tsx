import { BLOCK_TYPES, BlockInput, type Block, type BlockType } from '@shop/contracts';
import { resourceFailure, TIME_TRACKING_UI_TEXTS as U } from '@shop/i18n-de';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, apiUrl, errorMessage } from '../../api/client';
import { T } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { LoadFailed, useNotices } from '../../ui/notices';
import { Options } from '../../ui/Options';
import { BackLink } from '../../ui/BackLink';
import { ContentErrors } from '../content/form/content-errors';
import { ContentFields } from '../content/form/ContentFields';
import { defaultsOf, type ContentValue } from '../content/form/content-values';
import { EditorActions, EditorCheckbox, EditorField } from '../content/form/editor-parts';
import '../content/content.css';

const TYPES = Object.keys(BLOCK_TYPES) as BlockType[];
interface Draft {
  identifier: string;
  type: BlockType;
  isPublic: boolean;
  content: ContentValue;
}
const fresh = (type: BlockType = 'map'): Draft => ({
  identifier: '',
  type,
  isPublic: true,
  content: defaultsOf(BLOCK_TYPES[type].fields),
});

/**
 * #/blocks/new and #/blocks/:id (issue 41, item 8): a shared block with its content in the form its type's layout
 * generates (ContentFields, as the nodes' editor), on react-hook-form with the contract's BlockInput
 * (useContractForm); the server's German errors at their fields. The list is the generic one (#/blocks).
 */
export default function BlockEditor() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const loaded = useSWR(isNew ? null : apiUrl('/api/blocks/{id}', { id }), (url) => api.get(url), {
    revalidateOnFocus: false,
  });
  if (!isNew && !loaded.data)
    return loaded.error ? (
      <LoadFailed load={loaded} message={resourceFailure('blocks', 'load')} />
    ) : (
      <p className="loading" role="status">
        {T.app.loading}
      </p>
    );
  return <BlockForm key={id} id={isNew ? null : Number(id)} loaded={loaded.data ?? null} />;
}

function BlockForm({ id, loaded }: { id: number | null; loaded: Block | null }) {
  const notices = useNotices();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [initial] = useState<Draft>(() =>
    loaded
      ? { identifier: loaded.identifier, type: loaded.type, isPublic: loaded.isPublic, content: loaded.content }
      : fresh(),
  );
  const { form, errors, onSubmit, saving } = useContractForm(BlockInput, {
    defaultValues: initial,
    send: async (values) => {
      const body = { ...values, identifier: values.identifier.trim() };
      const saved = id
        ? await api.put(apiUrl('/api/blocks/{id}', { id: String(id) }), body)
        : await api.post(apiUrl('/api/blocks', {}), body);
      notices.success(T.app.saved);
      void mutate((k) => typeof k === 'string' && k.startsWith('/api/blocks'));
      if (!id) navigate(`/blocks/${saved.id}`, { replace: true });
    },
    failed: (err, retry) =>
      notices.error(errorMessage(err, resourceFailure('blocks', id ? 'update' : 'create')), retry, err),
  });
  const type = form.watch('type') as BlockType;
  const content = (form.watch('content') ?? {}) as ContentValue;
  const title = id ? `${U.blocks}: ${initial.identifier}` : U.blocks;

  return (
    <section className="block-editor">
      <BackLink to="/blocks">{T.list.backToList}</BackLink>
      <h1>{title}</h1>
      <ContentErrors.Provider value={errors}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <fieldset className="group">
            <legend>{BLOCK_TYPES[type]?.label ?? type}</legend>
            <EditorField id="block-identifier" path="identifier" label={T.fields.identifier}>
              <input id="block-identifier" {...form.register('identifier')} />
            </EditorField>
            <EditorField id="block-type" path="type" label={T.fields.type}>
              <select
                id="block-type"
                defaultValue={initial.type}
                {...form.register('type', {
                  // another type has other fields: its content starts from that type's defaults
                  onChange: (e: { target: { value: string } }) =>
                    form.setValue('content', defaultsOf(BLOCK_TYPES[e.target.value as BlockType].fields)),
                })}
              >
                <Options choices={TYPES.map((t) => ({ value: t, label: BLOCK_TYPES[t].label }))} />
              </select>
            </EditorField>
            <EditorCheckbox label={T.fields.isPublic} {...form.register('isPublic')} />
          </fieldset>
          <ContentFields
            fields={BLOCK_TYPES[type]?.fields ?? []}
            value={content}
            path="content"
            onChange={(next) => form.setValue('content', next)}
          />
          <EditorActions saving={saving} back="/blocks" />
        </form>
      </ContentErrors.Provider>
    </section>
  );
}
