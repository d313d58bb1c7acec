/**
 * backoffice-platform.md §2 / storefront-presenter.md §2.2 "Canonical, og and twitter url, title, description and
 * image meta tags are kept in sync": one writer of the document's title and meta tags for both websites. The
 * apps choose the texts (their title and description fallbacks of @shop/domain) and call it on every route change.
 */
export interface PageMeta {
  title: string;
  /** Plain text (the apps turn the shop's HTML description into text before). */
  description: string;
  /** An image URL (absolute or relative to the origin), or none. */
  image?: string | null;
}

/** Sets a meta tag, or removes it when there is nothing to say (a page without an image). */
function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export function applyMeta({ title, description, image }: PageMeta, pathname: string): void {
  document.title = title;
  const url = window.location.origin + pathname;
  const absoluteImage = image ? new URL(image, window.location.origin).href : '';
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = url;
  setMeta('name', 'description', description);
  for (const [attr, prefix] of [
    ['property', 'og'],
    ['name', 'twitter'],
  ] as const) {
    setMeta(attr, `${prefix}:url`, url);
    setMeta(attr, `${prefix}:title`, title);
    setMeta(attr, `${prefix}:description`, description);
    setMeta(attr, `${prefix}:image`, absoluteImage);
  }
}
