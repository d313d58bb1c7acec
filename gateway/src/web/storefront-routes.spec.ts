import { storefrontRouteStatus } from './storefront-routes.js';

/** storefront-presenter.md §2.1 route table (and the self-service context) */
describe('storefront routes', () => {
  it.each([
    '/', '/store/wien-innere-stadt', '/store/wien-innere-stadt/', '/store/wien-innere-stadt/checkout', '/store/wien-innere-stadt/checkout/error',
    '/status/abc/def', '/kontakt', '/site/privacy', '/self-service', '/self-service/', '/self-service/store/wien-innere-stadt',
    '/self-service/store/x/checkout', '/self-service/status/a/b',
  ])('answers %s with 200', (path) => expect(storefrontRouteStatus(path)).toBe(200));

  it.each(['/gibt-es-nicht', '/store', '/store/a/b', '/status/a', '/site', '/self-service/gibt-es-nicht', '//'])('answers %s with 404', (path) =>
    expect(storefrontRouteStatus(path)).toBe(404));
});
