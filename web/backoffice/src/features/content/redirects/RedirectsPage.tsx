import { RedirectInput, type Redirect } from '@shop/contracts';
import { contentBuilderTexts, format, resourceFailure } from '@shop/i18n-de';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl, errorMessage } from '../../../api/client';
import { T } from '../../../texts';
import { LoadState, useDelete, WebsiteOptions } from '../list-tools';
import { Dialog } from '../../../ui/Dialog';
import { useContractForm } from '../../../ui/contract-form';
import { useNotices } from '../../../ui/notices';
import { SearchForm } from '../../../ui/list-filters';
import { Pager, type ListMeta } from '../../../ui/Pager';
import { ContentErrors, FieldError } from '../form/content-errors';
import { useDocumentTitle } from '../use-content-editor';

const R = contentBuilderTexts.redirects;
const W = contentBuilderTexts.sites.websites;
type Draft = Required<RedirectInput>;
const EMPTY: Draft = { website: 'presenter', source: '', target: '', status: 301 };

/**
 * #/redirects: the redirects of both websites (the content service adds one when a public site's path changes);
 * create, edit and delete, with the server's messages (a redirect that would loop, one into a chain, a path a site
 * has) at their fields, and the redirects a save shortened in its confirmation. The dialog's form is checked with
 * the contract's RedirectInput (useContractForm).
 */
export default function RedirectsPage() {
  const [params, setParams] = useSearchParams();
  const page = params.get('page') ?? '1';
  const searched = params.get('search') ?? '';
  const notices = useNotices();
  const { data, error, mutate } = useSWR(
    apiUrl('/api/redirects', {}, { page, perPage: 50, search: searched }),
    (url) => api.list(url),
    { keepPreviousData: true },
  );
  /** the redirect in the dialog: null for a new one; undefined while the dialog is closed */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const { form, errors, onSubmit } = useContractForm(RedirectInput, {
    defaultValues: EMPTY,
    send: async (draft) => {
      const saved =
        editing === null || editing === undefined
          ? await api.post('/api/redirects', draft)
          : await api.put(apiUrl('/api/redirects/{id}', { id: editing }), draft);
      // the server names the redirects it made lead to the new target directly, so no chain remains
      notices.success(
        saved.shortened?.length
          ? format(R.savedShortened, { target: saved.target, sources: saved.shortened.join(', ') })
          : R.saved,
      );
      setEditing(undefined);
      void mutate();
    },
    failed: (err, retry) =>
      notices.error(errorMessage(err, resourceFailure('redirects', editing ? 'update' : 'create')), retry, err),
  });
  useDocumentTitle(R.title);

  const open = (id: number | null, draft: Draft) => {
    form.reset(draft);
    setEditing(id);
  };
  const deleting = useDelete<Redirect>('redirects', 'redirects', R.deleted, mutate);
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
      <SearchForm id="redirects-search" label={T.list.search} className="filters" />
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
      {editing !== undefined && (
        <Dialog title={editing === null ? R.newTitle : R.editTitle} onClose={() => setEditing(undefined)}>
          <ContentErrors.Provider value={errors}>
            <form onSubmit={(e) => void onSubmit(e)} noValidate>
              <div className="field">
                <label htmlFor="redirect-website">{R.website}</label>
                <select id="redirect-website" {...form.register('website')}>
                  <WebsiteOptions />
                </select>
              </div>
              <div className="field">
                <label htmlFor="redirect-source">{R.source} *</label>
                <input id="redirect-source" required {...invalid('source')} {...form.register('source')} />
                <FieldError id="redirect-source" path="source" />
              </div>
              <div className="field">
                <label htmlFor="redirect-target">{R.target} *</label>
                <input id="redirect-target" required {...invalid('target')} {...form.register('target')} />
                <FieldError id="redirect-target" path="target" />
              </div>
              <div className="field">
                <label htmlFor="redirect-status">{R.status}</label>
                <select id="redirect-status" {...form.register('status', { valueAsNumber: true })}>
                  <option value={301}>{R.statuses[301]}</option>
                  <option value={302}>{R.statuses[302]}</option>
                </select>
              </div>
              <div className="form-actions">
                <button type="submit" className="primary">
                  {R.save}
                </button>
                <button type="button" onClick={() => setEditing(undefined)}>
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
