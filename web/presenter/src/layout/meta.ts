import { pageTitle, shopDescription } from '@shop/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useData } from '../api/data';

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

/**
 * §2.2 "site gives 'site title - shop title'. Fallback title is seoTitle, then title, then shopName. Description falls
 * back from seoDescription to description. Canonical, og and twitter url, title, description and image meta tags
 * are kept in sync."
 */
export function usePageMeta({
  title: page,
  description,
  image,
}: {
  title?: string;
  description?: string;
  image?: string | null;
}) {
  const { config } = useData();
  const { pathname } = useLocation();
  const title = pageTitle(config, page);
  const text = description || shopDescription(config);
  useEffect(() => {
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
    setMeta('name', 'description', text);
    for (const [attr, prefix] of [
      ['property', 'og'],
      ['name', 'twitter'],
    ] as const) {
      setMeta(attr, `${prefix}:url`, url);
      setMeta(attr, `${prefix}:title`, title);
      setMeta(attr, `${prefix}:description`, text);
      setMeta(attr, `${prefix}:image`, absoluteImage);
    }
  }, [title, text, image, pathname]);
}
