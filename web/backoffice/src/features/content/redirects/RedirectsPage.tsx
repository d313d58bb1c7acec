import { type Redirect, type RedirectInput, type Website } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../../api/client';
import { T } from '../../../texts';
import { LoadState, useDelete, WebsiteOptions } from '../list-tools';
import { Dialog } from '../../../ui/Dialog';
import { useNotices } from '../../../ui/notices';
import { Pager, type ListMeta } from '../../../ui/Pager';
import { ContentErrors, FieldError } from '../form/content-errors';
import { useDocumentTitle, useSaveFailure } from '../use-content-editor';

const R = contentBuilderTexts.redirects;
const W = contentBuilderTexts.sites.websites;
type Draft = Required<RedirectInput>;
const EMPTY: Draft = { website: 'presenter', source: '', target: '', status: 301 };

/**
 * #/redirects: the redirects of both websites (the content service adds one when a public site's path changes);
 * create, edit and delete, with the server's messages (a redirect that would loop, one into a chain, a path a site
 * has) at their fields, and the redirects a save shortened in its confirmation.
 */
export default function RedirectsPage() {
  const [params, setParams] = useSearchParams();
  const page = params.get('page') ?? '1';
  const searched = params.get('search') ?? '';
  const [search, setSearch] = useState(searched);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the search box follows the address (back and forward)
  useEffect(() => setSearch(searched), [searched]);
  const notices = useNotices();
  const { data, error, mutate } = useSWR(
    apiUrl('/api/redirects', {}, { page, perPage: 50, search: searched }),
    (url) => api.list(url),
    { keepPreviousData: true },
  );
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failed = useSaveFailure('redirects', setErrors);
  useDocumentTitle(R.title);

  const open = (id: number | null, draft: Draft) => {
    setErrors({});
    setEditing({ id, draft });
  };
  const save = async (): Promise<void> => {
    if (!editing) return;
    const action = editing.id === null ? 'create' : 'update';
    try {
      const saved =
        editing.id === null
          ? await api.post('/api/redirects', editing.draft)
          : await api.put(apiUrl('/api/redirects/{id}', { id: editing.id }), editing.draft);
      // the server names the redirects it made lead to the new target directly, so no chain remains
      notices.success(
        saved.shortened?.length
          ? format(R.savedShortened, { target: saved.target, sources: saved.shortened.join(', ') })
          : R.saved,
      );
      setEditing(null);
      void mutate();
    } catch (err) {
      failed(err, action, save);
    }
  };
  const deleting = useDelete<Redirect>('redirects', 'redirects', R.deleted, mutate);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  const set = (patch: Partial<Draft>) => setEditing((ed) => (ed ? { ...ed, draft: { ...ed.draft, ...patch } } : ed));
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `redirect-${name}-error` } : {};

  return (
    <section>
      <div className="page-header">
        <h1>{R.title}</h1>
        <button type="button" className="primary" onClick={() => open(null, EMPTY)}>
          {R.create}
        </button>
      </div>
      <form
        role="search"
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(search.trim() ? { search: search.trim() } : {});
        }}
      >
        <label htmlFor="redirects-search">{T.list.search}</label>{' '}
        <input id="redirects-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />{' '}
        <button type="submit">{T.list.search}</button>
      </form>
      <LoadState noun="redirects" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{R.source}</th>
                <th scope="col">{R.target}</th>
                <th scope="col">{R.status}</th>
                <th scope="col">{R.website}</th>
                <th scope="col">{T.list.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((r) => (
                <tr key={r.id}>
                  <td data-label={R.source}>
                    <code>{r.source}</code>
                  </td>
                  <td data-label={R.target}>
                    <code>{r.target}</code>
                  </td>
                  <td data-label={R.status}>{R.statuses[r.status]}</td>
                  <td data-label={R.website}>{W[r.website]}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      aria-label={`${R.edit}: ${r.source}`}
                      onClick={() =>
                        open(r.id, { website: r.website, source: r.source, target: r.target, status: r.status })
                      }
                    >
                      {R.edit}
                    </button>
                    {deleting.button(r, r.source)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.data.length === 0 && <p>{R.empty}</p>}
          <Pager
            meta={data.meta as ListMeta | undefined}
            onPage={(p) =>
              setParams((prev) => {
                const n = new URLSearchParams(prev);
                n.set('page', String(p));
                return n;
              })
            }
          />
        </>
      )}
      {editing && (
        <Dialog title={editing.id === null ? R.newTitle : R.editTitle} onClose={() => setEditing(null)}>
          <ContentErrors.Provider value={errors}>
            <form onSubmit={onSubmit} noValidate>
              <div className="field">
                <label htmlFor="redirect-website">{R.website}</label>
                <select
                  id="redirect-website"
                  value={editing.draft.website}
                  onChange={(e) => set({ website: e.target.value as Website })}
                >
                  <WebsiteOptions />
                </select>
              </div>
              <div className="field">
                <label htmlFor="redirect-source">{R.source} *</label>
                <input
                  id="redirect-source"
                  required
                  value={editing.draft.source}
                  {...invalid('source')}
                  onChange={(e) => set({ source: e.target.value })}
                />
                <FieldError id="redirect-source" path="source" />
              </div>
              <div className="field">
                <label htmlFor="redirect-target">{R.target} *</label>
                <input
                  id="redirect-target"
                  required
                  value={editing.draft.target}
                  {...invalid('target')}
                  onChange={(e) => set({ target: e.target.value })}
                />
                <FieldError id="redirect-target" path="target" />
              </div>
              <div className="field">
                <label htmlFor="redirect-status">{R.status}</label>
                <select
                  id="redirect-status"
                  value={editing.draft.status}
                  onChange={(e) => set({ status: Number(e.target.value) as 301 | 302 })}
                >
                  <option value={301}>{R.statuses[301]}</option>
                  <option value={302}>{R.statuses[302]}</option>
                </select>
              </div>
              <div className="form-actions">
                <button type="submit" className="primary">
                  {R.save}
                </button>
                <button type="button" onClick={() => setEditing(null)}>
                  {R.cancel}
                </button>
              </div>
            </form>
          </ContentErrors.Provider>
        </Dialog>
      )}
      {deleting.dialog((r) => format(R.deleteQuestion, { name: r.source }))}
    </section>
  );
}
