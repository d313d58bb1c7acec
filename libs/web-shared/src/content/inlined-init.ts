import type { InitEntry } from '@shop/contracts';

/**
 * The start-up batch the gateway put into a visitor's page (`gateway/src/web/inline-init.ts`: the /api/init answer
 * as `<script type="application/json" id="init-data">`), taken once when the app starts: the first render needs no
 * round trip; a reload fetches. Null without one (staff pages, a draft preview, tests) or when it cannot be read.
 */
export function takeInlinedInit(): InitEntry[] | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('init-data');
  if (!element) return null;
  element.remove();
  try {
    return (JSON.parse(element.textContent ?? '') as { data: InitEntry[] }).data;
  } catch {
    return null;
  }
}
