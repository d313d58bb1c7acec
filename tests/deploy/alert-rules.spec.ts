import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments, parseDocument, stringify } from 'yaml';
import { metricsRegistry } from '@shop/server';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MONITORING = join(ROOT, 'deploy/monitoring');
const K8S = join(MONITORING, 'k8s');
const RULES = join(K8S, 'prometheus/alert-rules.yaml');
const SCRAPE_CONFIG = join(K8S, 'prometheus/prometheus.yml');
const DASHBOARD = join(K8S, 'grafana/shop.json');
const TESTS = join(MONITORING, 'tests');
const TEST_FILES = readdirSync(TESTS)
  .filter((f) => f.endsWith('.test.yaml'))
  .map((f) => join(TESTS, f));

/**
 * Series that do not come from the shop's processes: Prometheus' own `up`, and prometheus-nats-exporter's
 * (-varz -jsz=all, no -prefix) in the NATS pods. The exporter's names checked against its source: varz JSON keys
 * flattened under `gnatsd_varz_` (collector/collector.go: jetstream.stats.storage, jetstream.config.max_storage),
 * and collector/jsz.go's `jetstream_server_total_streams`.
 */
const NOT_FROM_THE_APP = [
  'up',
  'gnatsd_varz_jetstream_stats_storage',
  'gnatsd_varz_jetstream_config_max_storage',
  'jetstream_server_total_streams',
];

interface Rule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: string };
  annotations: { summary: string; runbook: string };
}
interface RuleTest {
  interval: string;
  input_series: { series: string; values: string }[];
  alert_rule_test: { eval_time: string; alertname: string; exp_alerts: unknown[] }[];
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any; // a rendered manifest, checked field by field below
  data?: Record<string, string>;
  subjects?: { kind: string; name: string; namespace?: string }[];
  rules?: { resources: string[]; verbs: string[] }[];
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
}

const rules = (parse(readFileSync(RULES, 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);
const alertNames = rules.map((r) => r.alert);
const ruleTests = TEST_FILES.flatMap((f) => (parse(readFileSync(f, 'utf8')) as { tests: RuleTest[] }).tests);
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
  schemaVersion: number;
  panels: Panel[];
  templating: {
    list: { name: string; type: string; query: unknown; definition?: string; current?: { value: string } }[];
  };
};
const queryPanels = dashboard.panels.filter((p) => p.type !== 'row');

/** A new temporary folder, removed after the tests. */
const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function promtool(args: string[], cwd = ROOT) {
  const run = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
  if (run.error)
    throw new Error(`promtool: ${run.error.message} (Debian's "prometheus" package has it; .ci/run installs it)`);
  return { status: run.status, output: run.stdout + run.stderr };
}

function kustomize(dir: string): K8sObject[] {
  const out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJSON() as K8sObject);
}

/** `name{a="b", …}` of a promtool input series. */
function parseSeries(series: string): { name: string; labels: Record<string, string> } {
  const m = /^([a-zA-Z_:][\w:]*)\{(.*)\}$/.exec(series.trim());
  if (!m) throw new Error(`not a series: ${series}`);
  const labels = Object.fromEntries([...m[2]!.matchAll(/(\w+)\s*=\s*"((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
  return { name: m[1]!, labels };
}

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, ranges, label lists,
 * Grafana variables and function calls are taken out.
 */
const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'offset', 'bool', 'inf', 'nan']);
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\$\{?\w+\}?/g, '')
    .replace(/#.*$/gm, '');
  return [...bare.matchAll(/\b([a-zA-Z_:][\w:]*)\b(?!\s*\()/g)]
    .map((m) => m[1]!)
    .filter((w) => !PROMQL_WORDS.has(w.toLowerCase()));
}

/**
 * Every series name the processes export: what the library registers (Node's defaults, the metrics of
 * libs/server/src/metrics and those registered elsewhere in @shop/server, e.g. shop_dependency_up), histograms and
 * summaries with their series suffixes.
 */
async function exportedNames(): Promise<Set<string>> {
  const suffixes: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count'] };
  const names = new Set<string>();
  for (const { name, type } of await metricsRegistry.getMetricsAsJSON())
    for (const suffix of ['', ...(suffixes[String(type)] ?? [])]) names.add(name + suffix);
  return names;
}

interface Relabel {
  action?: string;
  source_labels?: string[];
  regex?: string;
  target_label?: string;
  replacement?: string;
  separator?: string;
}
const sanitize = (name: string) => name.replace(/[^a-zA-Z0-9_]/g, '_');
/**
 * The labels Prometheus gives a pod of a rendered workload, by the relabelling of prometheus.yml (the actions it
 * uses: keep, drop, replace, labelmap, labeldrop), from the metadata kubernetes_sd gives a running pod. Undefined
 * when the config does not scrape the pod. (The Debian promtool cannot check a kubernetes_sd config.)
 */
function targetLabels(job: { job_name: string; relabel_configs: Relabel[] }, workload: K8sObject) {
  const template = workload.spec.template;
  const port = template.spec.containers[0].ports?.[0]?.containerPort ?? 80;
  let labels: Record<string, string> = {
    job: job.job_name,
    __address__: `10.1.0.7:${port}`,
    __metrics_path__: '/metrics',
    __meta_kubernetes_namespace: workload.metadata.namespace ?? 'default',
    __meta_kubernetes_pod_name: `${workload.metadata.name}-0`,
    __meta_kubernetes_pod_ip: '10.1.0.7',
    __meta_kubernetes_pod_phase: 'Running',
  };
  // the labels Kubernetes adds to a workload's pods
  const added: Record<string, Record<string, string>> = {
    Deployment: { 'pod-template-hash': '5d8c7b9f4' },
    StatefulSet: {
      'controller-revision-hash': `${workload.metadata.name}-7b9c6d5f4`,
      'statefulset.kubernetes.io/pod-name': `${workload.metadata.name}-0`,
      'apps.kubernetes.io/pod-index': '0',
    },
  };
  const podLabels = { ...template.metadata.labels, ...added[workload.kind] };
  for (const [k, v] of Object.entries<string>(podLabels)) {
    labels[`__meta_kubernetes_pod_label_${sanitize(k)}`] = v;
    labels[`__meta_kubernetes_pod_labelpresent_${sanitize(k)}`] = 'true';
  }
  for (const [k, v] of Object.entries<string>(template.metadata.annotations ?? {})) {
    labels[`__meta_kubernetes_pod_annotation_${sanitize(k)}`] = v;
    labels[`__meta_kubernetes_pod_annotationpresent_${sanitize(k)}`] = 'true';
  }
  for (const r of job.relabel_configs) {
    const regex = new RegExp(`^(?:${r.regex ?? '(.*)'})$`);
    const value = (r.source_labels ?? []).map((l) => labels[l] ?? '').join(r.separator ?? ';');
    const action = r.action ?? 'replace';
    if (action === 'keep' && !regex.test(value)) return undefined;
    if (action === 'drop' && regex.test(value)) return undefined;
    if (action === 'replace' && regex.test(value))
      labels[r.target_label!] = value.replace(regex, (r.replacement ?? '$1').replace(/\$\{?(\d)\}?/g, '$$$1'));
    if (action === 'labelmap')
      for (const [k, v] of Object.entries(labels))
        if (regex.test(k)) labels[k.replace(regex, r.replacement ?? '$1')] = v;
    if (action === 'labeldrop') labels = Object.fromEntries(Object.entries(labels).filter(([k]) => !regex.test(k)));
    if (!['keep', 'drop', 'replace', 'labelmap', 'labeldrop'].includes(action)) throw new Error(`relabel ${action}`);
  }
  labels.instance ??= labels.__address__!;
  return Object.fromEntries(Object.entries(labels).filter(([k]) => !k.startsWith('__')));
}

/** A GitHub heading anchor: lower case, punctuation but hyphens gone, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** A copy of the rule tests in a temporary folder, next to `rulesText` as the rules file they load. */
function testsAgainst(rulesText: string): string {
  const dir = tempDir('alert-rules-');
  const rulesCopy = join(dir, relative(MONITORING, RULES));
  mkdirSync(dirname(rulesCopy), { recursive: true });
  writeFileSync(rulesCopy, rulesText);
  cpSync(TESTS, join(dir, 'tests'), { recursive: true });
  return join(dir, 'tests');
}

/** Every alert's `for:` scaled by `factor` (in seconds, so halves stay exact). */
function scaledFor(factor: number): string {
  const doc = parseDocument(readFileSync(RULES, 'utf8'));
  const unit: Record<string, number> = { s: 1, m: 60, h: 3600 };
  for (const group of (doc.get('groups') as { items: { get(k: string): { items: unknown[] } }[] }).items)
    for (const rule of group.get('rules').items as { get(k: string): string; set(k: string, v: string): void }[]) {
      const [, n, u] = /^(\d+)([smh])$/.exec(rule.get('for'))!;
      rule.set('for', `${Number(n) * unit[u!]! * factor}s`);
    }
  return String(doc);
}
const failingAlerts = (output: string) => new Set([...output.matchAll(/alertname: (\w+)/g)].map((m) => m[1]));

/**
 * Issue 39 item 10 (and item 6's storage alert): the alert rules are unit-tested with promtool against series
 * labelled the way Prometheus labels the manifests' pods, every alert has a runbook section, and a Grafana
 * dashboard and Prometheus are deployable next to the shop (deploy/monitoring/k8s).
 */
describe('deploy/monitoring: the alert rules', () => {
  it('are valid, and every unit test in deploy/monitoring/tests passes (promtool)', () => {
    const check = promtool(['check', 'rules', RULES]);
    expect(check.output).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(check.status).toBe(0);
    expect(TEST_FILES.length).toBeGreaterThanOrEqual(4);
    const run = promtool(['test', 'rules', ...TEST_FILES], TESTS);
    expect({ status: run.status, failures: run.status === 0 ? '' : run.output }).toEqual({ status: 0, failures: '' });
    expect(run.output.match(/SUCCESS/g)).toHaveLength(TEST_FILES.length);
  });

  it('are tested with their `for:`: twice as long, each alert misses its firing case; half as long, each fires early', () => {
    for (const factor of [2, 0.5]) {
      const run = promtool(
        ['test', 'rules', ...TEST_FILES.map((f) => relative(TESTS, f))],
        testsAgainst(scaledFor(factor)),
      );
      expect(run.status).not.toBe(0);
      expect({ factor, failing: [...failingAlerts(run.output)].sort() }).toEqual({
        factor,
        failing: [...alertNames].sort(),
      });
    }
  });

  it('are each tested firing and not firing, and have a severity, a summary and a runbook section', () => {
    const cases = ruleTests.flatMap((t) => t.alert_rule_test);
    const runbook = readFileSync(join(ROOT, 'deploy/RUNBOOK.md'), 'utf8');
    const anchors = new Set([...runbook.matchAll(/^#{2,4} (.+)$/gm)].map((m) => anchor(m[1]!)));
    expect(alertNames.length).toBeGreaterThanOrEqual(15);
    expect(new Set(alertNames).size).toBe(alertNames.length);
    for (const rule of rules) {
      const mine = cases.filter((c) => c.alertname === rule.alert);
      expect({ alert: rule.alert, fires: mine.some((c) => c.exp_alerts.length > 0) }).toEqual({
        alert: rule.alert,
        fires: true,
      });
      expect({ alert: rule.alert, quiet: mine.some((c) => c.exp_alerts.length === 0) }).toEqual({
        alert: rule.alert,
        quiet: true,
      });
      expect(['critical', 'warning']).toContain(rule.labels.severity);
      expect(rule.annotations.summary).toBeTruthy();
      const [file, section] = rule.annotations.runbook.split('#');
      expect({ alert: rule.alert, file, section: anchors.has(section!) }).toEqual({
        alert: rule.alert,
        file: 'deploy/RUNBOOK.md',
        section: true,
      });
    }
    // the anchors are GitHub's
    expect(anchor('E-mails and SMS wait or are given up')).toBe('e-mails-and-sms-wait-or-are-given-up');
  });

  it("are tested with series labelled as Prometheus labels the manifests' pods (the heartbeat rule sees those)", () => {
    const job = (
      parse(readFileSync(SCRAPE_CONFIG, 'utf8')) as {
        scrape_configs: { job_name: string; relabel_configs: Relabel[] }[];
      }
    ).scrape_configs[0]!;
    for (const overlay of ['dev', 'prod']) {
      const workloads = kustomize(join(ROOT, 'deploy/k8s/overlays', overlay)).filter((o) => o.spec?.template?.metadata);
      const byApp = new Map(
        workloads.map((w) => [w.spec.template.metadata.labels?.['app.kubernetes.io/name'] as string, w] as const),
      );
      // the relabelling itself: an annotated pod is scraped on its annotated port, labelled by its labels
      const gateway = targetLabels(job, byApp.get('gateway')!);
      expect(gateway).toMatchObject({
        job: 'kubernetes-pods',
        instance: '10.1.0.7:3100',
        app_kubernetes_io_name: 'gateway',
      });
      expect(targetLabels(job, byApp.get('migrate')!)).toBeUndefined();

      const problems = new Set<string>();
      for (const { series } of ruleTests.flatMap((t) => t.input_series)) {
        const { name, labels } = parseSeries(series);
        const app = labels.app_kubernetes_io_name;
        const workload = app === undefined ? undefined : byApp.get(app);
        const expected = workload && targetLabels(job, workload);
        if (!expected) {
          problems.add(`${name}{app_kubernetes_io_name="${app}"}: no pod of that name is scraped in ${overlay}`);
          continue;
        }
        const targetKeys = Object.keys(expected);
        const given = Object.keys(labels).filter((k) => targetKeys.includes(k) || k.startsWith('app_kubernetes_io_'));
        if (given.sort().join() !== targetKeys.sort().join())
          problems.add(`${app}: tests give ${given.join(',')}, Prometheus gives ${targetKeys.join(',')} (${overlay})`);
        for (const k of given)
          if (!['instance', 'pod', 'namespace'].includes(k) && labels[k] !== expected[k])
            problems.add(`${app}: ${k}="${labels[k]}" in the tests, "${expected[k]}" in ${overlay}`);
      }
      expect([...problems]).toEqual([]);
    }
  });

  it('and the dashboard read only series the processes export, the NATS exporter exports, or Prometheus records', async () => {
    const known = new Set([...(await exportedNames()), ...NOT_FROM_THE_APP]);
    // the check finds the names of an expression, and only those
    expect(metricNames(rules.find((r) => r.alert === 'ServiceWithoutHeartbeat')!.expr).sort()).toEqual([
      'shop_heartbeat_timestamp_seconds',
      'shop_heartbeat_timestamp_seconds',
      'shop_heartbeat_timestamp_seconds',
      'up',
    ]);
    expect(known).toContain('shop_http_request_duration_seconds_bucket');
    expect(known).toContain('shop_process_start_time_seconds');

    const used = [
      ...rules.map((r) => ({ where: `alert ${r.alert}`, names: metricNames(r.expr) })),
      ...queryPanels.map((p) => ({
        where: `panel ${p.title}`,
        names: (p.targets ?? []).flatMap((t) => metricNames(t.expr)),
      })),
      ...dashboard.templating.list
        .filter((v) => v.definition)
        .map((v) => ({ where: `variable ${v.name}`, names: [/label_values\((\w+)/.exec(v.definition!)![1]!] })),
      ...ruleTests.map((t, i) => ({
        where: `rule test ${i}`,
        names: t.input_series.map((s) => parseSeries(s.series).name),
      })),
    ];
    const unknown = used.flatMap(({ where, names }) => names.filter((n) => !known.has(n)).map((n) => `${where}: ${n}`));
    expect(unknown).toEqual([]);
  });
});

describe('deploy/monitoring: the Grafana dashboard', () => {
  it('has the panels an operator needs, each with a query that Prometheus parses', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
    const provisioned = parse(readFileSync(join(K8S, 'grafana/datasources.yaml'), 'utf8')) as {
      datasources: { uid: string; type: string }[];
    };
    expect(provisioned.datasources[0]).toMatchObject({ type: 'prometheus', uid: variable!.current!.value });

    for (const title of [
      /^Orders per minute$/,
      /Requests per second by route/,
      /5xx per second by route/,
      /Duration p50 by route/,
      /Duration p95 by route/,
      /Outbox lag/,
      /Queue depths/,
      /Consumer lag/,
      /Postgres pool use/,
      /Stream use of max_bytes/,
      /Node storage use/,
      /Failed bus requests by service/,
      /Gateway 5xx/,
    ])
      expect({ title: String(title), found: queryPanels.some((p) => title.test(p.title)) }).toEqual({
        title: String(title),
        found: true,
      });
    // orders are the gateway's 201 answers to POST /api/orders (tests/e2e/metrics.e2e-spec.ts: its route label)
    const orders = queryPanels.find((p) => p.title === 'Orders per minute')!.targets![0]!.expr;
    expect(orders).toMatch(/method="POST", route="\/api\/orders", status="201"/);

    const queries: string[] = [];
    for (const p of queryPanels) {
      const targets = p.targets ?? [];
      expect({ panel: p.title, datasource: p.datasource?.uid, queries: targets.length > 0 }).toEqual({
        panel: p.title,
        datasource: '${datasource}',
        queries: true,
      });
      for (const t of targets) {
        expect({ panel: p.title, datasource: t.datasource?.uid, expr: t.expr.trim() !== '' }).toEqual({
          panel: p.title,
          datasource: '${datasource}',
          expr: true,
        });
        queries.push(t.expr.replace(/\$__rate_interval/g, '1m').replace(/\$namespace/g, 'shop'));
      }
    }
    // every query parses: promtool checks them as recording rules
    const dir = tempDir('dashboard-queries-');
    const record = queries.map((expr, i) => ({ record: `dashboard:query_${i}`, expr }));
    writeFileSync(join(dir, 'queries.yaml'), stringify({ groups: [{ name: 'dashboard', rules: record }] }));
    const check = promtool(['check', 'rules', join(dir, 'queries.yaml')]);
    expect(check.output).toContain(`SUCCESS: ${queries.length} rules found`);

    // no two panels overlap on the grid
    const cells = new Map<string, string>();
    const overlaps: string[] = [];
    for (const p of dashboard.panels)
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x++)
        for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y++) {
          const taken = cells.get(`${x},${y}`);
          if (taken) overlaps.push(`${p.title} over ${taken}`);
          cells.set(`${x},${y}`, p.title);
        }
    expect([...new Set(overlaps)]).toEqual([]);
    expect(Math.max(...dashboard.panels.map((p) => p.gridPos.x + p.gridPos.w))).toBeLessThanOrEqual(24);
  });
});

describe('deploy/monitoring/k8s (kubectl kustomize)', () => {
  const objects = kustomize(K8S);
  const find = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && new RegExp(`^${name}(-[a-z0-9]{10})?$`).test(o.metadata.name));

  it('runs Prometheus and Grafana in `monitoring`, non-root, seccomp RuntimeDefault, read-only root, limited, pinned', () => {
    const namespaced = objects.filter((o) => !['Namespace', 'ClusterRole', 'ClusterRoleBinding'].includes(o.kind));
    expect(new Set(namespaced.map((o) => o.metadata.namespace))).toEqual(new Set(['monitoring']));
    expect(find('Namespace', 'monitoring')).toBeDefined();
    for (const name of ['prometheus', 'grafana']) {
      const pod = find('Deployment', name)!.spec;
      // the dev overlay's patch replaces every Deployment's replicas: there must be one
      expect(pod.replicas).toBe(1);
      expect(pod.template.spec.securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      for (const c of pod.template.spec.containers) {
        expect(c.securityContext).toEqual({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(c.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
        expect(c.resources.limits).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
        expect(c.image).toMatch(/^[\w./-]+:v?\d+\.\d+\.\d+$/);
        expect(c.readinessProbe.httpGet.port).toBe('http');
      }
    }
  });

  it('gives Prometheus its config and rules from a generated ConfigMap, and the right to list pods', () => {
    const config = find('ConfigMap', 'prometheus-config')!;
    expect(config.data!['prometheus.yml']).toBe(readFileSync(SCRAPE_CONFIG, 'utf8'));
    expect(config.data!['alert-rules.yaml']).toBe(readFileSync(RULES, 'utf8'));
    const scrape = parse(config.data!['prometheus.yml']!) as { rule_files: string[] };
    expect(scrape.rule_files).toEqual(['alert-rules.yaml']);

    const pod = find('Deployment', 'prometheus')!.spec.template.spec;
    const volume = pod.volumes.find((v: { configMap?: { name: string } }) => v.configMap);
    expect(volume.configMap.name).toBe(config.metadata.name);
    const mount = pod.containers[0].volumeMounts.find((m: { name: string }) => m.name === volume.name);
    expect(pod.containers[0].args).toContain(`--config.file=${mount.mountPath}/prometheus.yml`);

    expect(pod.serviceAccountName).toBe('prometheus');
    expect(find('ClusterRole', 'monitoring-prometheus')!.rules).toEqual([
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] },
    ]);
    expect(find('ClusterRoleBinding', 'monitoring-prometheus')!.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'prometheus', namespace: 'monitoring' },
    ]);
  });

  it('provisions Grafana with the Prometheus data source and the dashboard from generated ConfigMaps', () => {
    const pod = find('Deployment', 'grafana')!.spec.template.spec;
    const mounted = (configMap: string) => {
      const volume = pod.volumes.find(
        (v: { configMap?: { name: string } }) => v.configMap?.name === find('ConfigMap', configMap)!.metadata.name,
      );
      expect({ configMap, mounted: volume !== undefined }).toEqual({ configMap, mounted: true });
      return pod.containers[0].volumeMounts.find((m: { name: string }) => m.name === volume.name).mountPath as string;
    };
    expect(mounted('grafana-datasources')).toBe('/etc/grafana/provisioning/datasources');
    expect(mounted('grafana-dashboard-providers')).toBe('/etc/grafana/provisioning/dashboards');
    const providers = parse(find('ConfigMap', 'grafana-dashboard-providers')!.data!['dashboards.yaml']!) as {
      providers: { options: { path: string } }[];
    };
    expect(providers.providers[0]!.options.path).toBe(mounted('grafana-dashboards'));
    expect(find('ConfigMap', 'grafana-dashboards')!.data!['shop.json']).toBe(readFileSync(DASHBOARD, 'utf8'));
    const datasource = parse(find('ConfigMap', 'grafana-datasources')!.data!['datasources.yaml']!) as {
      datasources: { url: string }[];
    };
    const prometheus = find('Service', 'prometheus')!;
    expect(datasource.datasources[0]!.url).toBe(`http://${prometheus.metadata.name}:${prometheus.spec.ports[0].port}`);
  });

  it("is part of the dev overlay: the shop's objects in shop-dev, monitoring's in `monitoring`, labels apart", () => {
    const all = kustomize(join(ROOT, 'deploy/k8s/overlays/dev'));
    const get = (kind: string, name: string) => all.find((o) => o.kind === kind && o.metadata.name === name);
    const ns = (kind: string, name: string) => get(kind, name)?.metadata.namespace;
    expect(ns('Deployment', 'prometheus')).toBe('monitoring');
    expect(ns('Deployment', 'grafana')).toBe('monitoring');
    expect(ns('ServiceAccount', 'prometheus')).toBe('monitoring');
    expect(ns('Deployment', 'gateway')).toBe('shop-dev');
    const binding = get('ClusterRoleBinding', 'monitoring-prometheus')!;
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'prometheus', namespace: 'monitoring' }]);
    expect(
      all
        .filter((o) => o.kind === 'Namespace')
        .map((o) => o.metadata.name)
        .sort(),
    ).toEqual(['monitoring', 'shop-dev']);
    // the shop's NetworkPolicies admit pods labelled part-of=shop: Prometheus must not pass for one
    const podLabels = (name: string) => get('Deployment', name)!.spec.template.metadata.labels;
    expect(podLabels('prometheus')['app.kubernetes.io/part-of']).toBe('monitoring');
    expect(podLabels('gateway')['app.kubernetes.io/part-of']).toBe('shop');
  });
});
