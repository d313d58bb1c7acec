import { RedirectInput, type Redirect } from '@shop/contracts';
import { contentBuilderTexts, format, resourceFailure } from '@shop/i18n-de';
import { useState, type FormEvent } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { api, apiUrl, errorMessage } from '../../../api/client';
import { T } from '../../../texts';
import { PagedList, type Column } from '../../../ui/DataTable';
import { usePagedList } from '../../../ui/resource-state';
import { useListParams, WebsiteOptions } from '../list-tools';
import { Dialog } from '../../../ui/Dialog';
import { useContractForm } from '../../../ui/contract-form';
import { useNotices } from '../../../ui/notices';
import { SearchForm } from '../../../ui/list-filters';
import { ContentErrors } from '../form/content-errors';
import { EditorField, useInvalid } from '../form/editor-parts';
import { useDocumentTitle } from '../use-content-editor';
import { useContentReadOnly } from '../content-permission';

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
  const { params, page } = useListParams();
  const redirects = usePagedList('redirects', { page, perPage: 50, search: params.get('search') ?? '' }, R.deleted);
  const dialog = useRedirectForm(() => void redirects.mutate());
  useDocumentTitle(R.title);
  // issue 42: staff without the content permission read only
  const readOnly = useContentReadOnly();
  const columns: Column<Redirect>[] = [
    { label: R.source, cell: (r) => <code>{r.source}</code> },
    { label: R.target, cell: (r) => <code>{r.target}</code> },
    { label: R.status, cell: (r) => R.statuses[r.status] },
    { label: R.website, cell: (r) => W[r.website] },
    {
      label: T.list.actions,
      actions: true,
      cell: (r) => (
        <>
          {!readOnly && (
            <button
              type="button"
              aria-label={`${R.edit}: ${r.source}`}
              onClick={() =>
                dialog.open(r.id, { website: r.website, source: r.source, target: r.target, status: r.status })
              }
            >
              {R.edit}
            </button>
          )}
          {!readOnly && redirects.deleting.button(r, r.source)}
        </>
      ),
    },
  ];

  return (
    <section>
      <div className="page-header">
        <h1>{R.title}</h1>
        {readOnly ? (
          <p className="hint" role="note">
            {contentBuilderTexts.readOnly}
          </p>
        ) : (
          <button type="button" className="primary" onClick={() => dialog.open(null, EMPTY)}>
            {R.create}
          </button>
        )}
      </div>
      <SearchForm id="redirects-search" label={T.list.search} className="filters" />
      <PagedList list={redirects} columns={columns} empty={R.empty} />
      {dialog.editing !== undefined && (
        <Dialog title={dialog.editing === null ? R.newTitle : R.editTitle} onClose={dialog.close}>
          <ContentErrors.Provider value={dialog.errors}>
            <RedirectFields
              register={dialog.register}
              onSubmit={(e) => void dialog.onSubmit(e)}
              onClose={dialog.close}
            />
          </ContentErrors.Provider>
        </Dialog>
      )}
      {redirects.deleting.dialog((r) => format(R.deleteQuestion, { name: r.source }))}
    </section>
  );
}

/**
 * The redirect dialog's form, checked with the contract's RedirectInput: `open` fills it (null: a new redirect),
 * a send closes it, and the server's messages stand at their fields.
 */
function useRedirectForm(onSaved: () => void) {
  const notices = useNotices();
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
      onSaved();
    },
    failed: (err, retry) =>
      notices.error(errorMessage(err, resourceFailure('redirects', editing ? 'update' : 'create')), retry, err),
  });
  const open = (id: number | null, draft: Draft) => {
    form.reset(draft);
    setEditing(id);
  };
  return { editing, open, close: () => setEditing(undefined), register: form.register, errors, onSubmit };
}

/** The redirect's website, source, target and status, with save and cancel. */
function RedirectFields({
  register,
  onSubmit,
  onClose,
}: {
  register: UseFormRegister<RedirectInput>;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
}) {
  const invalid = useInvalid();
  return (
    <form onSubmit={onSubmit} noValidate>
      <EditorField id="redirect-website" label={R.website}>
        <select id="redirect-website" {...register('website')}>
          <WebsiteOptions />
        </select>
      </EditorField>
      <EditorField id="redirect-source" path="source" label={`${R.source} *`}>
        <input id="redirect-source" required {...invalid('redirect-source', 'source')} {...register('source')} />
      </EditorField>
      <EditorField id="redirect-target" path="target" label={`${R.target} *`}>
        <input id="redirect-target" required {...invalid('redirect-target', 'target')} {...register('target')} />
      </EditorField>
      <EditorField id="redirect-status" label={R.status}>
        <select id="redirect-status" {...register('status', { valueAsNumber: true })}>
          <option value={301}>{R.statuses[301]}</option>
          <option value={302}>{R.statuses[302]}</option>
        </select>
      </EditorField>
      <div className="form-actions">
        <button type="submit" className="primary">
          {R.save}
        </button>
        <button type="button" onClick={onClose}>
          {R.cancel}
        </button>
      </div>
    </form>
  );
}
