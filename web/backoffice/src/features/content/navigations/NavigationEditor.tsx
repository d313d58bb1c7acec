import { type Navigation, type NavigationItem, type Website } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../../api/client';
import { useBranches } from '../../../api/use-branches';
import { T } from '../../../texts';
import { ContentErrors, FieldError } from '../form/content-errors';
import { useContentEditor, useDocumentTitle } from '../use-content-editor';
import { NavigationTree } from './NavigationTree';
import '../content.css';
import { WebsiteOptions } from '../list-tools';

const N = contentBuilderTexts.navigations;
interface Draft {
  website: Website;
  identifier: string;
  items: NavigationItem[];
}
const draftOf = (loaded: Navigation): Draft => ({
  website: loaded.website,
  identifier: loaded.identifier,
  items: loaded.items,
});

/** #/navigations/new and #/navigations/:id: a navigation's identifier, website and its item tree. */
export default function NavigationEditor() {
  const { isNew, loaded, pending, draft, setDraft, errors, saving, send, submitWith } = useContentEditor(
    'navigations',
    {
      initial: (): Draft => ({ website: 'presenter', identifier: 'main-navigation', items: [] }),
      draftOf,
      savedText: N.saved,
    },
  );
  const { data: sites } = useSWR(apiUrl('/api/sites', {}, { website: draft.website, perPage: 500 }), (url) =>
    api.get(url),
  );
  const { data: branches } = useBranches();
  const title = isNew ? N.newTitle : format(N.editTitle, { name: loaded?.identifier ?? '' });
  useDocumentTitle(title);

  if (pending) return pending;

  const save = async (): Promise<void> => {
    await send(draft, save);
  };
  const onSubmit = submitWith(save);

  return (
    <section className="content-navigation-editor">
      <p>
        <Link to="/navigations">{N.backToList}</Link>
      </p>
      <h1>{title}</h1>
      <ContentErrors.Provider value={errors}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset className="group">
            <legend>{N.title}</legend>
            <div className="field">
              <label htmlFor="nav-identifier">{N.identifier} *</label>
              <input
                id="nav-identifier"
                required
                value={draft.identifier}
                aria-invalid={errors.identifier ? true : undefined}
                aria-describedby={errors.identifier ? 'nav-identifier-error' : undefined}
                onChange={(e) => setDraft((d) => ({ ...d, identifier: e.target.value }))}
              />
              <FieldError id="nav-identifier" path="identifier" />
            </div>
            <div className="field">
              <label htmlFor="nav-website">{N.website}</label>
              <select
                id="nav-website"
                value={draft.website}
                onChange={(e) => setDraft((d) => ({ ...d, website: e.target.value as Website }))}
              >
                <WebsiteOptions />
              </select>
            </div>
          </fieldset>
          <fieldset className="group">
            <legend>{N.items}</legend>
            <FieldError id="nav-items" path="items" />
            <NavigationTree
              items={draft.items}
              onChange={(items) => setDraft((d) => ({ ...d, items }))}
              sites={sites ?? []}
              branches={branches ?? []}
            />
          </fieldset>
          <div className="form-actions sticky">
            <button type="submit" className="primary" disabled={saving}>
              {saving ? contentBuilderTexts.sites.saving : contentBuilderTexts.sites.save}
            </button>
            <Link className="button" to="/navigations">
              {T.orders.abort}
            </Link>
          </div>
        </form>
      </ContentErrors.Provider>
    </section>
  );
}
