import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The list's filters in the address (back and forward work); a changed filter goes back to page 1. */
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
  return { params, setParam };
}

/**
 * The search box of a list's filter bar: the address's `search`, applied (trimmed, back to page 1) when sent. The
 * box follows the address, so going back and forward in the browser shows the search of the list on screen.
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
  const { params, setParam } = useListParams();
  const searched = params.get('search') ?? '';
  const [search, setSearch] = useState(searched);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the search box follows the address (back and forward)
  useEffect(() => setSearch(searched), [searched]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setParam('search', search.trim());
  };
  return (
    <form role="search" onSubmit={onSubmit} aria-label={name} className={className}>
      <label htmlFor={id}>{label}</label>{' '}
      <input id={id} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />{' '}
      <button type="submit">{button}</button>
    </form>
  );
}
