import type { NatsConnection } from '@nats-io/transport-node';
import { createServer, type Server } from 'node:http';
import { METRICS_CONTENT_TYPE, renderMetrics } from '../metrics/metrics.js';

export type HealthCheck = () => Promise<void>;

/**
 * NATS answers on every one of these connections within the time: a round trip to the server (flush), so a
 * connection that is reconnecting, or gave up, is reported down rather than only a closed one.
 */
export async function checkNats(connections: NatsConnection[], timeoutMs = 1000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('NATS did not answer in time')), timeoutMs);
  });
  try {
    await Promise.race([Promise.all(connections.map((nc) => nc.flush())), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A tiny HTTP endpoint for container health checks: GET /health answers 200 {"status":"ok"} when every
 * check passes, else 503 with the failing check names (readiness); GET /live answers 200 while the process
 * serves at all (liveness: a NATS or Postgres outage must not restart every pod); GET /metrics is the process's
 * Prometheus metrics, with a heartbeat for `service`.
 */
export function startHealthServer(
  port: number,
  checks: Record<string, HealthCheck>,
  service?: string,
): Promise<Server> {
  const server = createServer(async (req, res) => {
    if (req.url === '/live') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.url === '/metrics') {
      const body = await renderMetrics(service ? [service] : []);
      res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(body);
      return;
    }
    if (req.url !== '/health') {
      res.writeHead(404).end();
      return;
    }
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await check();
          return [name, 'up'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const ok = results.every(([, s]) => s === 'up');
    res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: ok ? 'ok' : 'error', checks: Object.fromEntries(results) }));
  });
  return new Promise((resolve) => server.listen(port, '0.0.0.0', () => resolve(server)));
}
