import { normalizeUrl } from '@shop/domain';
import { Link } from 'react-router-dom';
import type { Navigation, NavigationItem } from '../api/types';

export function findNavigation(navigations: readonly Navigation[], key: string): Navigation | undefined {
  return navigations.find((n) => n.identifier === key || n.name === key);
}

function itemLabel(item: NavigationItem): string {
  return item.label ?? item.title ?? item.name ?? '';
}

function NavLink({ item }: { item: NavigationItem }) {
  const internal = item.to ?? item.path;
  if (internal) return <Link to={internal}>{itemLabel(item)}</Link>;
  // §5 URL normalisation ('example.at' → 'http://example.at', empty → '/')
  const href = normalizeUrl(item.href ?? item.url);
  return (
    <a href={href} target={item.target ?? undefined} rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}>
      {itemLabel(item)}
    </a>
  );
}

/** Navigation items with their sub-navigation. */
export function NavItems({ items, bare = false }: { items: readonly NavigationItem[]; bare?: boolean }) {
  const list = items.map((item, i) => {
    const sub = item.items ?? item.children ?? [];
    return (
      <li key={i}>
        <NavLink item={item} />
        {sub.length > 0 && (
          <ul>
            <NavItems items={sub} bare />
          </ul>
        )}
      </li>
    );
  });
  return bare ? <>{list}</> : <ul>{list}</ul>;
}
