import { SITE_LAYOUTS, type Site, type SiteInput, type SiteLayout, type Website } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api, apiUrl, errorMessage } from '../../../api/client';
import { T } from '../../../texts';
import { useNotices } from '../../../ui/notices';
import { ContentErrors, FieldError } from '../form/content-errors';
import { ContentFields } from '../form/ContentFields';
import { defaultsOf, type ContentValue } from '../form/content-values';
import { useContentEditor, useDocumentTitle } from '../use-content-editor';
import { useAiGeneration } from '../../content-ai/use-ai-generation';
import { PreviewLink, usePresenterHost } from './preview';
import '../content.css';
import { WebsiteOptions } from '../list-tools';

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
  const notices = useNotices();
  const { id, isNew, loaded, pending, draft, setDraft, errors, saving, invalidContent, send, submitWith } =
    useContentEditor('sites', { initial: () => newDraft(), draftOf, savedText: S.saved });
  const [summary, setSummary] = useState<string[]>([]);
  const [prompt, setPrompt] = useState('');
  const [generating, setGenerating] = useState(false);
  const generation = useAiGeneration();
  const presenterHost = usePresenterHost();
  const title = isNew ? S.newTitle : format(S.editTitle, { name: loaded?.name ?? '' });
  useDocumentTitle(title);

  if (pending) return pending;

  const layout = SITE_LAYOUTS[draft.layout];
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const moved = loaded?.isPublic && loaded.website === draft.website && loaded.path !== draft.path.trim();

  const save = async (): Promise<void> => {
    const invalid = invalidContent(layout.fields, draft.content);
    if (invalid.length) {
      setSummary(invalid);
      return;
    }
    const body: SiteInput = { ...draft, path: draft.path.trim(), type: layout.type };
    if (await send(body, save, (err) => setSummary(err.errors.map((e) => e.message)))) setSummary([]);
  };
  // 'Mit KI erstellen': the draft (a generation polled until done) replaces the form's content for review; nothing
  // is saved until the editor saves
  const generate = async (): Promise<void> => {
    setGenerating(true);
    try {
      const { content } = await generation(() =>
        api.post(apiUrl('/api/content-ai/generate/site/{id}', { id }), { prompt }),
      );
      setDraft((d) => ({ ...d, content: content ?? d.content }));
      notices.success(S.aiDraft);
    } catch (err) {
      notices.error(errorMessage(err, S.aiFailed), () => generate(), err);
    } finally {
      setGenerating(false);
    }
  };
  const onSubmit = submitWith(save);
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
          <PreviewLink className="button" site={loaded} presenterHost={presenterHost}>
            {S.preview}
            <span className="sr-only"> ({S.previewHint})</span>
          </PreviewLink>
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
                <WebsiteOptions />
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
