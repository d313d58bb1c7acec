/**
 * @shop/web-shared: what the storefront and the presenter share instead of copying (storefront-presenter.md;
 * architecture: "Storefront and presenter share their layout, overlays and block renderers through one web library").
 * Browser-only React parts:
 * - content: the data they read (ContentDataContext), the body-block renderers (one lazily loaded chunk each,
 *   BLOCK_RENDERERS keyed by the block types of @shop/contracts), links, images, sliders, the map and the
 *   contact form of §2.10;
 * - the lightbox, the analytics queue of §7, the cookie consent, the title and meta tags, the app overlays (offline,
 *   update, install) with the spec's texts;
 * - test fixtures both apps' component tests start from (tree-shaken out of the builds).
 */
export {
  ANALYTICS_PATH,
  flushAnalytics,
  pendingAnalytics,
  resetAnalytics,
  startAnalytics,
  track,
  trackDevice,
} from './analytics/analytics';
export type { AnalyticsEvent } from './analytics/analytics';
export { BLOCK_RENDERERS, Body, preloadRenderers, type LoadableRenderer } from './blocks/registry';
export { PageContext, usePage, type BlockProps, type BlockValue, type PageContextValue } from './blocks/block-props';
export { objectsOfProject } from './blocks/project-objects';
export {
  acceptConsent,
  CONSENT_COOKIE,
  hasConsent,
  refuseConsent,
  useConsent,
  useConsentChoice,
  type ConsentChoice,
} from './consent/consent';
export { readCookie, writeCookie } from './consent/cookies';
export { ContentDataContext, useContentData, type ContentData } from './content/content-data';
export { createLoadStore, type LoadState, type LoadStore } from './content/load-store';
export { batchData, takeInlinedInit } from './content/inlined-init';
export { previewToken } from './content/preview-token';
export {
  ContactForm,
  fieldKey,
  initialValues,
  submitForm,
  type FormField,
  type FormState,
  type FormValues,
} from './form/ContactForm';
export { applyMeta, type PageMeta } from './meta/meta';
export * from './overlays/AppOverlays';
export * from './overlays/InstallPrompt';
export { isAppleMobileSafari } from './overlays/platform';
export { createPwaStore, promptAllowedFor, type PwaPaths, type PwaState, type PwaStore } from './pwa/pwa-store';
export { t } from './texts';
export { Html } from './ui/Html';
export { useHydrated } from './ui/hydration';
export { Image, type ImageState } from './ui/Image';
export { LightboxProvider, moveIndex, useLightbox, type LightboxItem } from './ui/Lightbox';
export { ContentLink, Links, type LinkValue } from './ui/Links';
export {
  DEFAULT_MAP_STYLE,
  directionsUrl,
  MapFallback,
  mapPoint,
  mapStyleUrl,
  MapView,
  onMapFailure,
  type MapPlace,
  type MapPoint,
} from './ui/MapView';
export { Slider } from './ui/Slider';
export { configFixture, fixtureMeta } from './fixtures/config-fixture';
export { CookieBanner } from './layout/CookieBanner';
// the layout both websites share (§2.2): header with the mobile menu, footer, navigation, floating contact button,
// draft note, admin tools, scroll effects and the page's title and meta tags
export { AppLink, AppLinksContext, useAppLinks, type AppLinks } from './layout/app-links';
export { AdminTools } from './layout/AdminTools';
export { ContactButton } from './layout/ContactButton';
export { DraftNote } from './layout/DraftNote';
export { Footer, LEGAL_LABELS } from './layout/Footer';
export { Header } from './layout/Header';
export { findNavigation, isItemActive, navigationHref, NavItems, type NavigationTargets } from './layout/Navigation';
export { addressDirectionsUrl, telUrl } from './layout/urls';
export { usePageMeta } from './layout/use-page-meta';
export { useScrollEffects } from './layout/use-scroll-effects';
export { mayContainHtml, plainText } from './meta/plain-text';
export { FOCUSABLE, trapTab } from './ui/focus-trap';
export { whenIdle } from './ui/idle';
export { useNavigationEffects } from './layout/use-navigation-effects';
