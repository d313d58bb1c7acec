import type { PREVIEW_QUERY as QUERY } from '@shop/contracts';

/**
 * The query of @shop/contracts, checked against it by the compiler: importing the value would put the contracts'
 * schemas (and zod) into both apps' initial JavaScript, which only needs this word.
 */
const PREVIEW_QUERY: typeof QUERY = 'vorschau';

const KEY = 'content:preview';

/**
 * The draft-preview token of this tab (issue 18): the page's `?vorschau=` (kept in sessionStorage, so a later load
 * of the page in this tab without it still shows the draft), else the one kept before; null without one. The
 * start-up request sends it, and the gateway adds the one site it names (it alone decides whether it is valid).
 */
export function previewToken(search: string = window.location.search): string | null {
  const fromUrl = new URLSearchParams(search).get(PREVIEW_QUERY);
  try {
    if (fromUrl) sessionStorage.setItem(KEY, fromUrl);
    return fromUrl || sessionStorage.getItem(KEY);
  } catch {
    // storage blocked: the token of the address only
    return fromUrl || null;
  }
}
