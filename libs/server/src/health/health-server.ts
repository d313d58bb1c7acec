import type { NatsConnection } from '@nats-io/transport-node';
import type { Queue } from 'bullmq';
import { createServer, type Server } from 'node:http';
import { Gauge } from 'prom-client';
import { METRICS_CONTENT_TYPE, metricsRegistry, onScrape, renderMetrics } from '../metrics/metrics.js';
import { singleFlight, succeedsWithin } from '../runtime/deadline.js';

export type HealthCheck = () => Promise<void>;

/** What readiness reports on; also the `dependency` label of `shop_dependency_up`. */
export type Dependency = 'postgres' | 'nats' | 'redis';

/**
 * One dependency of a process's readiness. Required: the process cannot serve without it, so /health answers 503
 * and Kubernetes takes the pod out of its Service. Degraded-only: the process still serves (less), so /health stays
 * 200 and the body and `shop_dependency_up` say what is missing. A dependency every replica shares (Redis) that
 * only part of the work needs must not be required: its outage would take every replica out at once, the parts
 * that still work included (issue 39: a Redis outage took every gateway off the ingress).
 */
export interface ReadinessCheck {
  check: HealthCheck;
  required: boolean;
}
export type Readiness = Partial<Record<Dependency, ReadinessCheck>>;

export const required = (check: HealthCheck): ReadinessCheck => ({ check, required: true });
export const degradedOnly = (check: HealthCheck): ReadinessCheck => ({ check, required: false });

/**
 * How long one check may take before it counts as down. The checks run at once, so /health answers within this
 * (plus the answer itself), far below the probes' timeoutSeconds (3 s in deploy/k8s): a probe that times out is a
 * failure, which would make a degraded-only dependency that hangs (a Redis that takes connections but does not
 * answer) take the pod out after all.
 */
export const CHECK_DEADLINE_MS = 1000;

export const dependencyUp = new Gauge({
  name: 'shop_dependency_up',
  help: 'whether the process reached the dependency (postgres, nats, redis) at its last readiness check or scrape: 1 up, 0 down',
  labelNames: ['service', 'dependency'] as const,
  registers: [metricsRegistry],
});

export type CheckState = 'up' | 'down';
export interface ReadinessReport {
  /** 503 when a required dependency is down, else 200 */
  httpStatus: 200 | 503;
  body: { status: 'ok' | 'degraded' | 'error'; checks: Partial<Record<Dependency, CheckState>> };
}

/** Runs the checks at once, each within the deadline, sets `shop_dependency_up` and says what /health answers. */
export async function checkReadiness(
  service: string,
  readiness: Readiness,
  deadlineMs = CHECK_DEADLINE_MS,
): Promise<ReadinessReport> {
  const results = await Promise.all(
    (Object.entries(readiness) as Array<[Dependency, ReadinessCheck]>).map(async ([dependency, c]) => {
      // a check still running from an earlier probe is joined, not sent again
      const up = await succeedsWithin(singleFlight(c, c.check), deadlineMs);
      dependencyUp.set({ service, dependency }, up ? 1 : 0);
      return { dependency, up, required: c.required };
    }),
  );
  const down = results.filter((r) => !r.up);
  const status = down.some((r) => r.required) ? 'error' : down.length ? 'degraded' : 'ok';
  const checks = Object.fromEntries(results.map((r) => [r.dependency, r.up ? 'up' : 'down']));
  return { httpStatus: status === 'error' ? 503 : 200, body: { status, checks } };
}

/** The checks run at every scrape too, so the metric follows an outage between probes; returns the removal. */
export function watchReadiness(service: string, readiness: Readiness): () => void {
  if (Object.keys(readiness).length === 0) return () => undefined;
  return onScrape(async () => void (await checkReadiness(service, readiness)));
}

/**
 * NATS answers on every one of these connections: a round trip to the server (flush), so a connection that is
 * reconnecting, or gave up, is reported down rather than only a closed one.
 */
export async function checkNats(connections: NatsConnection[]): Promise<void> {
  await Promise.all(connections.map((nc) => nc.flush()));
}

/** What of a Redis client the check uses: an ioredis client, or BullMQ's (whose interface has INFO, not PING). */
interface RedisClientLike {
  status: string;
  info(): Promise<string>;
}

/**
 * Redis answers a round trip (INFO). A client that is not connected is down at once: ioredis would keep the
 * command in its offline queue until it reconnects or gives the command up after its retries, seconds later.
 */
export async function checkRedis(client: RedisClientLike): Promise<void> {
  if (client.status !== 'ready') throw new Error(`Redis is ${client.status}`);
  await client.info();
}

/**
 * The Redis of a service that adds jobs through its outbox (order, content): degraded-only, since the service still
 * writes its jobs into the outbox while Redis is down, and the relay hands them to BullMQ once it is back.
 */
export function jobQueuesReadiness(queues: readonly Queue[]): Readiness {
  return {
    redis: degradedOnly(
      async () => void (await Promise.all(queues.map(async (q) => checkRedis(await q.backend.client)))),
    ),
  };
}

/**
 * A tiny HTTP endpoint for container health checks: GET /health is readiness, what the process needs to serve
 * (200 {"status":"ok"|"degraded"}, or 503 {"status":"error"} when a required dependency is down; `checks` names
 * each one up or down); GET /live answers 200 while the process serves at all (liveness: a NATS or Postgres outage
 * must not restart every pod); GET /metrics is the process's Prometheus metrics, with a heartbeat for `service`.
 */
export function startHealthServer(port: number, readiness: Readiness, service: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    if (req.url === '/live') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.url === '/metrics') {
      const body = await renderMetrics([service]);
      res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(body);
      return;
    }
    if (req.url !== '/health') {
      res.writeHead(404).end();
      return;
    }
    const { httpStatus, body } = await checkReadiness(service, readiness);
    res.writeHead(httpStatus, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  server.once('close', watchReadiness(service, readiness));
  return new Promise((resolve) => server.listen(port, '0.0.0.0', () => resolve(server)));
}
