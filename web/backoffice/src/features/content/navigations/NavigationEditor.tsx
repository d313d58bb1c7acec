import { NavigationInput, type Navigation, type NavigationItem, type Website } from '@shop/contracts';
import { contentBuilderTexts } from '@shop/i18n-de';
import useSWR from 'swr';
import { api, apiUrl } from '../../../api/client';
import { useBranches } from '../../../api/use-branches';
import { ContentErrors, FieldError } from '../form/content-errors';
import { EditorActions, EditorField, useInvalid } from '../form/editor-parts';
import { useContentEditor, useEditorTitle, type EditorForm } from '../use-content-editor';
import { NavigationTree } from './NavigationTree';
import '../content.css';
import { WebsiteOptions } from '../list-tools';
import { BackLink } from '../../../ui/BackLink';

const N = contentBuilderTexts.navigations;
interface Draft {
  website: Website;
  identifier: string;
  items: NavigationItem[];
}
const newDraft = (): Draft => ({ website: 'presenter', identifier: 'main-navigation', items: [] });
const draftOf = (loaded: Navigation): Draft => ({
  website: loaded.website,
  identifier: loaded.identifier,
  items: loaded.items,
});

/**
 * #/navigations/new and #/navigations/:id: a navigation's identifier, website and its item tree, on react-hook-form
 * with the contract's NavigationInput (useContentEditor).
 */
export default function NavigationEditor() {
  const { isNew, loaded, pending, form, draft, setValue, errors, saving, onSubmit } = useContentEditor(
    'navigations',
    NavigationInput,
    { initial: newDraft, draftOf, savedText: N.saved },
  );
  const { data: sites } = useSWR(apiUrl('/api/sites', {}, { website: draft.website, perPage: 500 }), (url) =>
    api.get(url),
  );
  const { data: branches } = useBranches();
  const title = useEditorTitle(isNew, N, loaded?.identifier);

  if (pending) return pending;

  return (
    <section className="content-navigation-editor">
      <BackLink to="/navigations">{N.backToList}</BackLink>
      <h1>{title}</h1>
      <ContentErrors.Provider value={errors}>
        <form onSubmit={onSubmit} noValidate>
          <NavigationSettings form={form} />
          <fieldset className="group">
            <legend>{N.items}</legend>
            <FieldError id="nav-items" path="items" />
            <NavigationTree
              items={draft.items}
              onChange={(items) => setValue('items', items)}
              sites={sites ?? []}
              branches={branches ?? []}
            />
          </fieldset>
          <EditorActions saving={saving} back="/navigations" />
        </form>
      </ContentErrors.Provider>
    </section>
  );
}

/** The navigation's identifier and website. */
function NavigationSettings({ form }: { form: EditorForm<Draft> }) {
  const invalid = useInvalid();
  return (
    <fieldset className="group">
      <legend>{N.title}</legend>
      <EditorField id="nav-identifier" path="identifier" label={`${N.identifier} *`}>
        <input
          id="nav-identifier"
          required
          {...invalid('nav-identifier', 'identifier')}
          {...form.register('identifier')}
        />
      </EditorField>
      <EditorField id="nav-website" label={N.website}>
        <select id="nav-website" {...form.register('website')}>
          <WebsiteOptions />
        </select>
      </EditorField>
    </fieldset>
  );
}
