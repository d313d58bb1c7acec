import type { Branch, Config } from '@shop/contracts';
import { isBranchVisible, LEGAL_PAGES } from '@shop/domain';

/**
 * The storefront's client-side routes (storefront-presenter.md §2.1), so the gateway can answer a path no
 * route matches with status 404 (the app still renders its 404 page) instead of a soft 200. The same routes
 * exist under /self-service (the "self-service" route context: terminals without cookie banner or
 * third-party scripts, with the screensaver).
 */
const PAGES = [
  '/?',
  '/store/[^/]+/?',
  '/store/[^/]+/checkout/?',
  '/store/[^/]+/checkout/error/?',
  '/status/[^/]+/[^/]+/?',
  '/kontakt/?',
  '/site/[^/]+/?',
];

const ROUTES: RegExp[] = [
  /^\/$/,
  ...PAGES.slice(1).map((p) => new RegExp(`^${p}$`)),
  ...PAGES.map((p) => new RegExp(`^/self-service${p}$`)),
];

export function storefrontRouteStatus(path: string): 200 | 404 {
  return ROUTES.some((r) => r.test(path)) ? 200 : 404;
}

/** What a visitor can see, from the anonymous start-up batch: its configuration, branches and public sites. */
export interface VisitorView {
  config: Config | null;
  branches: unknown[];
  sites: ReadonlyArray<{ path: string }>;
}

const STORE = /^(?:\/self-service)?\/store\/([^/]+)/;
const SITE = /^(?:\/self-service)?(\/site\/[^/]+)\/?$/;
/** the site path the app's catch-all looks up (SitePage): without the self-service prefix and a trailing slash */
const sitePath = (path: string) => path.replace(/^\/self-service(?=\/|$)/, '').replace(/\/$/, '') || '/';

/**
 * The status of a route whose page depends on the data (for a visitor, who sees only public entities): a
 * branch page (and its checkout) of a branch that is not visible, and a /site/… page that has nothing to show,
 * render the app's 404 page, so they are answered with 404 too. The rules are the app's: a visible branch
 * (§2.3), a legal page only with its text configured (§2.2), and the catch-all (§2.1: any other path is
 * resolved to a site entry), which draws a public site of the storefront at that path and the 404 page otherwise.
 */
export function storefrontPageStatus(path: string, view: VisitorView): 200 | 404 {
  if (view.sites.some((site) => site.path === sitePath(path))) return 200;
  const route = storefrontRouteStatus(path);
  if (route === 404) return 404;
  const store = STORE.exec(path);
  if (store) {
    const identifier = decodeURIComponentSafe(store[1]);
    return (view.branches as Branch[]).some((b) => b.identifier === identifier && isBranchVisible(b)) ? 200 : 404;
  }
  const site = SITE.exec(path);
  if (site) {
    const legal = LEGAL_PAGES.find((p) => p.path === site[1]);
    return legal && view.config?.[`${legal.key}Text`] ? 200 : 404;
  }
  return 200;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
