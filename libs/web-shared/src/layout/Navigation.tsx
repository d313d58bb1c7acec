import type { NavigationItem } from '@shop/contracts';
import { useLocation } from 'react-router-dom';
import { AppLink } from './app-links';

/** What the navigation resolves targets against: the sites' paths and the branches' identifiers by id. */
export interface NavigationTargets {
  sites: ReadonlyArray<{ id: number; path: string }>;
  branches: ReadonlyArray<{ id: number; identifier: string }>;
}

/** A navigation of /api/init, found by its identifier (main-navigation, navigation) or name. */
export function findNavigation<N extends { identifier?: string | null; name?: string | null }>(
  navigations: readonly N[],
  key: string,
): N | undefined {
  return navigations.find((n) => n.identifier === key || n.name === key);
}

/**
 * §2.9 "Navigation items: types home, site, branch, link. Home, site, branch open in the same tab; link opens in a
 * new tab. The home link is / plus the optional suffix." Null: a plain label (an unknown target).
 */
export function navigationHref(
  item: NavigationItem,
  targets: NavigationTargets,
): { to: string; external: boolean } | null {
  const suffix = item.suffix ?? '';
  switch (item.type) {
    case 'home':
      return { to: `/${suffix.replace(/^\//, '')}`, external: false };
    case 'site': {
      const site = targets.sites.find((s) => s.id === item.target);
      return site ? { to: site.path + suffix, external: false } : null;
    }
    case 'branch': {
      const branch = targets.branches.find((b) => b.id === item.target);
      return branch ? { to: `/store/${branch.identifier}${suffix}`, external: false } : null;
    }
    case 'link':
      return typeof item.target === 'string' ? { to: item.target, external: true } : null;
    default:
      return null;
  }
}

const samePath = (a: string, b: string) =>
  (a.split(/[?#]/)[0].replace(/\/+$/, '') || '/') === (b.replace(/\/+$/, '') || '/');

/** §2.9 "An item is highlighted when the route matches, and its parent is marked when any child is active." */
export function isItemActive(item: NavigationItem, pathname: string, targets: NavigationTargets): boolean {
  const href = navigationHref(item, targets);
  return !!href && !href.external && samePath(href.to, pathname);
}
function hasActiveChild(item: NavigationItem, pathname: string, targets: NavigationTargets): boolean {
  return (item.children ?? []).some(
    (c) => c.isEnabled !== false && (isItemActive(c, pathname, targets) || hasActiveChild(c, pathname, targets)),
  );
}

/**
 * §2.9 "Only enabled items show; children nest recursively." `bare`: the items without their list (the mobile
 * menu puts them between its own entries).
 */
export function NavItems({
  items,
  targets,
  onNavigate,
  bare = false,
}: {
  items: readonly NavigationItem[];
  targets: NavigationTargets;
  onNavigate?: () => void;
  bare?: boolean;
}) {
  const { pathname } = useLocation();
  const enabled = items.filter((i) => i.isEnabled !== false);
  if (enabled.length === 0) return null;
  const list = enabled.map((item, i) => {
    const href = navigationHref(item, targets);
    const active = isItemActive(item, pathname, targets);
    const parent = hasActiveChild(item, pathname, targets);
    const className = [active && 'is-active', parent && 'is-active-parent'].filter(Boolean).join(' ') || undefined;
    return (
      <li key={i} className={className}>
        {!href ? (
          <span className="nav-label">{item.label}</span>
        ) : href.external ? (
          <a href={href.to} target="_blank" rel="noopener noreferrer">
            {item.label}
          </a>
        ) : (
          <AppLink to={href.to} current={active} onClick={onNavigate}>
            {item.label}
          </AppLink>
        )}
        <NavItems items={item.children ?? []} targets={targets} onNavigate={onNavigate} />
      </li>
    );
  });
  return bare ? <>{list}</> : <ul>{list}</ul>;
}
