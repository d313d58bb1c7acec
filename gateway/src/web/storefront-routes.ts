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
