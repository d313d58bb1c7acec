import { SITE_LAYOUTS, SiteInput, type Site, type SiteLayout } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useState } from 'react';
import { api, apiUrl, errorMessage } from '../../../api/client';
import { useNotices } from '../../../ui/notices';
import { ContentErrors } from '../form/content-errors';
import { ContentFields } from '../form/ContentFields';
import { defaultsOf, type ContentValue } from '../form/content-values';
import { EditorActions, EditorCheckbox, EditorField, ErrorSummary, useInvalid } from '../form/editor-parts';
import { useContentEditor, useEditorTitle, type EditorForm } from '../use-content-editor';
import { AI_UNAVAILABLE_NOTE, AiUnavailableNote, useAiConfigured } from '../../content-ai/use-ai-status';
import { useAiGeneration } from '../../content-ai/use-ai-generation';
import { PreviewLink, usePresenterHost } from './preview';
import '../content.css';
import { WebsiteOptions } from '../list-tools';
import { BackLink } from '../../../ui/BackLink';

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
const bodyOf = (draft: Draft): SiteInput => ({
  ...draft,
  path: draft.path.trim(),
  type: SITE_LAYOUTS[draft.layout].type,
});

/**
 * #/sites/new and #/sites/:id: a site's website, name, path, layout and draft/public state, and its content in the
 * form generated from its layout, on react-hook-form with the contract's SiteInput (useContentEditor). The content
 * is checked in the browser with the rules the server applies (libs/domain validateContent) before it is sent; the
 * server's errors (references, unique path) appear at their fields too.
 */
export default function SiteEditor() {
  const [summary, setSummary] = useState<string[]>([]);
  const presenterHost = usePresenterHost();
  const { id, isNew, loaded, pending, form, draft, setValue, errors, saving, onSubmit } = useContentEditor(
    'sites',
    SiteInput,
    {
      initial: newDraft,
      draftOf,
      savedText: S.saved,
      bodyOf,
      check: (d, contentErrors) => {
        const invalid = contentErrors(SITE_LAYOUTS[d.layout].fields, d.content);
        if (invalid.length) setSummary(invalid);
        return invalid;
      },
      onSaved: () => setSummary([]),
      onApiError: (err) => setSummary(err.errors.map((e) => e.message)),
    },
  );
  const title = useEditorTitle(isNew, S, loaded?.name);

  if (pending) return pending;

  return (
    <section className="content-site-editor">
      <BackLink to="/sites">{S.backToList}</BackLink>
      <div className="page-header">
        <h1>{title}</h1>
        {!isNew && loaded && (
          <PreviewLink className="button" site={loaded} presenterHost={presenterHost}>
            {S.preview}
            <span className="sr-only"> ({S.previewHint})</span>
          </PreviewLink>
        )}
      </div>
      <ErrorSummary title={S.errorsTitle} messages={summary} />
      {!isNew && (
        <AiDraft
          site={id}
          // a generated page keeps the website's identity of the form (issue 43: the AI writes the page, not who speaks)
          onDraft={(content) =>
            content &&
            setValue(
              'content',
              draft.content.identity === undefined ? content : { ...content, identity: draft.content.identity },
            )
          }
        />
      )}
      <ContentErrors.Provider value={errors}>
        <form onSubmit={onSubmit} noValidate>
          <SiteSettings form={form} isNew={isNew} loaded={loaded} />
          <fieldset className="group site-content">
            <legend>{S.content}</legend>
            <ContentFields
              fields={SITE_LAYOUTS[draft.layout].fields}
              value={draft.content}
              path="content"
              onChange={(content) => setValue('content', content)}
            />
          </fieldset>
          <EditorActions saving={saving} back="/sites" />
        </form>
      </ContentErrors.Provider>
    </section>
  );
}

/** A site's layout (fixed once created), website, name, path (with the redirect a move makes) and public state. */
function SiteSettings({ form, isNew, loaded }: { form: EditorForm<Draft>; isNew: boolean; loaded?: Site }) {
  const invalid = useInvalid();
  const [website, path] = form.watch(['website', 'path']);
  const moved = loaded?.isPublic && loaded.website === website && loaded.path !== path.trim();
  return (
    <fieldset className="group site-settings">
      <legend>{S.title}</legend>
      <EditorField id="site-layout" path="layout" label={S.layout}>
        <select
          id="site-layout"
          disabled={!isNew}
          {...invalid('site-layout', 'layout')}
          {...form.register('layout', {
            // another layout starts from its own fields' defaults
            onChange: (e: { target: { value: SiteLayout } }) =>
              form.setValue('content', defaultsOf(SITE_LAYOUTS[e.target.value].fields)),
          })}
        >
          {LAYOUTS.map(([key, l]) => (
            <option key={key} value={key}>
              {l.label}
            </option>
          ))}
        </select>
      </EditorField>
      <EditorField id="site-website" path="website" label={S.website}>
        <select id="site-website" {...invalid('site-website', 'website')} {...form.register('website')}>
          <WebsiteOptions />
        </select>
      </EditorField>
      <EditorField id="site-name" path="name" label={`${S.name} *`}>
        <input id="site-name" required {...invalid('site-name', 'name')} {...form.register('name')} />
      </EditorField>
      <EditorField id="site-path" path="path" label={`${S.path} *`}>
        <input id="site-path" required {...invalid('site-path', 'path')} {...form.register('path')} />
        {moved && (
          <p className="notice-inline" role="status">
            {format(S.redirectNotice, { from: loaded.path, to: path.trim() })}
          </p>
        )}
      </EditorField>
      <EditorCheckbox label={S.isPublic} {...form.register('isPublic')} />
    </fieldset>
  );
}

/**
 * 'Mit KI erstellen': the draft (a generation polled until done) replaces the form's content for review; nothing
 * is saved until the editor saves.
 */
function AiDraft({ site, onDraft }: { site: string; onDraft: (content: ContentValue | null) => void }) {
  const notices = useNotices();
  const generation = useAiGeneration();
  const [prompt, setPrompt] = useState('');
  const [generating, setGenerating] = useState(false);
  // no AI endpoint configured: the button is disabled and the note says why
  const unavailable = useAiConfigured() === false;
  const generate = async (): Promise<void> => {
    setGenerating(true);
    try {
      const { content } = await generation(() =>
        api.post(apiUrl('/api/content-ai/generate/site/{id}', { id: site }), { prompt }),
      );
      onDraft(content);
      notices.success(S.aiDraft);
    } catch (err) {
      notices.error(errorMessage(err, S.aiFailed), () => generate(), err);
    } finally {
      setGenerating(false);
    }
  };
  return (
    <div className="ai-draft">
      <label htmlFor="site-ai-prompt">{S.aiPrompt}</label>{' '}
      <input id="site-ai-prompt" value={prompt} onChange={(e) => setPrompt(e.target.value)} />{' '}
      <button
        type="button"
        onClick={() => void generate()}
        disabled={generating || unavailable}
        aria-describedby={unavailable ? AI_UNAVAILABLE_NOTE : undefined}
      >
        {S.aiButton}
      </button>
      {generating && <span role="status"> {S.aiWorking}</span>}
      {unavailable && <AiUnavailableNote />}
    </div>
  );
}
