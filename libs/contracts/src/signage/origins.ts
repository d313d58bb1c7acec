// Which origins a web segment may be framed from and a video played from (the player's CSP), and the URL checks
// behind them.
import { z } from 'zod';

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
/**
 * A host name or IP address as URL writes it, and nothing else: WHATWG URLs allow characters such as `;` or `'` in a
 * host, which in a CSP would end a directive or start a keyword.
 */
const plainHost = (url: URL) => /^(?:\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?)$/.test(url.hostname);
/** the most origins one web segment may list */
export const SEGMENT_FRAME_ORIGINS_MAX = 10;
/**
 * Whether `value` is an origin a web segment may be framed from: `https://host[:port]`, or for development
 * `http(s)://localhost[:port]` and `http(s)://name.localhost[:port]` (browsers resolve *.localhost to this machine).
 * Only the bare origin (no path, user, wildcard), so it goes into the player's CSP `frame-src` as it is.
 */
export function isFrameOrigin(value: string): boolean {
  const url = parseUrl(value);
  if (!url || url.origin !== value || !plainHost(url)) return false;
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
  return url.protocol === 'https:' || (url.protocol === 'http:' && local);
}
export const FrameOrigin = z.string().trim().max(300).refine(isFrameOrigin, { error: 'signage.frameOrigin' });
/** the origin of a web page's URL (null when it is no URL) */
export const originOf = (url: string | null): string | null => (url ? (parseUrl(url)?.origin ?? null) : null);
/**
 * Whether `value` is the origin of a video a segment may name: `http(s)://host[:port]` as URL.origin writes it (so it
 * goes into the player's CSP `media-src` as it is: no path, wildcard, quote or space).
 */
export function isMediaOrigin(value: string): boolean {
  const url = parseUrl(value);
  return !!url && url.origin === value && plainHost(url) && (url.protocol === 'https:' || url.protocol === 'http:');
}
/** a path on this origin (an upload, `/upload/…`): one slash, then no space or backslash */
export const isSameOriginPath = (value: string) => /^\/(?![/\\])[^\s\\]*$/.test(value);
/** an absolute http(s) URL */
export const isHttpUrl = (value: string) => {
  const url = parseUrl(value);
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
};
/**
 * The origin a video plays from, for the player's CSP `media-src`: that of an absolute URL, null for a path on this
 * origin (`'self'` covers it) or no URL.
 */
export const videoOriginOf = (url: string | null): string | null => {
  const origin = url && isHttpUrl(url) ? originOf(url) : null;
  return origin && isMediaOrigin(origin) ? origin : null;
};
