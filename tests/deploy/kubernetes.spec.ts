import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { GatewayConfigSchema } from '../../gateway/src/config/gateway-config.js';
import { CatalogueConfigSchema } from '../../services/catalogue/src/config/catalogue-config.js';
import { ContentConfigSchema } from '../../services/content/src/config/content-config.js';
import { IdentityConfigSchema } from '../../services/identity/src/config/identity-config.js';
import { OrderConfigSchema } from '../../services/order/src/config/order-config.js';
import { PaymentConfigSchema } from '../../services/payment/src/config/payment-config.js';
import { SignageConfigSchema } from '../../services/signage/src/config/signage-config.js';
import { StatisticsConfigSchema } from '../../services/statistics/src/config/statistics-config.js';
import { TimeTrackingConfigSchema } from '../../services/time-tracking/src/config/time-tracking-config.js';
import { WorkersConfigSchema } from '../../services/workers/src/config/workers-config.js';

/** Every backend process: its typed config and the variable that names its health (or public) port. */
const PROCESSES: Record<string, { schema: z.ZodType; port: string }> = {
  gateway: { schema: GatewayConfigSchema, port: 'GATEWAY_PORT' },
  catalogue: { schema: CatalogueConfigSchema, port: 'CATALOGUE_HEALTH_PORT' },
  identity: { schema: IdentityConfigSchema, port: 'IDENTITY_HEALTH_PORT' },
  order: { schema: OrderConfigSchema, port: 'ORDER_HEALTH_PORT' },
  content: { schema: ContentConfigSchema, port: 'CONTENT_HEALTH_PORT' },
  workers: { schema: WorkersConfigSchema, port: 'WORKERS_HEALTH_PORT' },
  payment: { schema: PaymentConfigSchema, port: 'PAYMENT_HEALTH_PORT' },
  statistics: { schema: StatisticsConfigSchema, port: 'STATISTICS_HEALTH_PORT' },
  'time-tracking': { schema: TimeTrackingConfigSchema, port: 'TIME_TRACKING_HEALTH_PORT' },
  signage: { schema: SignageConfigSchema, port: 'SIGNAGE_HEALTH_PORT' },
};
/**
 * What a process's typed config requires in a cluster: every variable whose default only fits a developer's
 * machine (a local address, a development secret, a folder inside the read-only image), every port, and, with
 * two or more gateways, the ALTCHA key they must share (its default is a random key per process).
 */
const LOCAL_DEFAULT = /127\.0\.0\.1|localhost|dev(elopment)?-only|^var\//;
const SHARED_ACROSS_REPLICAS: Record<string, string[]> = { gateway: ['ALTCHA_HMAC_KEY'] };

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any; // a rendered manifest, checked field by field below
  data?: Record<string, string>;
}
const K8S = fileURLToPath(new URL('../../deploy/k8s/', import.meta.url));

function render(overlay: string): K8sObject[] {
  const out = execFileSync('kubectl', ['kustomize', `${K8S}overlays/${overlay}`], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJSON() as K8sObject);
}
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

/** The kubernetes-models class of an object (kubernetes-models/<group>/<version>/<Kind>), or undefined. */
async function modelOf(o: K8sObject): Promise<(new (data: object) => { validate(): void }) | undefined> {
  try {
    const mod = (await import(`kubernetes-models/${o.apiVersion}/${o.kind}`)) as Record<string, never>;
    return mod[o.kind];
  } catch {
    return undefined;
  }
}

/** The environment a Deployment's container starts with: its ConfigMap, its own values, its Secret's keys. */
function containerEnv(objects: K8sObject[], deployment: K8sObject, secrets: Record<string, string>) {
  const container = deployment.spec.template.spec.containers[0];
  const env: Record<string, string> = {};
  const missing: string[] = [];
  for (const from of container.envFrom ?? []) {
    const map = find(objects, 'ConfigMap', from.configMapRef.name);
    if (!map) missing.push(`ConfigMap ${from.configMapRef.name}`);
    Object.assign(env, map?.data);
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    const ref = e.valueFrom?.secretKeyRef;
    if (!ref) continue;
    if (secrets[ref.key] !== undefined) env[e.name] = secrets[ref.key]!;
    else if (!ref.optional) missing.push(`secret key ${ref.key}`);
  }
  return { env, missing, container };
}

/** The keys of the Secret the operator creates for prod, from the committed example. */
function prodSecretExample(): Record<string, string> {
  const lines = readFileSync(`${K8S}overlays/prod/secrets.example.env`, 'utf8').split('\n');
  return Object.fromEntries(
    lines.filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

const rendered = { dev: render('dev'), prod: render('prod') };
const counts = Object.fromEntries(
  Object.entries(rendered).map(([overlay, objects]) => {
    const byKind: Record<string, number> = {};
    for (const o of objects) byKind[o.kind] = (byKind[o.kind] ?? 0) + 1;
    return [overlay, { total: objects.length, ...byKind }];
  }),
);
console.log(`rendered objects per overlay: ${JSON.stringify(counts)}`);

describe.each(['dev', 'prod'] as const)('deploy/k8s overlay %s', (overlay) => {
  const objects = rendered[overlay];
  const secret = objects.find((o) => o.kind === 'Secret' && o.metadata.name.startsWith('shop-secrets'));
  const secrets =
    overlay === 'dev'
      ? Object.fromEntries(Object.entries(secret?.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]))
      : prodSecretExample();

  it('renders only objects that are valid against the Kubernetes schemas', async () => {
    expect(objects.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const o of objects) {
      const Model = await modelOf(o);
      if (!Model) {
        problems.push(`${o.kind} ${o.metadata.name}: no schema for ${o.apiVersion}`);
        continue;
      }
      try {
        new Model(o).validate();
      } catch (e) {
        problems.push(`${o.kind} ${o.metadata.name}: ${(e as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    // the validator does reject a wrong object (a broken manifest cannot pass unnoticed)
    const gateway = find(objects, 'Deployment', 'gateway')!;
    const Deployment = (await modelOf(gateway))!;
    expect(() => new Deployment({ ...gateway, spec: { ...gateway.spec, replicas: 'two' } }).validate()).toThrow(
      /replicas/,
    );
    expect(new Set(objects.map((o) => o.metadata.namespace ?? 'cluster-wide'))).toEqual(
      new Set([overlay === 'dev' ? 'shop-dev' : 'shop', 'cluster-wide']),
    );
  });

  it('runs every process as a Deployment whose config parses and has every required variable set', () => {
    for (const [name, { schema, port }] of Object.entries(PROCESSES)) {
      const deployment = find(objects, 'Deployment', name);
      expect(deployment).toBeDefined();
      const { env, missing, container } = containerEnv(objects, deployment!, secrets);
      expect({ name, missing }).toEqual({ name, missing: [] });

      const parsed = schema.safeParse(env);
      expect({ name, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ name, issues: [] });

      const defaults = schema.parse({}) as Record<string, unknown>;
      const required = Object.entries(defaults)
        .filter(([key, value]) => key.endsWith('_PORT') || LOCAL_DEFAULT.test(String(value)))
        .map(([key]) => key)
        .concat('NODE_ENV', SHARED_ACROSS_REPLICAS[name] ?? []);
      expect({ name, unset: required.filter((key) => env[key] === undefined) }).toEqual({ name, unset: [] });
      expect(String(env.APP_ENTRY)).toMatch(new RegExp(`(^|/)${name}/dist/main\\.js$`));

      // the probes ask the ports the process listens on; every container has requests and limits
      const ports = Object.fromEntries(
        (container.ports as { name: string; containerPort: number }[]).map((p) => [p.name, p.containerPort]),
      );
      expect(ports[name === 'gateway' ? 'http' : 'health']).toBe(Number(env[port]));
      for (const probe of ['readinessProbe', 'livenessProbe'])
        expect(ports[container[probe].httpGet.port]).toBeDefined();
      expect(ports.health).toBe(Number(env[name === 'gateway' ? 'GATEWAY_METRICS_PORT' : port]));
      expect(container.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      expect(container.resources.limits).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    }
  });

  it('autoscales gateway, order and workers and keeps one of each through disruptions', () => {
    for (const name of ['gateway', 'order', 'workers']) {
      expect(find(objects, 'HorizontalPodAutoscaler', name)?.spec.scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name,
      });
      expect(find(objects, 'PodDisruptionBudget', name)?.spec.selector.matchLabels).toEqual({
        'app.kubernetes.io/name': name,
      });
    }
  });

  it('migrates in a Job (seeding the demo shop only in dev)', () => {
    const command = find(objects, 'Job', 'migrate')?.spec.template.spec.containers[0].command.join(' ');
    expect(command).toContain('node scripts/migrate.mjs && node scripts/first-admin.mjs');
    expect(command.includes('seed.mjs')).toBe(overlay === 'dev');
    expect(objects.filter((o) => JSON.stringify(o).includes('seed.mjs')).length).toBe(overlay === 'dev' ? 1 : 0);
  });

  it('lets only the gateway take traffic from the ingress, for the three hosts', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const denyAll = policies.find((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress);
    expect(denyAll).toBeDefined();
    const fromIngress = policies.filter((p) =>
      (p.spec.ingress ?? []).some((rule: { from?: { namespaceSelector?: { matchLabels?: object } }[] }) =>
        (rule.from ?? []).some((f) => JSON.stringify(f.namespaceSelector?.matchLabels ?? {}).includes('ingress')),
      ),
    );
    expect(fromIngress.map((p) => p.spec.podSelector.matchLabels)).toEqual([{ 'app.kubernetes.io/name': 'gateway' }]);
    const ingress = find(objects, 'Ingress', 'shop')!;
    expect(ingress.spec.rules).toHaveLength(3);
    for (const rule of ingress.spec.rules) expect(rule.http.paths[0].backend.service.name).toBe('gateway');
  });

  it('runs NATS as a 3-node JetStream cluster with 3-replica streams (1 in dev), Postgres and Redis by overlay', () => {
    const nats = find(objects, 'StatefulSet', 'nats')!;
    expect(nats.spec.replicas).toBe(3);
    const conf = find(objects, 'ConfigMap', 'nats-config')!.data!['nats.conf']!;
    expect(conf).toMatch(/jetstream \{/);
    expect(conf.match(/nats:\/\/nats-\d\.nats-cluster:6222/g)).toHaveLength(3);
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('shop-config'))!;
    expect(config.data!.NATS_STREAM_REPLICAS).toBe(overlay === 'dev' ? '1' : '3');
    for (const name of ['postgres', 'redis']) {
      if (overlay === 'dev') expect(find(objects, 'StatefulSet', name)).toBeDefined();
      else {
        expect(find(objects, 'StatefulSet', name)).toBeUndefined();
        expect(find(objects, 'Service', name)?.spec.type).toBe('ExternalName');
      }
    }
  });

  if (overlay === 'prod')
    it('ships no Secret: every required key is one the operator is told to create', () => {
      expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
      const example = prodSecretExample();
      const refs = objects
        .flatMap((o) => JSON.stringify(o).match(/"secretKeyRef":\{[^}]*\}/g) ?? [])
        .map((s) => JSON.parse(s.slice('"secretKeyRef":'.length)) as { name: string; key: string; optional?: boolean });
      expect(refs.length).toBeGreaterThan(10);
      for (const ref of refs) {
        expect(ref.name).toBe('shop-secrets');
        if (!ref.optional) expect(Object.keys(example)).toContain(ref.key);
      }
    });
});
