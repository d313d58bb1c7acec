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

/**
 * An app's start-up data from a batch of /api/init (an entry per URL): `data` (what stays where the batch has nothing,
 * or null) with each entry's data under the key `keys` gives its URL. The storefront and the presenter each read
 * their part.
 */
export function batchData(
  batch: readonly InitEntry[],
  keys: Readonly<Record<string, string>>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  for (const entry of batch) {
    const key = keys[entry.url];
    if (key) data[key] = entry.data ?? data[key];
  }
  return data;
}
