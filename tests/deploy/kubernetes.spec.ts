import { connect } from '@nats-io/transport-node';
import {
  type BaseConfig,
  BaseConfigSchema,
  connectionPlan,
  databaseTimeouts,
  dataSourceOptions,
  natsOptions,
  POOLED_PROCESSES,
  type PooledProcess,
} from '@shop/server';
import { waitFor } from '@shop/testing';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { GatewayConfigSchema } from '../../gateway/src/config/gateway-config.js';
import { CatalogueConfigSchema } from '../../services/catalogue/src/config/catalogue-config.js';
import { ContentConfigSchema } from '../../services/content/src/config/content-config.js';
import { IdentityConfigSchema } from '../../services/identity/src/config/identity-config.js';
import { OrderConfigSchema } from '../../services/order/src/config/order-config.js';
import { PaymentConfigSchema } from '../../services/payment/src/config/payment-config.js';
import { SignageConfigSchema } from '../../services/signage/src/config/signage-config.js';
import { StatisticsConfigSchema } from '../../services/statistics/src/config/statistics-config.js';
import { STATISTICS_SESSION_SETTINGS } from '../../services/statistics/src/statistics.entities.js';
import { TimeTrackingConfigSchema } from '../../services/time-tracking/src/config/time-tracking-config.js';
import { WorkersConfigSchema } from '../../services/workers/src/config/workers-config.js';
import { gatewayApiProblems, seconds } from './lib/gateway-api.js';
import {
  find,
  generated,
  K8S,
  type K8sObject,
  type Overlay,
  podTemplates,
  render,
  renderWith,
} from './lib/kustomize.js';

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
/** the session settings a process's pool sends at connect (`-c name=value` in `options`), by process */
const SESSION_SETTINGS: Partial<Record<string, Record<string, string | number>>> = {
  statistics: STATISTICS_SESSION_SETTINGS,
};
/** the image of every process and of the migrations, by overlay: the release in prod, the local build in dev */
const APP_IMAGE: Record<Overlay, string> = {
  prod: 'registry.example.com/shop/app:1.7.2',
  dev: 'localhost/shop-platform:local',
};
/** PgBouncer's first version that keeps named prepared statements in transaction pooling (max_prepared_statements) */
const PGBOUNCER_PREPARED_STATEMENTS = [1, 21];
/** the longest server-sent event stream (the signage players', gateway/src/signage/player.routes.ts MAX_STREAM_MS) */
const LONGEST_EVENT_STREAM_S = 10 * 60;

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
function containerEnv(objects: K8sObject[], workload: K8sObject, secrets: Record<string, string>) {
  const container = workload.spec.template.spec.containers[0];
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

/** The shared settings of an overlay as every process parses them (the ConfigMap over the schema's defaults). */
function sharedConfig(objects: K8sObject[]): BaseConfig {
  return BaseConfigSchema.parse(generated(objects, 'ConfigMap', 'shop-config')!.data);
}

/** The ConfigMaps, Secrets and volumes a pod template reads, as rendered names. */
function referencesOf(spec: any): { kind: string; name: string }[] {
  const refs: { kind: string; name: string }[] = [];
  for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
    for (const from of c.envFrom ?? []) {
      if (from.configMapRef) refs.push({ kind: 'ConfigMap', name: from.configMapRef.name });
      if (from.secretRef) refs.push({ kind: 'Secret', name: from.secretRef.name });
    }
    for (const e of c.env ?? []) {
      if (e.valueFrom?.configMapKeyRef) refs.push({ kind: 'ConfigMap', name: e.valueFrom.configMapKeyRef.name });
      // an optional key (Grafana's admin password) may come from a Secret the operator never creates
      if (e.valueFrom?.secretKeyRef && !e.valueFrom.secretKeyRef.optional)
        refs.push({ kind: 'Secret', name: e.valueFrom.secretKeyRef.name });
    }
  }
  for (const v of spec.volumes ?? []) {
    if (v.configMap) refs.push({ kind: 'ConfigMap', name: v.configMap.name });
    if (v.secret) refs.push({ kind: 'Secret', name: v.secret.secretName });
    if (v.persistentVolumeClaim) refs.push({ kind: 'PersistentVolumeClaim', name: v.persistentVolumeClaim.claimName });
  }
  return refs;
}

/**
 * When Argo CD applies an object: its phase (hooks' PreSync/Sync/PostSync; other objects are applied in Sync) and
 * its wave. Argo CD finishes a wave (every object healthy, every hook completed) before it starts the next.
 */
function argoStep(o: K8sObject): { phase: number; wave: number; hook?: string } {
  const annotations = o.metadata.annotations ?? {};
  const hook = annotations['argocd.argoproj.io/hook'];
  const phase = ['PreSync', 'Sync', 'PostSync'].indexOf(hook ?? 'Sync');
  return { phase, wave: Number(annotations['argocd.argoproj.io/sync-wave'] ?? 0), hook };
}
const order = (o: K8sObject) => argoStep(o).phase * 1000 + argoStep(o).wave;

/** pgbouncer.ini: its sections' settings, and each [databases] entry's connection string as fields */
function parsePgbouncerIni(text: string) {
  const sections: Record<string, Record<string, string>> = {};
  let section = '';
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) sections[(section = header[1]!)] = {};
    else sections[section]![line.slice(0, line.indexOf('=')).trim()] = line.slice(line.indexOf('=') + 1).trim();
  }
  const databases = Object.fromEntries(
    Object.entries(sections.databases ?? {}).map(([name, conn]) => [
      name,
      Object.fromEntries([...conn.matchAll(/(\w+)=('([^']*)'|\S+)/g)].map((m) => [m[1], m[3] ?? m[2]])),
    ]),
  );
  return { settings: sections.pgbouncer ?? {}, databases };
}

/** a Kubernetes quantity (10Gi, 512Mi, 8G) or a NATS size (8G = 8·10⁹, 8GB = 8·2³⁰) in bytes */
function bytes(size: string, units: 'kubernetes' | 'nats'): number {
  const [, number, unit = ''] = /^(\d+)([A-Za-z]*)$/.exec(size)!;
  const kubernetes: Record<string, number> = {
    '': 1,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
  };
  const nats: Record<string, number> = {
    '': 1,
    k: 1e3,
    m: 1e6,
    g: 1e9,
    t: 1e12,
    kb: 2 ** 10,
    mb: 2 ** 20,
    gb: 2 ** 30,
  };
  const factor = units === 'kubernetes' ? kubernetes[unit] : nats[unit.toLowerCase()];
  if (factor === undefined) throw new Error(`unknown unit in ${size}`);
  return Number(number) * factor;
}

/**
 * Runs this machine's nats-server on a rendered configuration (the nats-config files, in a temporary folder) with
 * its paths moved there (the store, the pid file, and `moved`: a mounted folder and where its files are here) and
 * its ports chosen by the server, while `use` talks to it.
 */
async function withNatsServer(
  files: Record<string, string>,
  env: Record<string, string>,
  use: (port: number, dir: string) => Promise<void>,
  prepare: (dir: string) => Record<string, string> = () => ({}),
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nats-conf-'));
  const moved = prepare(dir);
  for (const [file, text] of Object.entries(files)) {
    let local = text
      .replace(/store_dir: \S+/, `store_dir: ${dir}/data`)
      .replace(/pid_file: \S+/, `pid_file: ${dir}/pid`);
    for (const [from, to] of Object.entries(moved)) local = local.replaceAll(from, to);
    writeFileSync(join(dir, file), local);
  }
  const server = spawn(
    'nats-server',
    ['-c', join(dir, 'nats.conf'), '-a', '127.0.0.1', '-p', '-1', '-m', '-1', '--cluster', 'nats://127.0.0.1:-1'],
    { env: { ...process.env, POD_NAME: 'nats-0', ...env } },
  );
  let log = '';
  server.stderr.on('data', (chunk) => (log += String(chunk)));
  try {
    const port = await waitFor(() => /client connections on 127\.0\.0\.1:(\d+)/.exec(log)?.[1], 15_000);
    await use(Number(port), dir);
  } finally {
    const exited = once(server, 'exit');
    server.kill();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A CA and a certificate it signed for nats and this machine (openssl), in `dir`: tls.crt, tls.key, ca.crt. */
function certificates(dir: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...key, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=test-ca');
  openssl('req', ...key, '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=nats');
  writeFileSync(
    join(dir, 'ext'),
    'subjectAltName=DNS:nats,DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'tls.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'tls.crt',
    '-days',
    '1',
    '-extfile',
    'ext',
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
  const secret = generated(objects, 'Secret', 'shop-secrets');
  const secrets =
    overlay === 'dev'
      ? Object.fromEntries(Object.entries(secret?.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]))
      : prodSecretExample();
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const autoscalerOf = (name: string) =>
    objects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec.scaleTargetRef.name === name);
  /** the most replicas a Deployment runs: its autoscaler's maximum, or its own count */
  const mostReplicas = (d: K8sObject): number =>
    autoscalerOf(d.metadata.name)?.spec.maxReplicas ?? d.spec.replicas ?? 1;
  /** what a rolling update adds on top (maxSurge, a count in these manifests) */
  const surge = (d: K8sObject): number => d.spec.strategy.rollingUpdate.maxSurge;

  it('renders only objects that are valid against the Kubernetes and Gateway API schemas', async () => {
    expect(objects.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const o of objects) {
      if (o.apiVersion.startsWith('gateway.networking.k8s.io/')) {
        problems.push(...gatewayApiProblems(o, objects));
        continue;
      }
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
    // both validators do reject a wrong object (a broken manifest cannot pass unnoticed)
    const gateway = find(objects, 'Deployment', 'gateway')!;
    const Deployment = (await modelOf(gateway))!;
    expect(() => new Deployment({ ...gateway, spec: { ...gateway.spec, replicas: 'two' } }).validate()).toThrow(
      /replicas/,
    );
    const route = find(objects, 'HTTPRoute', 'shop')!;
    const broken = { ...route, spec: { ...route.spec, hostnames: ['Shop_Example'], parentRefs: [{ nmae: 'shop' }] } };
    expect(gatewayApiProblems(broken, objects)).toEqual([
      'HTTPRoute shop: spec.parentRefs[0].nmae is not a field',
      'HTTPRoute shop: spec.parentRefs[0].name is required',
      'HTTPRoute shop: spec.parentRefs[0] names no rendered Gateway undefined',
      'HTTPRoute shop: spec.hostnames[0] Shop_Example is no hostname',
    ]);
    // the shop's namespace (and deploy/monitoring/k8s' own, where an overlay adds it)
    const namespaces = new Set(objects.map((o) => o.metadata.namespace ?? 'cluster-wide'));
    expect(namespaces).toContain(overlay === 'dev' ? 'shop-dev' : 'shop');
    expect(
      [...namespaces].filter(
        (n) => ![overlay === 'dev' ? 'shop-dev' : 'shop', 'monitoring', 'cluster-wide'].includes(n),
      ),
    ).toEqual([]);
  });

  it('runs every process as a Deployment whose config parses, has every required variable set and logs in to NATS', () => {
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
        .concat('NODE_ENV', 'NATS_USER', 'NATS_PASSWORD', SHARED_ACROSS_REPLICAS[name] ?? []);
      expect({ name, unset: required.filter((key) => env[key] === undefined) }).toEqual({ name, unset: [] });
      expect(String(env.APP_ENTRY)).toMatch(new RegExp(`(^|/)${name}/dist/main\\.js$`));
      // the connection the process opens: NATS' one user, from the Secret the NATS servers read too
      expect(natsOptions(parsed.data as BaseConfig, name)).toMatchObject({
        user: secrets.NATS_USER,
        pass: secrets.NATS_PASSWORD,
      });

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

  it(`runs the ${overlay === 'prod' ? 'released' : 'locally built'} app image everywhere, every image at a fixed tag`, () => {
    const appContainers = podTemplates(objects)
      .filter(
        ({ name, spec }) => name === 'migrate' || spec.containers[0].env?.some((e: any) => e.name === 'APP_ENTRY'),
      )
      .map(({ name, spec }) => ({ name, image: spec.containers[0].image }));
    expect(appContainers.map((c) => c.name).sort()).toEqual([...Object.keys(PROCESSES), 'migrate'].sort());
    expect(appContainers.filter((c) => c.image !== APP_IMAGE[overlay])).toEqual([]);
    const images = podTemplates(objects).flatMap(({ spec }) =>
      [...(spec.initContainers ?? []), ...spec.containers].map((c) => c.image as string),
    );
    // a tag after the last slash (a registry's port is before it) or a digest, and never `latest`
    const floating = images.filter(
      (i) => !/@sha256:[0-9a-f]{64}$/.test(i) && !/:(?!latest$)\w[\w.-]*$/.test(i.slice(i.lastIndexOf('/') + 1)),
    );
    expect(floating).toEqual([]);
  });

  it('lets the autoscalers own the counts and keeps all but one pod of every Deployment through disruptions', () => {
    for (const name of ['gateway', 'order', 'workers']) {
      expect(autoscalerOf(name)?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      // an apply of a count would reset every pod the autoscaler added
      expect(find(objects, 'Deployment', name)!.spec.replicas).toBeUndefined();
    }
    const budgets = objects.filter((o) => o.kind === 'PodDisruptionBudget');
    const selects = (budget: K8sObject, labels: Record<string, string>) =>
      Object.entries(budget.spec.selector.matchLabels).every(([k, v]) => labels[k] === v);
    for (const d of deployments) {
      const name = d.metadata.name;
      const fewest = autoscalerOf(name)?.spec.minReplicas ?? d.spec.replicas ?? 1;
      const covering = budgets.filter((b) => selects(b, d.spec.template.metadata.labels));
      if (mostReplicas(d) > 1 || autoscalerOf(name))
        expect({ name, budgets: covering.length }).toEqual({ name, budgets: 1 });
      for (const budget of covering) {
        // a drain may always evict one pod, and with two or more one keeps serving
        const evictable = budget.spec.maxUnavailable ?? fewest - budget.spec.minAvailable;
        expect({ name, evictable }).toEqual({ name, evictable: 1 });
      }
    }
    // no budget guards pods that do not exist
    const pods = podTemplates(objects).map(({ template }) => template.metadata.labels);
    for (const b of budgets) expect(pods.some((labels: Record<string, string>) => selects(b, labels))).toBe(true);
  });

  it('runs every pod as a non-root user under the runtime default seccomp profile, NATS included', () => {
    const problems: string[] = [];
    for (const { name, spec } of podTemplates(objects)) {
      if (spec.securityContext?.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${name}: seccomp`);
      if (spec.securityContext?.runAsNonRoot !== true) problems.push(`${name}: may run as root`);
      for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
        const sc = c.securityContext ?? {};
        if (sc.allowPrivilegeEscalation !== false) problems.push(`${name}/${c.name}: privilege escalation`);
        if (JSON.stringify(sc.capabilities?.drop) !== '["ALL"]') problems.push(`${name}/${c.name}: capabilities`);
        // the dev databases write their sockets and temporary files where their images expect them
        if (sc.readOnlyRootFilesystem !== true && !['postgres', 'redis'].includes(name))
          problems.push(`${name}/${c.name}: writable root file system`);
      }
    }
    expect(problems).toEqual([]);
    const nats = find(objects, 'StatefulSet', 'nats')!.spec.template.spec;
    expect(nats.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, fsGroup: 1000 });
    expect(nats.containers.map((c: any) => c.name)).toEqual(['nats', 'exporter']);
  });

  it('migrates in a Job straight to Postgres (seeding the demo shop, with its images, only in dev)', () => {
    const job = find(objects, 'Job', 'migrate')!;
    const command = job.spec.template.spec.containers[0].command.join(' ');
    expect(command).toContain('node scripts/migrate.mjs && node scripts/first-admin.mjs');
    expect(command.includes('seed.mjs')).toBe(overlay === 'dev');
    expect(objects.filter((o) => JSON.stringify(o).includes('seed.mjs')).length).toBe(overlay === 'dev' ? 1 : 0);
    const { env } = containerEnv(objects, job, secrets);
    expect(env.DATABASE_URL).toBe(secrets.DATABASE_URL_DIRECT);
    const mounts = job.spec.template.spec.containers[0].volumeMounts.map((m: any) => m.mountPath);
    expect(mounts.includes(env.FILES_DIR)).toBe(overlay === 'dev');
  });

  it('has Argo CD apply what each workload reads before it, and the Deployments only after the migrations', () => {
    const job = find(objects, 'Job', 'migrate')!;
    // not PreSync: that runs before this sync applies the generated ConfigMap (and dev's Secret) the Job reads
    expect(argoStep(job)).toEqual({ phase: 1, wave: 1, hook: 'Sync' });
    const late: string[] = [];
    for (const { workload, spec } of podTemplates(objects))
      for (const ref of referencesOf(spec)) {
        const target = find(objects, ref.kind, ref.name);
        // the prod Secret is the operator's, there before any sync
        if (!target) expect(ref).toEqual({ kind: 'Secret', name: overlay === 'prod' ? 'shop-secrets' : 'none' });
        else if (order(target) > order(workload)) late.push(`${workload.metadata.name} reads ${ref.kind} ${ref.name}`);
      }
    expect(late).toEqual([]);
    // the databases, NATS and PgBouncer are up (a wave is healthy before the next) before the migrations run
    for (const o of objects.filter((o) => o.kind === 'StatefulSet' || o.metadata.name === 'pgbouncer'))
      expect({ name: o.metadata.name, before: order(o) < order(job) }).toEqual({ name: o.metadata.name, before: true });
    for (const name of Object.keys(PROCESSES))
      expect({ name, after: order(find(objects, 'Deployment', name)!) > order(job) }).toEqual({ name, after: true });
    for (const o of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler'))
      expect(order(o)).toBeGreaterThan(order(job));
  });

  it('serves the storefront, presenter and back-office hosts through one Gateway to the gateway Service', () => {
    const config = generated(objects, 'ConfigMap', 'shop-config')!.data!;
    const gatewayApi = objects.filter((o) => o.apiVersion.startsWith('gateway.networking.k8s.io/'));
    const listeners = find(objects, 'Gateway', 'shop')!.spec.listeners;
    const routes = gatewayApi.filter((o) => o.kind === 'HTTPRoute');
    const serving = routes.filter((r) => r.spec.rules.some((rule: any) => rule.backendRefs));
    expect(serving.map((r) => r.metadata.name)).toEqual(['shop']);
    const route = serving[0]!;
    const hosts = route.spec.hostnames as string[];
    expect(hosts).toHaveLength(3);
    expect(hosts).toEqual(
      expect.arrayContaining([new URL(config.PUBLIC_BASE_URL!).hostname, ...config.PRESENTER_HOSTS!.split(',')]),
    );
    for (const rule of route.spec.rules) expect(rule.backendRefs).toEqual([{ name: 'gateway', port: 80 }]);
    if (overlay === 'prod') {
      // TLS ends at the Gateway; plain HTTP only redirects
      expect(listeners.find((l: any) => l.name === route.spec.parentRefs[0].sectionName)).toMatchObject({
        protocol: 'HTTPS',
        tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'shop-tls' }] },
      });
      const redirect = find(objects, 'HTTPRoute', 'shop-https-redirect')!;
      expect(redirect.spec.hostnames).toEqual(hosts);
      expect(listeners.find((l: any) => l.name === redirect.spec.parentRefs[0].sectionName).protocol).toBe('HTTP');
      expect(redirect.spec.rules).toEqual([
        { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] },
      ]);
    } else {
      expect(listeners.map((l: any) => l.protocol)).toEqual(['HTTP']);
      expect(routes).toHaveLength(1);
    }
    // Envoy ends a request after 15 s unless the rule says otherwise: the event streams end themselves after at
    // most 10 minutes, an upload of 15 MB may take minutes on a slow line
    const timeoutOf = (path: string, method = 'GET') =>
      seconds(
        route.spec.rules.find((rule: any) =>
          rule.matches.some(
            (m: any) =>
              (m.method ?? method) === method &&
              (m.path.type === 'Exact' ? m.path.value === path : path.startsWith(m.path.value)),
          ),
        ).timeouts.request,
      );
    expect(timeoutOf('/api/backoffice/order-events')).toBeGreaterThan(LONGEST_EVENT_STREAM_S);
    expect(timeoutOf('/api/digital-signage-player/events')).toBeGreaterThan(LONGEST_EVENT_STREAM_S);
    expect(timeoutOf('/api/uploads', 'POST')).toBeGreaterThanOrEqual(5 * 60);
    expect(timeoutOf('/api/orders')).toBeGreaterThanOrEqual(30);
  });

  it('runs NATS as a 3-node JetStream cluster with 3-replica streams (1 in dev), its store within its volume', () => {
    const nats = find(objects, 'StatefulSet', 'nats')!;
    expect(nats.spec.replicas).toBe(3);
    const conf = generated(objects, 'ConfigMap', 'nats-config')!.data!['nats.conf']!;
    expect(conf).toMatch(/jetstream \{/);
    expect(conf.match(/nats:\/\/nats-\d\.nats-cluster:6222/g)).toHaveLength(3);
    expect(sharedConfig(objects).NATS_STREAM_REPLICAS).toBe(overlay === 'dev' ? 1 : 3);
    // the store's limit leaves a fifth of the volume to the cluster's raft logs and the file system
    const store = bytes(/max_file_store:\s*(\S+)/.exec(conf)![1]!, 'nats');
    const volume = bytes(nats.spec.volumeClaimTemplates[0].spec.resources.requests.storage, 'kubernetes');
    expect(store).toBe(8e9);
    expect(store).toBeLessThanOrEqual(0.8 * volume);
    for (const name of ['postgres', 'redis']) {
      if (overlay === 'dev') expect(find(objects, 'StatefulSet', name)).toBeDefined();
      else {
        expect(find(objects, 'StatefulSet', name)).toBeUndefined();
        expect(find(objects, 'Service', name)?.spec.type).toBe('ExternalName');
      }
    }
  });

  it('lets only the Secret’s NATS user in: the servers take it from the same keys, nats-server refuses anyone else', async () => {
    const nats = find(objects, 'StatefulSet', 'nats')!;
    const { env: serverEnv } = containerEnv(objects, nats, secrets);
    expect(serverEnv).toMatchObject({ NATS_USER: secrets.NATS_USER, NATS_PASSWORD: secrets.NATS_PASSWORD });
    const files = generated(objects, 'ConfigMap', 'nats-config')!.data!;
    expect(files['nats.conf']).toMatch(/authorization \{\s*user: \$NATS_USER\s*password: \$NATS_PASSWORD\s*\}/);

    await withNatsServer(
      files,
      { NATS_USER: secrets.NATS_USER!, NATS_PASSWORD: secrets.NATS_PASSWORD! },
      async (port) => {
        const url = `nats://127.0.0.1:${port}`;
        const config = {
          ...sharedConfig(objects),
          NATS_URL: url,
          NATS_USER: secrets.NATS_USER,
          NATS_PASSWORD: secrets.NATS_PASSWORD,
        };
        const nc = await connect({ ...natsOptions(config, 'kubernetes-spec'), maxReconnectAttempts: 0 });
        await nc.flush();
        await nc.close();
        for (const stranger of [{}, { user: secrets.NATS_USER, pass: 'guessed' }])
          await expect(connect({ servers: url, maxReconnectAttempts: 0, ...stranger })).rejects.toThrow(
            /Authorization Violation/,
          );
      },
    );
  });

  it('puts PgBouncer (transaction pooling with prepared statements) between the pooled processes and Postgres', () => {
    const bouncer = find(objects, 'Deployment', 'pgbouncer')!;
    const container = bouncer.spec.template.spec.containers[0];
    const [major, minor] = /:(\d+)\.(\d+)\.\d+$/.exec(container.image)!.slice(1).map(Number) as [number, number];
    expect(major * 100 + minor).toBeGreaterThanOrEqual(
      PGBOUNCER_PREPARED_STATEMENTS[0]! * 100 + PGBOUNCER_PREPARED_STATEMENTS[1]!,
    );
    const configMap = generated(objects, 'ConfigMap', 'pgbouncer-config')!;
    const { settings, databases } = parsePgbouncerIni(configMap.data!['pgbouncer.ini']!);
    expect(settings).toMatchObject({ pool_mode: 'transaction', auth_type: 'scram-sha-256' });
    expect(Number(settings.max_prepared_statements)).toBeGreaterThan(0);
    // the files it reads are the ones mounted
    const mounts = Object.fromEntries(container.volumeMounts.map((m: any) => [m.name, m.mountPath]));
    const volumes = Object.fromEntries(bouncer.spec.template.spec.volumes.map((v: any) => [v.name, v]));
    expect(container.command).toEqual(['/usr/bin/pgbouncer', `${mounts.config}/pgbouncer.ini`]);
    expect(volumes.config.configMap.name).toBe(configMap.metadata.name);
    expect(volumes.auth.secret.items).toEqual([{ key: 'PGBOUNCER_AUTH_FILE', path: 'userlist.txt' }]);
    expect(settings.auth_file).toBe(`${mounts.auth}/userlist.txt`);

    const config = sharedConfig(objects);
    const timeouts = databaseTimeouts(config);
    const direct = new URL(secrets.DATABASE_URL_DIRECT!);
    const pooledUrl = new URL(secrets.DATABASE_URL!);
    expect(`${pooledUrl.hostname}:${pooledUrl.port}`).toBe(`pgbouncer:${settings.listen_port}`);
    // PgBouncer's database is the real one, and it logs in with the role of the direct URL
    const database = databases[pooledUrl.pathname.slice(1)]!;
    expect(`${database.host}:${database.port}/${database.dbname}`).toBe(
      `${direct.hostname}:${direct.port}${direct.pathname}`,
    );
    expect(secrets.PGBOUNCER_AUTH_FILE!.trim()).toBe(`"${direct.username}" "${decodeURIComponent(direct.password)}"`);
    expect([pooledUrl.username, pooledUrl.password]).toEqual([direct.username, direct.password]);

    // What each process's pool sends at connect: PgBouncer accepts what it tracks (application_name) and what it is
    // told to ignore; what it ignores must then hold on its server connections already (connect_query), with the
    // process's own values. A process with session settings (`options`) cannot go through it.
    const tracked = ['application_name', 'client_encoding', 'datestyle', 'timezone', 'standard_conforming_strings'];
    const ignored = settings.ignore_startup_parameters!.split(',').map((p) => p.trim());
    const onServer = Object.fromEntries(
      [...database.connect_query!.matchAll(/SET (\w+) = (\d+)/g)].map((m) => [m[1], Number(m[2])]),
    );
    const viaPgbouncer: string[] = [];
    for (const name of Object.keys(PROCESSES)) {
      const { env } = containerEnv(objects, find(objects, 'Deployment', name)!, secrets);
      if (!POOLED_PROCESSES.includes(name as PooledProcess)) continue;
      if (env.DATABASE_URL === secrets.DATABASE_URL_DIRECT) continue;
      expect({ name, url: env.DATABASE_URL }).toEqual({ name, url: secrets.DATABASE_URL });
      viaPgbouncer.push(name);
      const extra = dataSourceOptions({
        url: env.DATABASE_URL!,
        schema: name,
        entities: [],
        migrations: [],
        applicationName: name,
        timeouts,
        sessionSettings: SESSION_SETTINGS[name],
      }).extra as Record<string, unknown>;
      const sent = ['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout', 'options'].filter(
        (p) => extra[p] !== undefined,
      );
      expect({
        name,
        refused: sent.concat('application_name').filter((p) => !tracked.includes(p) && !ignored.includes(p)),
      }).toEqual({ name, refused: [] });
      for (const p of sent) expect({ name, [p]: onServer[p] }).toEqual({ name, [p]: extra[p] });
    }
    expect(viaPgbouncer.sort()).toEqual(POOLED_PROCESSES.filter((p) => p !== 'statistics').sort());
  });

  it('keeps every pool within PgBouncer and PgBouncer within Postgres, at the autoscalers’ maximum', () => {
    const config = sharedConfig(objects);
    const plan = connectionPlan(config);
    expect(plan.pooled).toBe(true);
    expect(plan.total).toBeLessThanOrEqual(plan.budget);
    // the replicas the budget is planned for are the ones the manifests may run
    for (const p of POOLED_PROCESSES)
      expect({ p, replicas: plan.replicas[p] }).toEqual({ p, replicas: mostReplicas(find(objects, 'Deployment', p)!) });

    const { settings } = parsePgbouncerIni(
      generated(objects, 'ConfigMap', 'pgbouncer-config')!.data!['pgbouncer.ini']!,
    );
    const viaPgbouncer = (p: PooledProcess) =>
      containerEnv(objects, find(objects, 'Deployment', p)!, secrets).env.DATABASE_URL === secrets.DATABASE_URL;
    // every replica at the maximum plus a rolling update's surge, all pools full
    const clients = (pooled: boolean) =>
      POOLED_PROCESSES.filter((p) => viaPgbouncer(p) === pooled).reduce((sum, p) => {
        const d = find(objects, 'Deployment', p)!;
        return sum + plan.pools[p] * (mostReplicas(d) + surge(d));
      }, 0);
    // the Service may send every client to the same instance: each takes them all
    expect(clients(true)).toBeLessThanOrEqual(Number(settings.max_client_conn));

    const bouncer = find(objects, 'Deployment', 'pgbouncer')!;
    const perInstance = Math.min(
      Number(settings.max_db_connections),
      Number(settings.default_pool_size) + Number(settings.reserve_pool_size),
    );
    const server = perInstance * (mostReplicas(bouncer) + surge(bouncer));
    const postgres = config.DATABASE_MAX_CONNECTIONS;
    if (overlay === 'dev') {
      const args = find(objects, 'StatefulSet', 'postgres')!.spec.template.spec.containers[0].args.join(' ');
      expect(args).toContain(`max_connections=${postgres}`);
    }
    expect(server + clients(false)).toBeLessThanOrEqual(postgres - config.DATABASE_RESERVED_CONNECTIONS);
    console.log(
      `connections ${overlay}: pools ${JSON.stringify(plan.pools)} → ${clients(true)} clients of PgBouncer ` +
        `(max_client_conn ${settings.max_client_conn}) and ${clients(false)} straight to Postgres; PgBouncer ` +
        `${mostReplicas(bouncer) + surge(bouncer)} × ${perInstance} = ${server} server connections; Postgres ` +
        `${server} + ${clients(false)} + reserve ${config.DATABASE_RESERVED_CONNECTIONS} ≤ max_connections ${postgres}`,
    );
  });

  if (overlay === 'prod')
    it('ships no Secret: every required key is one the operator is told to create', () => {
      expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
      const example = prodSecretExample();
      const keys = podTemplates(objects).flatMap(({ spec }) => [
        ...[...(spec.initContainers ?? []), ...spec.containers].flatMap((c: any) =>
          (c.env ?? [])
            .filter((e: any) => e.valueFrom?.secretKeyRef)
            .map((e: any) => ({ ...e.valueFrom.secretKeyRef, optional: e.valueFrom.secretKeyRef.optional ?? false })),
        ),
        ...(spec.volumes ?? [])
          .filter((v: any) => v.secret && v.secret.secretName === 'shop-secrets')
          .flatMap((v: any) => v.secret.items.map((i: any) => ({ name: 'shop-secrets', key: i.key, optional: false }))),
      ]);
      expect(keys.length).toBeGreaterThan(10);
      for (const ref of keys) {
        expect(ref.name).toBe('shop-secrets');
        if (!ref.optional) expect(Object.keys(example)).toContain(ref.key);
      }
    });
});

describe('deploy/k8s components and scripts', () => {
  it('components/nats-tls: TLS for clients and routes, every process checks the servers with the CA', async () => {
    const objects = renderWith('resources: [../overlays/prod]\ncomponents: [../components/nats-tls]\n');
    const files = generated(objects, 'ConfigMap', 'nats-config')!.data!;
    expect(files['nats.conf']).toMatch(/include \.\/tls\.conf/);
    expect(files['nats.conf']).toMatch(/cluster \{[^}]*include \.\/cluster-tls\.conf/s);
    const nats = find(objects, 'StatefulSet', 'nats')!.spec.template.spec;
    const natsMount = nats.containers[0].volumeMounts.find((m: any) => m.name === 'nats-tls').mountPath;
    for (const file of ['tls.conf', 'cluster-tls.conf'])
      for (const key of ['tls.crt', 'tls.key', 'ca.crt']) expect(files[file]).toContain(`${natsMount}/${key}`);
    const config = sharedConfig(objects);
    expect(config.NATS_URL).toBe('tls://nats:4222');
    for (const name of Object.keys(PROCESSES)) {
      const spec = find(objects, 'Deployment', name)!.spec.template.spec;
      const mount = spec.containers[0].volumeMounts.find((m: any) => m.name === 'nats-tls');
      const volume = spec.volumes.find((v: any) => v.name === 'nats-tls');
      expect(`${mount.mountPath}/${volume.secret.items[0].path}`).toBe(config.NATS_TLS_CA_FILE);
      expect(natsOptions(config, name).tls).toEqual({ caFile: config.NATS_TLS_CA_FILE });
    }

    // nats-server takes the configuration; a process with the CA connects over TLS
    const auth = { NATS_USER: 'shop', NATS_PASSWORD: 'a-password-for-this-test' };
    await withNatsServer(
      files,
      auth,
      async (port, dir) => {
        const tls = { ...config, ...auth, NATS_URL: `tls://127.0.0.1:${port}`, NATS_TLS_CA_FILE: `${dir}/ca.crt` };
        const nc = await connect({ ...natsOptions(tls, 'kubernetes-spec'), maxReconnectAttempts: 0 });
        await nc.flush();
        await nc.close();
        // the server requires TLS (the client follows), and without the CA it is not trusted
        await expect(
          connect({ ...natsOptions({ ...tls, NATS_TLS_CA_FILE: undefined }, 'no-ca'), maxReconnectAttempts: 0 }),
        ).rejects.toThrow(/unable to verify/);
      },
      (dir) => (certificates(dir), { [`${natsMount}/`]: `${dir}/` }),
    );
  });

  it.each(['prod', 'dev'] as const)(
    'rollout.sh %s <tag>: settings, NATS and PgBouncer first, the migrations alone, then the processes, at that tag',
    (overlay) => {
      // a kubectl that renders for real and records the rest (no cluster here)
      const bin = mkdtempSync(join(tmpdir(), 'rollout-'));
      const kubectl = execFileSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).trim();
      writeFileSync(
        join(bin, 'kubectl'),
        `#!/bin/sh
[ "$1" = kustomize ] && exec ${kubectl} "$@"
echo "$*" >> ${bin}/calls
prev=
for a in "$@"; do [ "$prev" = -f ] && [ ! -e ${bin}/applied.yaml ] && cp "$a" ${bin}/applied.yaml; prev=$a; done
case "$*" in
  "-n shop get deployment gateway "*|"-n shop-dev get deployment gateway "*) echo '{"spec":{"replicas":2}}' ;;
  *--dry-run=client*) echo deployment.apps/gateway; echo deployment.apps/order ;;
esac
`,
      );
      chmodSync(join(bin, 'kubectl'), 0o755);
      try {
        execFileSync('bash', [`${K8S}rollout.sh`, overlay, '1.8.0'], {
          env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
          stdio: 'pipe',
        });
        const ns = overlay === 'prod' ? 'shop' : 'shop-dev';
        const calls = readFileSync(join(bin, 'calls'), 'utf8')
          .trim()
          .split('\n')
          .filter((c) => !c.includes(' get deployment '))
          .map((c) => c.replace(/\S*\/all\.yaml/, 'all.yaml'));
        const component = 'app.kubernetes.io/component';
        expect(calls).toEqual([
          // the count of an earlier apply is forgotten once, so the autoscaler's count stays
          `-n ${ns} annotate deployment gateway kubectl.kubernetes.io/last-applied-configuration-`,
          `apply -f all.yaml -l ${component} notin (migrate,service,gateway)`,
          `-n ${ns} rollout status statefulset/nats --timeout=10m`,
          `-n ${ns} rollout status deployment/pgbouncer --timeout=5m`,
          `-n ${ns} delete job migrate --ignore-not-found --wait=true`,
          `apply -f all.yaml -l ${component}=migrate`,
          `-n ${ns} wait --for=condition=complete job/migrate --timeout=15m`,
          'apply -f all.yaml',
          `apply -f all.yaml -l ${component} in (service,gateway) --dry-run=client -o name`,
          `-n ${ns} rollout status deployment.apps/gateway --timeout=10m`,
          `-n ${ns} rollout status deployment.apps/order --timeout=10m`,
        ]);
        const applied = readFileSync(join(bin, 'applied.yaml'), 'utf8');
        const images = new Set([...applied.matchAll(/image: (\S+)/g)].map((m) => m[1]));
        const app = APP_IMAGE[overlay].replace(/:[^:]+$/, ':1.8.0');
        expect([...images].filter((i) => i!.startsWith(APP_IMAGE[overlay].replace(/:[^:]+$/, '')))).toEqual([app]);
        expect(readdirSync(K8S).filter((f) => f.startsWith('.rollout.'))).toEqual([]);
      } finally {
        rmSync(bin, { recursive: true, force: true });
      }
    },
  );
});
