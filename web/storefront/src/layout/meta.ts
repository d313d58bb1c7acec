import { useEffect } from 'react';
import type { Config } from '@shop/contracts';

/**
 * §2.2 "Page title and description per route … Fallback title is seoTitle, then title, then shopName.
 * Description falls back from seoDescription to description. Canonical, og and twitter url, title,
 * description and image meta tags are kept in sync."
 */
export function shopTitle(config: Pick<Config, 'seoTitle' | 'title' | 'shopName'>): string {
  return config.seoTitle || config.title || config.shopName;
}

export function shopDescription(config: Pick<Config, 'seoDescription' | 'description'>): string {
  return config.seoDescription || config.description || '';
}

/** 'page - shop title', or the shop title alone. */
export function pageTitle(config: Pick<Config, 'seoTitle' | 'title' | 'shopName'>, page?: string | null): string {
  return page ? `${page} - ${shopTitle(config)}` : shopTitle(config);
}

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
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

export function applyMeta({ title, description, image }: PageMeta): void {
  document.title = title;
  const url = window.location.origin + window.location.pathname;
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

export function usePageMeta(meta: PageMeta): void {
  useEffect(() => {
    applyMeta(meta);
  }, [meta.title, meta.description, meta.image]);
}
