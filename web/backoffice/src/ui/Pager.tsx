import { f, T } from '../texts';

export interface ListMeta {
  total: number;
  page: number;
  perPage: number;
}

export function Pager({ meta, onPage }: { meta: ListMeta | undefined; onPage: (page: number) => void }) {
  if (!meta) return null;
  const pages = Math.max(1, Math.ceil(meta.total / meta.perPage));
  return (
    <nav className="pager" aria-label={f(T.list.page, { page: meta.page, pages })}>
      <span>{meta.total === 1 ? T.list.totalOne : f(T.list.total, { total: meta.total })}</span>
      <button type="button" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
        {T.list.previous}
      </button>
      <span>{f(T.list.page, { page: meta.page, pages })}</span>
      <button type="button" disabled={meta.page >= pages} onClick={() => onPage(meta.page + 1)}>
        {T.list.next}
      </button>
    </nav>
  );
}
