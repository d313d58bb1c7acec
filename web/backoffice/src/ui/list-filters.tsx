import { ListQuery } from '@shop/contracts';
import { useSearchParams } from 'react-router-dom';
import { filterSchema, useFilterForm } from './filter-form';

/**
 * The list's filters in the address (back and forward work); a changed filter goes back to page 1. `page`: the
 * page the address names ('1' without one).
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (k: string, v: string) =>
    setParams((prev) => {
      const n = new URLSearchParams(prev);
      if (v) n.set(k, v);
      else n.delete(k);
      if (k !== 'page') n.delete('page');
      return n;
    });
  return { params, setParam, page: params.get('page') ?? '1' };
}

const SEARCH = ['search'] as const;
/** the search box as every list's ListQuery checks it */
const SEARCH_SCHEMA = filterSchema(ListQuery, SEARCH);

/**
 * The search box of a list's filter bar, on react-hook-form with ListQuery's search (useFilterForm): the address's
 * `search`, applied (trimmed, back to page 1, the other filters kept) when sent. The box follows the address, so
 * going back and forward in the browser shows the search of the list on screen.
 */
export function SearchForm({
  id,
  label,
  button = label,
  name,
  className,
}: {
  /** the input's id */
  id: string;
  label: string;
  /** the button's text (the label's unless given) */
  button?: string;
  /** the search landmark's name, where the page has more than one form */
  name?: string;
  className?: string;
}) {
  const { setParam } = useListParams();
  const { form, onSubmit } = useFilterForm(SEARCH_SCHEMA, SEARCH, ({ search }) => setParam('search', search.trim()));
  return (
    <form role="search" onSubmit={(e) => void onSubmit(e)} aria-label={name} className={className}>
      <label htmlFor={id}>{label}</label> <input id={id} type="search" {...form.register('search')} />{' '}
      <button type="submit">{button}</button>
    </form>
  );
}
