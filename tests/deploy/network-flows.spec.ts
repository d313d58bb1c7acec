import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type K8sObject, OVERLAYS, type Overlay, render } from './lib/kustomize.js';
import { connection, external, type Peer, podIn, podsOf } from './lib/network-policy.js';

/**
 * Issue 39 item 1: every rendered NetworkPolicy evaluated against every rendered pod and port of both overlays, as
 * a plugin that enforces them would. The flows the shop needs (NEEDED) are allowed, every other combination of
 * source, destination and port is denied. The matrix is printed (allowed flows) and written in full to
 * var/network-flows/<overlay>.txt.
 */

/** where the Gateway API controller's proxies run: base/network-policies.yaml `gateway-from-proxies` */
const PROXY_NAMESPACE = 'envoy-gateway-system';
/** Prometheus' namespace (deploy/monitoring/k8s): every pod there is a scraper */
const MONITORING_NAMESPACE = 'monitoring';

const SERVICES = [
  'catalogue',
  'identity',
  'order',
  'content',
  'workers',
  'payment',
  'statistics',
  'time-tracking',
  'signage',
];
const APPS = ['gateway', ...SERVICES];
/** the processes with a database pool that goes through PgBouncer */
const POOLED = ['catalogue', 'identity', 'order', 'content', 'payment', 'time-tracking', 'signage'];
/** what connects to Postgres itself: PgBouncer, statistics (session settings) and the migrations */
const POSTGRES_CLIENTS = ['pgbouncer', 'statistics', 'migrate'];
/** /metrics: each process's health port, NATS' monitoring endpoint and its exporter */
const METRICS: Record<string, number[]> = {
  gateway: [3100],
  catalogue: [3101],
  identity: [3102],
  order: [3103],
  content: [3104],
  workers: [3105],
  payment: [3106],
  statistics: [3107],
  'time-tracking': [3108],
  signage: [3109],
  nats: [8222, 7777],
};

// peers outside the namespace; addresses from the documentation ranges, Postgres and Redis of prod as in
// overlays/prod/network-policies.yaml
const INTERNET = external('203.0.113.10', 'internet');
const CLOUD_METADATA = external('169.254.169.254', 'cloud-metadata');
const PROD_POSTGRES = external('172.20.0.10', 'postgres-external');
const PROD_REDIS = external('172.20.0.20', 'redis-external');
const KUBE_DNS = podIn('kube-system', { 'k8s-app': 'kube-dns' }, 'kube-dns');
const PROMETHEUS = podIn(MONITORING_NAMESPACE, { 'app.kubernetes.io/name': 'prometheus' }, 'prometheus');
const PROXY = podIn(PROXY_NAMESPACE, { 'app.kubernetes.io/name': 'envoy' }, 'proxy');
const OTHER_NAMESPACE = podIn('default', { app: 'other' }, 'other-namespace');
const INTERNET_CLIENT = external('198.51.100.7', 'internet-client');
/** the ports asked of every address outside the cluster: the providers', the databases', and some never needed */
const EXTERNAL_PORTS = [22, 25, 80, 443, 465, 587, 5432, 6379];

interface Need {
  from: string[];
  to: string;
  ports: string[]; // 4222, 53/UDP
  why: string;
}

/** The flows the architecture needs (ARCHITECTURE.md "Running at scale", deploy/RUNBOOK.md "What runs"). */
function needed(overlay: Overlay, shopPods: string[]): Need[] {
  const tcp = (...ports: number[]) => ports.map(String);
  return [
    { from: ['proxy'], to: 'gateway', ports: tcp(3000), why: "HTTP from the Gateway's proxies" },
    { from: APPS, to: 'nats', ports: tcp(4222), why: 'requests and events' },
    { from: ['nats'], to: 'nats', ports: tcp(6222), why: "the cluster's routes" },
    ...Object.entries(METRICS).map(([to, ports]) => ({
      from: ['monitoring'],
      to,
      ports: tcp(...ports),
      why: 'scrape',
    })),
    { from: POOLED, to: 'pgbouncer', ports: tcp(6432), why: 'pooled database connections' },
    {
      from: POSTGRES_CLIENTS,
      to: overlay === 'dev' ? 'postgres' : PROD_POSTGRES.name,
      ports: tcp(5432),
      why: 'Postgres itself',
    },
    {
      from: APPS,
      to: overlay === 'dev' ? 'redis' : PROD_REDIS.name,
      ports: tcp(6379),
      why: 'sessions, limits, leases, BullMQ',
    },
    { from: ['workers'], to: INTERNET.name, ports: tcp(25, 465, 587, 443), why: 'mail server, SMS provider' },
    ...(overlay === 'dev' ? [{ from: ['workers'], to: 'mail', ports: tcp(1025), why: 'MailDev catches e-mail' }] : []),
    { from: ['payment', 'content'], to: INTERNET.name, ports: tcp(443), why: 'payment and AI providers, fonts' },
    { from: [...shopPods, 'stray-pod'], to: KUBE_DNS.name, ports: ['53/UDP', '53/TCP'], why: 'DNS' },
  ];
}

/** who a source is in the table: a shop pod by its workload, every pod of `monitoring` as the scraper */
const roleOf = (peer: Peer) =>
  peer.kind === 'pod' && peer.namespace === MONITORING_NAMESPACE ? 'monitoring' : peer.name;

interface Cell {
  from: string;
  to: string;
  port: string;
  allowed: boolean;
  expected: boolean;
  reason: string;
}

function matrix(overlay: Overlay, objects: K8sObject[]): Cell[] {
  const namespace = objects.find((o) => o.kind === 'Namespace' && o.metadata.name !== MONITORING_NAMESPACE)!.metadata
    .name;
  const pods = podsOf(objects);
  const shopPods = pods.filter((p) => p.namespace === namespace);
  const sources: Peer[] = [
    ...pods,
    PROXY,
    PROMETHEUS,
    OTHER_NAMESPACE,
    podIn(namespace, {}, 'stray-pod'),
    INTERNET_CLIENT,
  ];
  const destinations: { peer: Peer; ports: { port: number; protocol: string }[] }[] = [
    ...shopPods.map((peer) => ({
      peer,
      ports: peer.ports.map((p) => ({ port: p.containerPort, protocol: p.protocol ?? 'TCP' })),
    })),
    { peer: KUBE_DNS, ports: [53, 53].map((port, i) => ({ port, protocol: i ? 'TCP' : 'UDP' })) },
    { peer: PROMETHEUS, ports: [{ port: 9090, protocol: 'TCP' }] },
    { peer: OTHER_NAMESPACE, ports: [80, 443].map((port) => ({ port, protocol: 'TCP' })) },
    ...[INTERNET, CLOUD_METADATA, ...(overlay === 'prod' ? [PROD_POSTGRES, PROD_REDIS] : [])].map((peer) => ({
      peer,
      ports: EXTERNAL_PORTS.map((port) => ({ port, protocol: 'TCP' })),
    })),
  ];
  const needs = needed(
    overlay,
    shopPods.map((p) => p.name),
  );
  const known = new Set([...sources.map(roleOf), ...destinations.map((d) => d.peer.name), 'monitoring']);
  const unknown = needs.flatMap((n) => [...n.from, n.to]).filter((name) => !known.has(name));
  if (unknown.length) throw new Error(`the table names peers that are not rendered: ${unknown.join(', ')}`);

  // the shop's policies speak for its own pods: a flow between two peers outside it is not theirs to allow or deny.
  // A workload to itself is one replica to another (NATS' routes on 6222: allowed; every other: denied).
  const inShop = (peer: Peer) => peer.kind === 'pod' && peer.namespace === namespace;
  return sources.flatMap((from) =>
    destinations.flatMap(({ peer: to, ports }) =>
      ports
        .filter(() => inShop(from) || inShop(to))
        .map(({ port, protocol }) => {
          const key = protocol === 'TCP' ? String(port) : `${port}/${protocol}`;
          const verdict = connection(objects, from, to, port, protocol);
          const expected = needs.some(
            (n) =>
              n.to === to.name &&
              n.from.includes(roleOf(from)) &&
              (n.ports.includes(key) || n.ports.includes(`${port}/${protocol}`)),
          );
          return {
            from: roleOf(from),
            to: to.name,
            port: key,
            allowed: verdict.allowed,
            expected,
            reason: verdict.reason,
          };
        }),
    ),
  );
}

const VAR = fileURLToPath(new URL('../../var/network-flows/', import.meta.url));

describe.each(OVERLAYS)('the NetworkPolicies of deploy/k8s overlay %s', (overlay) => {
  const objects = render(overlay);
  const cells = matrix(overlay, objects);

  it('allow every flow the shop needs and deny every other source, destination and port', () => {
    const wrong = cells
      .filter((c) => c.allowed !== c.expected)
      .map((c) => `${c.from} → ${c.to}:${c.port} ${c.allowed ? 'allowed' : 'denied'} (${c.reason})`);
    expect(wrong).toEqual([]);

    const allowed = cells.filter((c) => c.allowed);
    // every pod of `monitoring` speaks as one source (Prometheus, Grafana and the stand-in): one line for them
    const bySource = new Map<string, Set<string>>();
    for (const c of allowed) bySource.set(c.from, (bySource.get(c.from) ?? new Set()).add(`${c.to}:${c.port}`));
    console.log(
      `network flows ${overlay}: ${allowed.length} allowed of ${cells.length} (source → destination:port)\n` +
        [...bySource].map(([from, to]) => `  ${from} → ${[...to].join(', ')}`).join('\n'),
    );
    mkdirSync(VAR, { recursive: true });
    writeFileSync(
      `${VAR}${overlay}.txt`,
      `# deploy/k8s/overlays/${overlay}: every source × destination × port (tests/deploy/network-flows.spec.ts)\n` +
        cells.map((c) => `${c.allowed ? 'ALLOW' : 'deny '} ${c.from} → ${c.to}:${c.port}  (${c.reason})`).join('\n') +
        '\n',
    );
    // the matrix is not trivially small: every pod and port of the overlay is in it
    expect(cells.length).toBeGreaterThan(overlay === 'dev' ? 500 : 400);
  });

  it('find every pod of the shop labelled as part of it (the label the policies used to select by)', () => {
    const unlabelled = podsOf(objects)
      .filter((p) => p.namespace !== MONITORING_NAMESPACE && p.labels['app.kubernetes.io/part-of'] !== 'shop')
      .map((p) => p.name);
    expect(unlabelled).toEqual([]);
  });
});
