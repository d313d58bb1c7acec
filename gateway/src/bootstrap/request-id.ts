import proxyAddr from '@fastify/proxy-addr';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The id of a request, in its answer's X-Request-Id and every log line and span it causes, here and in the services.
 * A proxy in front of the gateway (listed in TRUSTED_PROXIES) may bring its own, so one id follows the request
 * through both logs; anyone else's header is ignored and a new id drawn (issue 37 item 9): a client choosing ids
 * could make its requests look like another's in the logs, or flood them with one id.
 */
export function requestIds(trustedProxies: readonly string[]): (req: IncomingMessage) => string {
  const trusted = trustedProxies.length ? proxyAddr.compile([...trustedProxies]) : null;
  return (req) => {
    if (trusted && trusted(req.socket.remoteAddress ?? '', 0)) {
      const id = req.headers['x-request-id'];
      if (typeof id === 'string' && /^[\w.:-]{1,128}$/.test(id)) return id;
    }
    return randomUUID();
  };
}
