import type { Image, ImageTemplate, ImageTemplateInput, TemplateLayer } from '@shop/contracts';
import { imageUrl } from '@shop/domain';
import { format, mediaTexts, resourceFailure } from '@shop/i18n-de';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError, apiUrl, errorMessage } from '../../api/client';
import { useNotices } from '../../ui/notices';
import { useDocumentTitle } from '../content/use-content-editor';
import { LayerEditor } from './LayerEditor';
import { LoadState } from '../../ui/resource-state';

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
 * #/media/image-templates/:id ('new' for a new one): the canvas (identifier, size, background), its layers in the
 * layer editor, and a preview rendered by the server (POST /api/image-templates/{id}/render: saved first, the
 * rendering is a new image of the library).
 */
export default function ImageTemplateEditor() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const notices = useNotices();
  const { mutate: mutateAll } = useSWRConfig();
  const template = useSWR(isNew ? null : apiUrl('/api/image-templates/{id}', { id }), (url) => api.get(url), {
    revalidateOnFocus: false,
  });
  const fonts = useSWR('/api/fonts', (url: '/api/fonts') => api.get(url));
  const images = useSWR(apiUrl('/api/images', {}, { perPage: 100 }), (url) => api.get(url));
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<Image | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the editable copy is replaced when the record is (re)loaded
    if (template.data) setDraft(draftOf(template.data));
  }, [template.data]);
  useDocumentTitle(isNew ? M.newTitle : format(M.editTitle, { name: template.data?.identifier ?? '' }));

  const save = async (): Promise<ImageTemplate | null> => {
    setSaving(true);
    const action = isNew ? 'create' : 'update';
    try {
      const saved = isNew
        ? await api.post('/api/image-templates', draft)
        : await api.put(apiUrl('/api/image-templates/{id}', { id }), draft);
      setErrors({});
      notices.success(M.saved);
      void mutateAll((k) => typeof k === 'string' && k.startsWith('/api/image-templates'));
      if (isNew) navigate(`/media/image-templates/${saved.id}`, { replace: true });
      else void template.mutate(saved, { revalidate: false });
      return saved;
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
      notices.error(errorMessage(err, resourceFailure('image-templates', action)), () => save(), err);
      return null;
    } finally {
      setSaving(false);
    }
  };
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
  const [rendering, setRendering] = useState(false);
  const saveAndPreview = async () => {
    setRendering(true);
    try {
      const saved = await save();
      if (saved) await render(saved);
    } finally {
      setRendering(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `template-${name}-error` } : {};
  const fieldError = (name: string) =>
    errors[name] && (
      <p className="field-error" id={`template-${name}-error`}>
        {errors[name]}
      </p>
    );
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

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
      <p>
        <Link to="/media/image-templates">{M.backToList}</Link>
      </p>
      <h1>{isNew ? M.newTitle : format(M.editTitle, { name: template.data?.identifier ?? '' })}</h1>
      <form onSubmit={submit} noValidate className="template-form">
        <div className="field">
          <label htmlFor="template-identifier">{M.identifier} *</label>
          <input
            id="template-identifier"
            required
            value={draft.identifier}
            {...invalid('identifier')}
            onChange={(e) => set({ identifier: e.target.value })}
          />
          {fieldError('identifier')}
        </div>
        {(['width', 'height'] as const).map((side) => (
          <div className="field" key={side}>
            <label htmlFor={`template-${side}`}>{M[side]}</label>
            <input
              id={`template-${side}`}
              type="number"
              min={1}
              max={4000}
              value={draft[side]}
              {...invalid(side)}
              onChange={(e) => set({ [side]: Math.round(Number(e.target.value)) })}
            />
            {fieldError(side)}
          </div>
        ))}
        <div className="field">
          <label htmlFor="template-background">{M.background}</label>
          <input
            id="template-background"
            type="color"
            value={draft.background}
            {...invalid('background')}
            onChange={(e) => set({ background: e.target.value })}
          />
          {fieldError('background')}
        </div>
        {fonts.error && <LoadState noun="fonts" loaded={false} error={fonts.error} retry={() => fonts.mutate()} />}
        {images.error && <LoadState noun="images" loaded={false} error={images.error} retry={() => images.mutate()} />}
        <LayerEditor
          layers={draft.layers}
          onChange={(layers) => set({ layers })}
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
      {rendering && <p role="status">{M.previewWorking}</p>}
      {preview && (
        <figure className="template-preview">
          <figcaption>{M.previewTitle}</figcaption>
          <img
            src={imageUrl(preview)}
            alt={format(M.previewAlt, { name: draft.identifier })}
            width={preview.width}
            height={preview.height}
          />
        </figure>
      )}
    </section>
  );
}
