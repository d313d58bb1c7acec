/**
 * §2.2 "Canonical, og and twitter url, title, description and image meta tags are kept in sync." The titles
 * and their fallbacks come from @shop/domain (pageTitle, shopDescription).
 */
import { imageUrl } from '@shop/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useData } from '../api/init';
import { plainText } from '../ui/sanitize';

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

export interface PageMeta {
  title: string;
  description: string;
  image?: string | null;
}

export function applyMeta({ title, description: given, image }: PageMeta, pathname: string): void {
  document.title = title;
  // the shop description may be HTML (§2.3): meta tags carry its text
  const description = plainText(given);
  const url = window.location.origin + pathname;
  const absoluteImage = image ? new URL(image, window.location.origin).href : '';
  setMeta('name', 'description', description);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = url;
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:image', absoluteImage);
  setMeta('name', 'twitter:url', url);
  setMeta('name', 'twitter:title', title);
  setMeta('name', 'twitter:description', description);
  setMeta('name', 'twitter:image', absoluteImage);
}

/** A page's title, description and image (the shop's logo when the page has none), applied on every route change. */
export function usePageMeta(meta: PageMeta): void {
  const { config } = useData();
  const { pathname } = useLocation();
  const image = meta.image ?? (config.logo ? imageUrl(config.logo, 'medium') : null);
  useEffect(() => {
    applyMeta({ ...meta, image }, pathname);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by value: a page passes a new meta object each render
  }, [meta.title, meta.description, image, pathname]);
}
