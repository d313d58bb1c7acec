import { normalizeUrl } from '@shop/domain';
import { Link } from 'react-router-dom';
import { useData } from '../api/init';
import type { Navigation, NavigationItem } from '../api/types';

export function findNavigation(navigations: readonly Navigation[], key: string): Navigation | undefined {
  return navigations.find((n) => n.identifier === key || n.name === key);
}

function itemLabel(item: NavigationItem): string {
  return item.label ?? item.title ?? item.name ?? '';
}

/**
 * §2.9 items as the content service stores them (type home, site, branch, link; target the site's or branch's id or
 * the URL; suffix): home, site and branch open in the same tab, link in a new tab; an unknown target is a label.
 */
function TypedNavLink({ item }: { item: NavigationItem & { type: string } }) {
  const { sites, branches } = useData();
  const suffix = item.suffix ?? '';
  let to: string | null = null;
  if (item.type === 'home') to = `/${suffix.replace(/^\//, '')}`;
  if (item.type === 'site') {
    const path = sites.find((x) => x.id === item.target)?.path;
    to = path ? path + suffix : null;
  }
  if (item.type === 'branch') {
    const identifier = branches.find((b) => b.id === item.target)?.identifier;
    to = identifier ? `/store/${identifier}${suffix}` : null;
  }
  if (item.type === 'link' && typeof item.target === 'string')
    return (
      <a href={item.target} target="_blank" rel="noopener noreferrer">
        {itemLabel(item)}
      </a>
    );
  return to ? <Link to={to}>{itemLabel(item)}</Link> : <span>{itemLabel(item)}</span>;
}

function NavLink({ item }: { item: NavigationItem }) {
  if (item.type) return <TypedNavLink item={item as NavigationItem & { type: string }} />;
  const internal = item.to ?? item.path;
  if (internal) return <Link to={internal}>{itemLabel(item)}</Link>;
  // §5 URL normalisation ('example.at' → 'http://example.at', empty → '/')
  const href = normalizeUrl(item.href ?? item.url);
  return (
    <a
      href={href}
      target={typeof item.target === 'string' ? item.target : undefined}
      rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}
    >
      {itemLabel(item)}
    </a>
  );
}

/** Navigation items with their sub-navigation. */
export function NavItems({ items, bare = false }: { items: readonly NavigationItem[]; bare?: boolean }) {
  // §2.9 "Only enabled items show"
  const list = items
    .filter((item) => item.isEnabled !== false)
    .map((item, i) => {
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
