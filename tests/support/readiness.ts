import type { INestMicroservice } from '@nestjs/common';
import {
  dependencyUp,
  NATS_CONNECTION,
  serviceReadiness,
  startHealthServer,
  type Dependency,
  type Readiness,
  type ReadinessReport,
} from '@shop/server';
import type { AddressInfo } from 'node:net';

/** the readiness probes' timeoutSeconds (deploy/k8s): an answer later than this is a failed probe */
export const PROBE_TIMEOUT_MS = 3000;

/** The value of `shop_dependency_up` the last readiness check (a /health or a scrape) set. */
export async function dependencyGauge(service: string, dependency: Dependency): Promise<number | undefined> {
  return (await dependencyUp.get()).values.find(
    (v) => v.labels.service === service && v.labels.dependency === dependency,
  )?.value;
}

/**
 * A service's /health as its main.ts starts it (bootstrapService: Postgres and NATS, plus the service's own `extra`),
 * since the test stack runs the services without one; `probe` asks it the way Kubernetes does, giving up after the
 * probe's timeout.
 */
export async function serviceHealth(name: string, app: INestMicroservice, extra: Readiness = {}) {
  const server = await startHealthServer(0, { ...serviceReadiness(app, [app.get(NATS_CONNECTION)]), ...extra }, name);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
  return {
    async probe(): Promise<{ status: number; body: ReadinessReport['body'] }> {
      const res = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      return { status: res.status, body: (await res.json()) as ReadinessReport['body'] };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
