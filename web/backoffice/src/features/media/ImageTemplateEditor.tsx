import { ImageTemplateInput, type Image, type ImageTemplate, type TemplateLayer } from '@shop/contracts';
import { imageUrl } from '@shop/domain';
import { format, mediaTexts, resourceFailure } from '@shop/i18n-de';
import { useEffect, useRef, useState } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, apiUrl, errorMessage } from '../../api/client';
import { useContractForm } from '../../ui/contract-form';
import { useNotices } from '../../ui/notices';
import { ContentErrors } from '../content/form/content-errors';
import { EditorField, useInvalid } from '../content/form/editor-parts';
import { useEditorTitle } from '../content/use-content-editor';
import { LayerEditor } from './LayerEditor';
import { LoadState } from '../../ui/resource-state';
import { BackLink } from '../../ui/BackLink';

const M = mediaTexts.templates;
type Draft = Required<Omit<ImageTemplateInput, 'layers'>> & { layers: TemplateLayer[] };
const EMPTY: Draft = { identifier: '', width: 1200, height: 630, background: '#ffffff', layers: [] };
const draftOf = (t: ImageTemplate): Draft => ({
  identifier: t.identifier,
  width: t.width,
  height: t.height,
  background: t.background,
  layers: t.layers,
});

/**
 * An image template's load and save, on react-hook-form with the contract's ImageTemplateInput (useContractForm):
 * the record loaded without revalidating on focus and put into the form, and `save`, which resolves the saved
 * template (null when it failed: the server's German errors at their fields, its message with a retry).
 */
function useTemplateForm(id: string) {
  const isNew = id === 'new';
  const navigate = useNavigate();
  const notices = useNotices();
  const { mutate: mutateAll } = useSWRConfig();
  const template = useSWR(isNew ? null : apiUrl('/api/image-templates/{id}', { id }), (url) => api.get(url), {
    revalidateOnFocus: false,
  });
  const saved = useRef<ImageTemplate | null>(null);
  const contract = useContractForm(ImageTemplateInput, {
    defaultValues: EMPTY,
    send: async (draft) => {
      const body = draft as Draft;
      const result = isNew
        ? await api.post('/api/image-templates', body)
        : await api.put(apiUrl('/api/image-templates/{id}', { id }), body);
      saved.current = result;
      notices.success(M.saved);
      void mutateAll((k) => typeof k === 'string' && k.startsWith('/api/image-templates'));
      if (isNew) navigate(`/media/image-templates/${result.id}`, { replace: true });
      else void template.mutate(result, { revalidate: false });
    },
    failed: (err, retry) =>
      notices.error(errorMessage(err, resourceFailure('image-templates', isNew ? 'create' : 'update')), retry, err),
  });
  const { form } = contract;
  useEffect(() => {
    // the editable copy is replaced when the record is (re)loaded
    if (template.data) form.reset(draftOf(template.data));
  }, [form, template.data]);
  const save = async (): Promise<ImageTemplate | null> => {
    saved.current = null;
    await contract.onSubmit();
    return saved.current;
  };
  return { ...contract, isNew, template, save };
}

/** A template's preview: saved first, then rendered by the server as a new image of the library. */
function usePreview(save: () => Promise<ImageTemplate | null>) {
  const notices = useNotices();
  const [preview, setPreview] = useState<Image | null>(null);
  const [rendering, setRendering] = useState(false);
  const render = async (saved: ImageTemplate): Promise<void> => {
    setPreview(null);
    try {
      const image = await api.post(apiUrl('/api/image-templates/{id}/render', { id: saved.id }), {
        name: format(M.previewName, { name: saved.identifier }),
      });
      setPreview(image);
    } catch (err) {
      notices.error(errorMessage(err, resourceFailure('images', 'create')), () => render(saved), err);
    }
  };
  const saveAndPreview = async () => {
    setRendering(true);
    try {
      const saved = await save();
      if (saved) await render(saved);
    } finally {
      setRendering(false);
    }
  };
  return { preview, rendering, saveAndPreview };
}

/**
 * #/media/image-templates/:id ('new' for a new one): the canvas (identifier, size, background), its layers in the
 * layer editor, and a preview rendered by the server (POST /api/image-templates/{id}/render: saved first, the
 * rendering is a new image of the library).
 */
export default function ImageTemplateEditor() {
  const { id = 'new' } = useParams();
  const { form, errors, onSubmit, saving, isNew, template, save } = useTemplateForm(id);
  const { preview, rendering, saveAndPreview } = usePreview(save);
  const fonts = useSWR('/api/fonts', (url: '/api/fonts') => api.get(url));
  const images = useSWR(apiUrl('/api/images', {}, { perPage: 100 }), (url) => api.get(url));
  const title = useEditorTitle(isNew, M, template.data?.identifier);
  const [identifier, layers] = form.watch(['identifier', 'layers']) as [string, TemplateLayer[]];

  if (template.error || (!isNew && !template.data))
    return (
      <section>
        <h1>{M.title}</h1>
        <LoadState
          noun="image-templates"
          loaded={Boolean(template.data)}
          error={template.error}
          retry={() => template.mutate()}
        />
      </section>
    );

  return (
    <section>
      <BackLink to="/media/image-templates">{M.backToList}</BackLink>
      <h1>{title}</h1>
      <ContentErrors.Provider value={errors}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="template-form">
          <CanvasFields register={form.register as UseFormRegister<Draft>} />
          {fonts.error && <LoadState noun="fonts" loaded={false} error={fonts.error} retry={() => fonts.mutate()} />}
          {images.error && (
            <LoadState noun="images" loaded={false} error={images.error} retry={() => images.mutate()} />
          )}
          <LayerEditor
            layers={layers}
            onChange={(next) => form.setValue('layers', next)}
            images={images.data ?? []}
            fonts={fonts.data ?? []}
            errors={errors}
          />
          <div className="form-actions">
            <button type="submit" className="primary" disabled={saving}>
              {mediaTexts.save}
            </button>
            <button type="button" disabled={saving || rendering} onClick={() => void saveAndPreview()}>
              {M.preview}
            </button>
          </div>
          <p className="help">{M.previewHint}</p>
        </form>
      </ContentErrors.Provider>
      {rendering && <p role="status">{M.previewWorking}</p>}
      {preview && (
        <figure className="template-preview">
          <figcaption>{M.previewTitle}</figcaption>
          <img
            src={imageUrl(preview)}
            alt={format(M.previewAlt, { name: identifier })}
            width={preview.width}
            height={preview.height}
          />
        </figure>
      )}
    </section>
  );
}

/** whole pixels, as the number was typed (an emptied box is 0, which the server refuses) */
const pixels = (v: unknown) => Math.round(Number(v));

/** The canvas: identifier, width and height, background colour. */
function CanvasFields({ register }: { register: UseFormRegister<Draft> }) {
  const invalid = useInvalid();
  return (
    <>
      <EditorField id="template-identifier" path="identifier" label={`${M.identifier} *`}>
        <input
          id="template-identifier"
          required
          {...invalid('template-identifier', 'identifier')}
          {...register('identifier')}
        />
      </EditorField>
      {(['width', 'height'] as const).map((side) => (
        <EditorField id={`template-${side}`} path={side} label={M[side]} key={side}>
          <input
            id={`template-${side}`}
            type="number"
            min={1}
            max={4000}
            {...invalid(`template-${side}`, side)}
            {...register(side, { setValueAs: pixels })}
          />
        </EditorField>
      ))}
      <EditorField id="template-background" path="background" label={M.background}>
        <input
          id="template-background"
          type="color"
          {...invalid('template-background', 'background')}
          {...register('background')}
        />
      </EditorField>
    </>
  );
}
