import type { Website } from '@shop/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_COOKIE } from '../auth/staff-session.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { etagMatches, pickEncoding } from '../common/conditional.js';
import { type FastPath, type PreparedHeaders, prepareHeaders, writePrepared } from '../common/fast-path.js';
import { securityHeaders } from '../common/security-headers.js';
import { websiteOf } from '../common/website.js';
import type { InitBody, InitCache } from './init-cache.js';

export const INIT_ROUTE = '/api/init';

/** The headers the controller sets on an anonymous answer (init.controller.ts), besides the encoding's. */
export const ANONYMOUS_INIT_HEADERS = {
  vary: 'Accept-Encoding, Cookie, Host',
  'cache-control': 'public, no-cache',
} as const;

/** One version's answers, prepared once: the header lists of 200 (per encoding) and 304, without the request id. */
interface Prepared {
  identity: PreparedHeaders;
  gzip: PreparedHeaders;
  br: PreparedHeaders | null;
  notModified: PreparedHeaders;
}

/** Remembers up to `limit` results of a pure function of a header's value (a few distinct values in practice). */
function memo<T>(fn: (key: string | undefined) => T, limit = 64): (key: string | undefined) => T {
  const seen = new Map<string | undefined, T>();
  return (key) => {
    let value = seen.get(key);
    if (value === undefined) {
      value = fn(key);
      if (seen.size >= limit) seen.clear();
      seen.set(key, value);
    }
    return value;
  };
}

const HAS_SESSION_COOKIE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/**
 * GET /api/init of a visitor (no session cookie), answered in front of Fastify from the cached anonymous build of
 * the host's website (InitCache.peekAnonymous): body and headers were prepared once per cache version and
 * encoding, so a request costs a lookup, the ETag comparison and one write. The answer is the controller's, byte
 * for byte apart from the request id and the date: the same security headers (helmet's, from the same options),
 * ETag, Vary, Cache-Control, encoding choice and 304 for a matching If-None-Match. Declined (and so answered by
 * the controller, which also builds the cache) when the version is not built yet, for a query string, HEAD, and a
 * request with a session cookie (staff get their non-public view; a stale cookie is told by the normal path).
 */
export function initFastPath(cache: InitCache, config: GatewayConfig): FastPath {
  const security = Object.entries(securityHeaders(config)).flat();
  const versions = new WeakMap<InitBody, Prepared>();
  const website = memo<Website>((host) => websiteOf(host, config.PRESENTER_HOSTS));
  const encodingFor = memo((accept) => pickEncoding(accept, true) ?? 'identity');

  const prepare = (body: InitBody): Prepared => {
    const common = [...security, 'etag', body.etag, ...Object.entries(ANONYMOUS_INIT_HEADERS).flat()];
    const ok = (bytes: Buffer, encoding: string | null) =>
      prepareHeaders([
        ...common,
        'content-type',
        'application/json; charset=utf-8',
        ...(encoding ? ['content-encoding', encoding] : []),
        'content-length',
        String(bytes.length),
      ]);
    return {
      identity: ok(body.identity, null),
      gzip: ok(body.gzip, 'gzip'),
      br: body.br && ok(body.br, 'br'),
      notModified: prepareHeaders(common),
    };
  };

  return (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    if (req.url !== INIT_ROUTE) return null;
    const { cookie } = req.headers;
    if (cookie !== undefined && HAS_SESSION_COOKIE.test(cookie)) return null;
    const body = cache.peekAnonymous(website(req.headers.host));
    if (!body) return null;
    let prepared = versions.get(body);
    if (!prepared) versions.set(body, (prepared = prepare(body)));
    if (etagMatches(req.headers['if-none-match'], body.etag)) {
      writePrepared(res, 304, prepared.notModified, requestId);
      return INIT_ROUTE;
    }
    // anonymous builds always carry brotli (encode(…, true)); without it, the controller's choice among the rest
    const encoding = body.br
      ? encodingFor(req.headers['accept-encoding'])
      : pickEncoding(req.headers['accept-encoding'], false);
    const [headers, bytes] =
      encoding === 'br' && body.br && prepared.br
        ? [prepared.br, body.br]
        : encoding === 'gzip'
          ? [prepared.gzip, body.gzip]
          : [prepared.identity, body.identity];
    writePrepared(res, 200, headers, requestId, bytes);
    return INIT_ROUTE;
  };
}
