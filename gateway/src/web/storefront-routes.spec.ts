import { storefrontPageStatus, storefrontRouteStatus } from './storefront-routes.js';

/** storefront-presenter.md §2.1 route table (and the self-service context) */
describe('storefront routes', () => {
  it.each([
    '/',
    '/store/wien-innere-stadt',
    '/store/wien-innere-stadt/',
    '/store/wien-innere-stadt/checkout',
    '/store/wien-innere-stadt/checkout/error',
    '/status/abc/def',
    '/kontakt',
    '/site/privacy',
    '/self-service',
    '/self-service/',
    '/self-service/store/wien-innere-stadt',
    '/self-service/store/x/checkout',
    '/self-service/status/a/b',
  ])('answers %s with 200', (path) => expect(storefrontRouteStatus(path)).toBe(200));

  it.each(['/gibt-es-nicht', '/store', '/store/a/b', '/status/a', '/site', '/self-service/gibt-es-nicht', '//'])(
    'answers %s with 404',
    (path) => expect(storefrontRouteStatus(path)).toBe(404),
  );
});

/** Pages whose content depends on the data answer 404 where the app shows its 404 page to a visitor. */
describe('storefront page status for visitors', () => {
  const view = {
    config: { privacyPolicyText: '# Datenschutz', imprintText: null } as never,
    branches: [
      { identifier: 'wien', isPublic: true, isEnabled: true },
      { identifier: 'aus', isPublic: true, isEnabled: false },
      { identifier: 'graz mitte', isPublic: true, isEnabled: true },
    ],
    // the storefront's public content sites (a draft is not in a visitor's batch)
    sites: [{ path: '/ueber-uns' }, { path: '/site/team' }],
  };

  it.each([
    '/',
    '/store/wien',
    '/store/wien/checkout',
    '/store/wien/checkout/error',
    '/self-service/store/wien',
    '/store/graz%20mitte',
    '/site/privacy',
    '/kontakt',
    '/status/a/b',
    '/ueber-uns',
    '/ueber-uns/',
    '/self-service/ueber-uns',
    '/site/team',
  ])('answers %s with 200', (path) => expect(storefrontPageStatus(path, view)).toBe(200));

  it.each([
    '/store/linz',
    '/store/aus',
    '/store/linz/checkout',
    '/self-service/store/linz',
    '/site/imprint',
    '/site/gibt-es-nicht',
    '/store/%E0%A4%A',
    '/gibt-es-nicht',
    '/ueber-uns/team',
    '/self-serviceueber-uns',
  ])('answers %s with 404', (path) => expect(storefrontPageStatus(path, view)).toBe(404));

  it('answers 404 for every branch page while the catalogue is empty', () => {
    expect(storefrontPageStatus('/store/wien', { config: null, branches: [], sites: [] })).toBe(404);
  });
});
