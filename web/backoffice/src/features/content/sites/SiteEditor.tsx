import { SITE_LAYOUTS, WEBSITES, type Site, type SiteInput, type SiteLayout, type Website } from '@shop/contracts';
import { validateContent } from '@shop/domain';
import { contentBuilderTexts, format, resourceFailure } from '@shop/i18n-de';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError, apiUrl, errorMessage } from '../../../api/client';
import { T } from '../../../texts';
import { LoadError, useNotices } from '../../../ui/notices';
import { ContentErrors, FieldError } from '../form/content-errors';
import { ContentFields } from '../form/ContentFields';
import { defaultsOf, type ContentValue } from '../form/content-values';
import { previewUrl } from './preview';
import '../content.css';

const S = contentBuilderTexts.sites;
type Draft = Required<Pick<SiteInput, 'website' | 'path' | 'name' | 'layout' | 'isPublic'>> & { content: ContentValue };

const LAYOUTS = Object.entries(SITE_LAYOUTS) as Array<[SiteLayout, (typeof SITE_LAYOUTS)[SiteLayout]]>;
const newDraft = (layout: SiteLayout = 'subpage'): Draft => ({
  website: 'presenter',
  path: '/',
  name: '',
  layout,
  isPublic: false,
  content: defaultsOf(SITE_LAYOUTS[layout].fields),
});
const draftOf = (site: Site): Draft => ({
  website: site.website,
  path: site.path,
  name: site.name,
  layout: site.layout,
  isPublic: site.isPublic,
  content: site.content,
});

/**
 * #/sites/new and #/sites/:id: a site's website, name, path, layout and draft/public state, and its content in the
 * form generated from its layout. The content is checked in the browser with the rules the server applies
 * (libs/domain validateContent) before it is sent; the server's errors (references, unique path) appear at their
 * fields too.
 */
export default function SiteEditor() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const notices = useNotices();
  const { mutate: mutateAll } = useSWRConfig();
  const {
    data: loaded,
    error: loadError,
    mutate,
  } = useSWR(isNew ? null : apiUrl('/api/sites/{id}', { id }), (url) => api.get(url), { revalidateOnFocus: false });
  const [draft, setDraft] = useState<Draft>(() => newDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [generating, setGenerating] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the editable copy is replaced when the site is (re)loaded
    if (loaded) setDraft(draftOf(loaded));
  }, [loaded]);
  const title = isNew ? S.newTitle : format(S.editTitle, { name: loaded?.name ?? '' });
  useEffect(() => {
    document.title = `${title} – ${T.app.title}`;
  }, [title]);

  if (loadError)
    return <LoadError message={resourceFailure('sites', 'load')} retry={() => mutate()} error={loadError} />;
  if (!isNew && !loaded) return <p role="status">{T.app.loading}</p>;

  const layout = SITE_LAYOUTS[draft.layout];
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const moved = loaded?.isPublic && loaded.website === draft.website && loaded.path !== draft.path.trim();

  const save = async (): Promise<void> => {
    const check = validateContent(layout.fields, draft.content, (html) => html, 'content');
    if (check.errors.length) {
      setErrors(Object.fromEntries(check.errors.map((e) => [e.field ?? '', e.message])));
      setSummary(check.errors.map((e) => e.message));
      return;
    }
    setSaving(true);
    const action = isNew ? 'create' : 'update';
    const body: SiteInput = { ...draft, path: draft.path.trim(), type: layout.type };
    try {
      const saved = isNew ? await api.post('/api/sites', body) : await api.put(apiUrl('/api/sites/{id}', { id }), body);
      setErrors({});
      setSummary([]);
      notices.success(S.saved);
      void mutateAll((k) => typeof k === 'string' && k.startsWith('/api/sites'));
      if (isNew) navigate(`/sites/${saved.id}`, { replace: true });
      else void mutate(saved, { revalidate: false });
    } catch (err) {
      const fallback = resourceFailure('sites', action);
      if (err instanceof ApiError) {
        setErrors(err.fieldErrors());
        setSummary(err.errors.map((e) => e.message));
      }
      notices.error(err instanceof ApiError ? err.messageOr(fallback) : fallback, () => save(), err);
    } finally {
      setSaving(false);
    }
  };
  // 'Mit KI erstellen': the draft replaces the form's content for review; nothing is saved until the editor saves
  const generate = async (): Promise<void> => {
    setGenerating(true);
    try {
      const { content } = await api.post(apiUrl('/api/content-ai/generate/site/{id}', { id }), { prompt });
      setDraft((d) => ({ ...d, content }));
      notices.success(S.aiDraft);
    } catch (err) {
      notices.error(errorMessage(err, S.aiFailed), () => generate(), err);
    } finally {
      setGenerating(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `site-${name}-error` } : {};

  return (
    <section className="content-site-editor">
      <p>
        <Link to="/sites">{S.backToList}</Link>
      </p>
      <div className="page-header">
        <h1>{title}</h1>
        {!isNew && loaded && (
          <a className="button" href={previewUrl(loaded)} target="_blank" rel="noreferrer">
            {S.preview}
            <span className="sr-only"> ({S.previewHint})</span>
          </a>
        )}
      </div>
      {summary.length > 0 && (
        <div className="form-error" role="alert">
          <h2>{S.errorsTitle}</h2>
          <ul>
            {summary.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        </div>
      )}
      {!isNew && (
        <div className="ai-draft">
          <label htmlFor="site-ai-prompt">{S.aiPrompt}</label>{' '}
          <input id="site-ai-prompt" value={prompt} onChange={(e) => setPrompt(e.target.value)} />{' '}
          <button type="button" onClick={() => void generate()} disabled={generating}>
            {S.aiButton}
          </button>
          {generating && <span role="status"> {S.aiWorking}</span>}
        </div>
      )}
      <ContentErrors.Provider value={errors}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset className="group site-settings">
            <legend>{S.title}</legend>
            <div className="field">
              <label htmlFor="site-layout">{S.layout}</label>
              <select
                id="site-layout"
                value={draft.layout}
                disabled={!isNew}
                {...invalid('layout')}
                onChange={(e) => {
                  const next = e.target.value as SiteLayout;
                  setDraft((d) => ({ ...d, layout: next, content: defaultsOf(SITE_LAYOUTS[next].fields) }));
                }}
              >
                {LAYOUTS.map(([key, l]) => (
                  <option key={key} value={key}>
                    {l.label}
                  </option>
                ))}
              </select>
              <FieldError id="site-layout" path="layout" />
            </div>
            <div className="field">
              <label htmlFor="site-website">{S.website}</label>
              <select
                id="site-website"
                value={draft.website}
                {...invalid('website')}
                onChange={(e) => set('website', e.target.value as Website)}
              >
                {WEBSITES.map((w) => (
                  <option key={w} value={w}>
                    {S.websites[w]}
                  </option>
                ))}
              </select>
              <FieldError id="site-website" path="website" />
            </div>
            <div className="field">
              <label htmlFor="site-name">{S.name} *</label>
              <input
                id="site-name"
                required
                value={draft.name}
                {...invalid('name')}
                onChange={(e) => set('name', e.target.value)}
              />
              <FieldError id="site-name" path="name" />
            </div>
            <div className="field">
              <label htmlFor="site-path">{S.path} *</label>
              <input
                id="site-path"
                required
                value={draft.path}
                {...invalid('path')}
                onChange={(e) => set('path', e.target.value)}
              />
              <FieldError id="site-path" path="path" />
              {moved && (
                <p className="notice-inline" role="status">
                  {format(S.redirectNotice, { from: loaded.path, to: draft.path.trim() })}
                </p>
              )}
            </div>
            <div className="field field-boolean">
              <label>
                <input type="checkbox" checked={draft.isPublic} onChange={(e) => set('isPublic', e.target.checked)} />{' '}
                {S.isPublic}
              </label>
            </div>
          </fieldset>
          <fieldset className="group site-content">
            <legend>{S.content}</legend>
            <ContentFields
              fields={layout.fields}
              value={draft.content}
              path="content"
              onChange={(content) => set('content', content)}
            />
          </fieldset>
          <div className="form-actions sticky">
            <button type="submit" className="primary" disabled={saving}>
              {saving ? S.saving : S.save}
            </button>
            <Link className="button" to="/sites">
              {T.orders.abort}
            </Link>
          </div>
        </form>
      </ContentErrors.Provider>
    </section>
  );
}
