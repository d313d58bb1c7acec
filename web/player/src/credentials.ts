import type { PlayerCredentials } from '@shop/contracts';

const STORAGE_KEY = 'signage-player-credentials';

/**
 * The device's identifier and key: provisioned once with `/player/#identifier=…&key=…` (a fragment is never sent
 * to a server) or the sign-in form, then kept in localStorage so the screen starts by itself after a power cut.
 */
export function loadCredentials(): PlayerCredentials | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const fromHash = hash.get('identifier') && hash.get('key');
  if (fromHash) {
    const creds = { identifier: hash.get('identifier') ?? '', key: hash.get('key') ?? '' };
    saveCredentials(creds);
    history.replaceState(null, '', window.location.pathname);
    return creds;
  }
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as PlayerCredentials | null;
    return stored?.identifier && stored.key ? stored : null;
  } catch {
    return null;
  }
}

export function saveCredentials(creds: PlayerCredentials): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(creds));
}

export function forgetCredentials(): void {
  localStorage.removeItem(STORAGE_KEY);
}

export const authorization = (c: PlayerCredentials) =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${c.identifier}:${c.key}`)))}`;

/**
 * The headers of every player call: its sign-in, and the mark of the browser player, whose 401 comes without a
 * Basic challenge (else the browser's sign-in prompt would hold the call open: a rotated key would hang the player).
 */
export const playerHeaders = (c: PlayerCredentials): Record<string, string> => ({
  authorization: authorization(c),
  'x-requested-with': 'signage-player',
});

/**
 * The player's page for this TV (`/player/?device={identifier}`), or null when it is on it: the gateway builds that
 * page's CSP `frame-src` from the origins of the TV's web segments and `media-src` from the hosts of its videos.
 */
export function devicePage(identifier: string): string | null {
  if (new URLSearchParams(window.location.search).get('device') === identifier) return null;
  return `${window.location.pathname}?${new URLSearchParams({ device: identifier }).toString()}`;
}
