import { WEBSITES, type Navigation, type NavigationInput, type NavigationItem, type Website } from '@shop/contracts';
import { contentBuilderTexts, format, resourceFailure } from '@shop/i18n-de';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError, apiUrl } from '../../../api/client';
import { useBranches } from '../../../api/use-branches';
import { T } from '../../../texts';
import { LoadError, useNotices } from '../../../ui/notices';
import { ContentErrors, FieldError } from '../form/content-errors';
import { NavigationTree } from './NavigationTree';
import '../content.css';

const N = contentBuilderTexts.navigations;
const W = contentBuilderTexts.sites.websites;
interface Draft {
  website: Website;
  identifier: string;
  items: NavigationItem[];
}

/** #/navigations/new and #/navigations/:id: a navigation's identifier, website and its item tree. */
export default function NavigationEditor() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const notices = useNotices();
  const { mutate: mutateAll } = useSWRConfig();
  const {
    data: loaded,
    error: loadError,
    mutate,
  } = useSWR(isNew ? null : apiUrl('/api/navigations/{id}', { id }), (url) => api.get(url), {
    revalidateOnFocus: false,
  });
  const [draft, setDraft] = useState<Draft>({ website: 'presenter', identifier: 'main-navigation', items: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { data: sites } = useSWR(apiUrl('/api/sites', {}, { website: draft.website, perPage: 500 }), (url) =>
    api.get(url),
  );
  const { data: branches } = useBranches();
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the editable copy is replaced when the navigation is (re)loaded
    if (loaded) setDraft({ website: loaded.website, identifier: loaded.identifier, items: loaded.items });
  }, [loaded]);
  const title = isNew ? N.newTitle : format(N.editTitle, { name: loaded?.identifier ?? '' });
  useEffect(() => {
    document.title = `${title} – ${T.app.title}`;
  }, [title]);

  if (loadError)
    return <LoadError message={resourceFailure('navigations', 'load')} retry={() => mutate()} error={loadError} />;
  if (!isNew && !loaded) return <p role="status">{T.app.loading}</p>;

  const save = async (): Promise<void> => {
    setSaving(true);
    const action = isNew ? 'create' : 'update';
    const body: NavigationInput = draft;
    try {
      const saved: Navigation = isNew
        ? await api.post('/api/navigations', body)
        : await api.put(apiUrl('/api/navigations/{id}', { id }), body);
      setErrors({});
      notices.success(N.saved);
      void mutateAll((k) => typeof k === 'string' && k.startsWith('/api/navigations'));
      if (isNew) navigate(`/navigations/${saved.id}`, { replace: true });
      else void mutate(saved, { revalidate: false });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
      const fallback = resourceFailure('navigations', action);
      notices.error(err instanceof ApiError ? err.messageOr(fallback) : fallback, () => save(), err);
    } finally {
      setSaving(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

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
                {WEBSITES.map((w) => (
                  <option key={w} value={w}>
                    {W[w]}
                  </option>
                ))}
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
