import { BlockList, isIP } from 'node:net';

/**
 * An evaluator of Kubernetes NetworkPolicies (networking.k8s.io/v1) over rendered manifests, so a test can ask
 * "may this pod reach that one on this port?" the way a NetworkPolicy-enforcing network plugin answers it, without a
 * cluster. Anything it does not model throws instead of guessing: a silent "allowed" would hide the very gap the
 * flow tests look for.
 *
 * What it leaves out, on purpose:
 * - an `ipBlock` never matches a pod, only an `external` address: the docs tell to use it for addresses outside
 *   the cluster because pod addresses change, and whether a plugin applies it to pod traffic differs between plugins;
 * - traffic from the pod's own node (kubelet probes), which Kubernetes always lets in, is not a peer here;
 * - a pod reaching itself (always allowed by Kubernetes) is not modelled: one `Pod` stands for every replica of a
 *   workload, so `connection(p, p, …)` asks whether one replica may reach another (NATS' cluster routes), and
 *   replicas do not get that exception among each other.
 */

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any; // a rendered manifest, checked field by field below
  data?: Record<string, string>;
}
export interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
}
/** a pod (from a Deployment/StatefulSet/DaemonSet/Job/Pod template) or an address outside the cluster */
export interface Pod {
  kind: 'pod';
  name: string;
  namespace: string;
  namespaceLabels: Record<string, string>;
  labels: Record<string, string>;
  ports: ContainerPort[];
}
export interface External {
  kind: 'external';
  name: string;
  ip: string;
}
export type Peer = Pod | External;
export interface Verdict {
  allowed: boolean;
  /** the policies that allowed, or the isolation that denied, e.g. 'ingress of order isolated by default-deny, no rule matches' */
  reason: string;
}

type Protocol = 'TCP' | 'UDP' | 'SCTP';
const PROTOCOLS: readonly string[] = ['TCP', 'UDP', 'SCTP'];
/** the label the API server sets on every Namespace, which namespaceSelectors commonly use */
const NAMESPACE_NAME = 'kubernetes.io/metadata.name';

// ---------------------------------------------------------------------------------------------------------------
// Pods from workloads

/** Where a workload keeps its pod template; a Pod is its own template. */
const TEMPLATES: Record<string, (o: K8sObject) => { metadata?: { labels?: Record<string, string> }; spec?: any }> = {
  Deployment: (o) => o.spec?.template,
  StatefulSet: (o) => o.spec?.template,
  DaemonSet: (o) => o.spec?.template,
  ReplicaSet: (o) => o.spec?.template,
  ReplicationController: (o) => o.spec?.template,
  Job: (o) => o.spec?.template,
  CronJob: (o) => o.spec?.jobTemplate?.spec?.template,
  Pod: (o) => ({ metadata: o.metadata, spec: o.spec }),
};

/**
 * One pod per workload template in the rendered objects (name = workload name), namespace from
 * metadata.namespace (or the given default), namespaceLabels = the Namespace object's labels plus
 * kubernetes.io/metadata.name. Labels come from the pod template only: a label on the Deployment's own metadata
 * is not on its pods, and policies select pods.
 */
export function podsOf(objects: K8sObject[], defaultNamespace?: string): Pod[] {
  const namespaceLabels = new Map(
    objects.filter((o) => o.kind === 'Namespace').map((o) => [o.metadata.name, o.metadata.labels ?? {}]),
  );
  return objects.flatMap((o) => {
    const templateOf = TEMPLATES[o.kind];
    if (!templateOf) return [];
    const where = `${o.kind} ${o.metadata.name}`;
    const template = templateOf(o);
    if (!template?.spec) throw new Error(`${where} has no pod template`);
    // policies do not apply to pods on the node's network (plugins differ), so no verdict about them is honest
    if (template.spec.hostNetwork) throw new Error(`${where} uses hostNetwork, which NetworkPolicies do not cover`);
    const namespace = o.metadata.namespace ?? defaultNamespace;
    if (!namespace) throw new Error(`${where} has no namespace and no default namespace was given`);
    return [
      {
        kind: 'pod' as const,
        name: o.metadata.name,
        namespace,
        namespaceLabels: { ...namespaceLabels.get(namespace), [NAMESPACE_NAME]: namespace },
        labels: { ...template.metadata?.labels },
        ports: portsOf(template.spec),
      },
    ];
  });
}

/** The ports a pod serves: its containers' and those of its sidecars (init containers that keep running). */
function portsOf(podSpec: any): ContainerPort[] {
  const sidecars = (podSpec.initContainers ?? []).filter((c: any) => c.restartPolicy === 'Always');
  return [...(podSpec.containers ?? []), ...sidecars].flatMap((c: any) =>
    (c.ports ?? []).map((p: any) => ({
      ...(p.name === undefined ? {} : { name: String(p.name) }),
      containerPort: p.containerPort,
      protocol: protocolOf(p.protocol, `port ${p.name ?? p.containerPort} of container ${c.name}`),
    })),
  );
}

/** a pod of another namespace (e.g. the ingress controller, Prometheus) for use as a source */
export function podIn(
  namespace: string,
  labels: Record<string, string> = {},
  name = `${namespace} pod`,
  namespaceLabels: Record<string, string> = {},
): Pod {
  return {
    kind: 'pod',
    name,
    namespace,
    namespaceLabels: { ...namespaceLabels, [NAMESPACE_NAME]: namespace },
    labels,
    ports: [],
  };
}

export function external(ip: string, name = ip): External {
  if (!isIP(ip)) throw new Error(`${ip} is not an IP address`);
  return { kind: 'external', name, ip };
}

// ---------------------------------------------------------------------------------------------------------------
// Label selectors

interface Requirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values: string[];
}
/** a parsed LabelSelector: every requirement must hold (matchLabels are `In` with one value); none = everything */
type Selector = Requirement[];

function parseSelector(raw: unknown, where: string): Selector {
  const s = fieldsOf(raw, ['matchLabels', 'matchExpressions'], where);
  const labels = Object.entries(fieldsOf(s.matchLabels ?? {}, undefined, `${where}.matchLabels`)).map(
    ([key, value]) => ({ key, operator: 'In' as const, values: [stringOf(value, `${where}.matchLabels.${key}`)] }),
  );
  const expressions = listOf(s.matchExpressions, `${where}.matchExpressions`).map((e, i) =>
    parseRequirement(e, `${where}.matchExpressions[${i}]`),
  );
  return [...labels, ...expressions];
}

function parseRequirement(raw: unknown, where: string): Requirement {
  const e = fieldsOf(raw, ['key', 'operator', 'values'], where);
  const key = stringOf(e.key, `${where}.key`);
  const values = listOf(e.values, `${where}.values`).map((v, i) => stringOf(v, `${where}.values[${i}]`));
  const operator = e.operator;
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length === 0) throw new Error(`${where}: ${operator} needs values`);
  } else if (operator === 'Exists' || operator === 'DoesNotExist') {
    if (values.length > 0) throw new Error(`${where}: ${operator} takes no values`);
  } else throw new Error(`${where}: unsupported operator ${String(operator)}`);
  return { key, operator, values };
}

/** Whether labels satisfy a selector; NotIn also holds where the label is missing, as in Kubernetes. */
export function selects(selector: Selector, labels: Record<string, string>): boolean {
  return selector.every(({ key, operator, values }) => {
    const value = labels[key];
    switch (operator) {
      case 'In':
        return value !== undefined && values.includes(value);
      case 'NotIn':
        return value === undefined || !values.includes(value);
      case 'Exists':
        return value !== undefined;
      case 'DoesNotExist':
        return value === undefined;
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Policies

type Direction = 'ingress' | 'egress';
interface IpBlock {
  family: 'ipv4' | 'ipv6';
  cidr: BlockList;
  except: BlockList;
}
interface PeerRule {
  pods?: Selector;
  namespaces?: Selector;
  ipBlock?: IpBlock;
}
interface PortRule {
  protocol: Protocol;
  port?: number | string;
  endPort?: number;
}
interface Rule {
  peers?: PeerRule[]; // undefined: every peer
  ports?: PortRule[]; // undefined: every port
}
interface Policy {
  name: string;
  namespace: string;
  selector: Selector;
  types: Set<Direction>;
  ingress: Rule[];
  egress: Rule[];
}

/** parsed once per policy object: a flow matrix asks about the same few policies thousands of times */
const parsed = new WeakMap<K8sObject, Policy>();

/**
 * The NetworkPolicies among the objects, parsed. Other kinds are skipped, so a whole rendered overlay may be
 * passed; a policy kind this evaluator does not know (Cilium's, Calico's, AdminNetworkPolicy) throws, since
 * ignoring it would report traffic it governs.
 */
function policiesOf(objects: K8sObject[]): Policy[] {
  return objects.flatMap((o) => {
    if (!/NetworkPolicy$/.test(o.kind)) return [];
    if (o.kind !== 'NetworkPolicy' || o.apiVersion !== 'networking.k8s.io/v1')
      throw new Error(`${o.apiVersion} ${o.kind} ${o.metadata.name} is not evaluated (only networking.k8s.io/v1)`);
    let policy = parsed.get(o);
    if (!policy) parsed.set(o, (policy = parsePolicy(o)));
    return [policy];
  });
}

function parsePolicy(o: K8sObject): Policy {
  const where = `NetworkPolicy ${o.metadata.name}`;
  // without a namespace kubectl would apply it wherever the context points: no verdict can depend on a guess
  const namespace = o.metadata.namespace;
  if (!namespace) throw new Error(`${where} has no metadata.namespace`);
  const spec = fieldsOf(o.spec ?? {}, ['podSelector', 'policyTypes', 'ingress', 'egress'], `${where}.spec`);
  const ingress = listOf(spec.ingress, `${where}.spec.ingress`).map((r, i) =>
    parseRule(r, 'from', `${where}.spec.ingress[${i}]`),
  );
  const egress = listOf(spec.egress, `${where}.spec.egress`).map((r, i) =>
    parseRule(r, 'to', `${where}.spec.egress[${i}]`),
  );
  return {
    name: o.metadata.name,
    namespace,
    selector: parseSelector(spec.podSelector ?? {}, `${where}.spec.podSelector`),
    types: policyTypes(spec.policyTypes, egress.length > 0, `${where}.spec.policyTypes`),
    ingress,
    egress,
  };
}

/** As the API server defaults them: an empty or missing list is Ingress, plus Egress when egress rules exist. */
function policyTypes(raw: unknown, hasEgress: boolean, where: string): Set<Direction> {
  const types = listOf(raw, where).map((t) => {
    if (t !== 'Ingress' && t !== 'Egress') throw new Error(`${where}: unknown policy type ${String(t)}`);
    return t === 'Ingress' ? ('ingress' as const) : ('egress' as const);
  });
  if (types.length > 0) return new Set(types);
  return new Set<Direction>(hasEgress ? ['ingress', 'egress'] : ['ingress']);
}

function parseRule(raw: unknown, peersField: 'from' | 'to', where: string): Rule {
  const r = fieldsOf(raw, [peersField, 'ports'], where);
  const peers = listOf(r[peersField], `${where}.${peersField}`).map((p, i) =>
    parsePeer(p, `${where}.${peersField}[${i}]`),
  );
  const ports = listOf(r.ports, `${where}.ports`).map((p, i) => parsePort(p, `${where}.ports[${i}]`));
  // an empty list is the same as a missing one: every peer, every port
  return { peers: peers.length > 0 ? peers : undefined, ports: ports.length > 0 ? ports : undefined };
}

function parsePeer(raw: unknown, where: string): PeerRule {
  const p = fieldsOf(raw, ['podSelector', 'namespaceSelector', 'ipBlock'], where);
  const has = (field: string) => p[field] !== undefined && p[field] !== null;
  if (has('ipBlock')) {
    if (has('podSelector') || has('namespaceSelector')) throw new Error(`${where}: ipBlock with a selector`);
    return { ipBlock: parseIpBlock(p.ipBlock, `${where}.ipBlock`) };
  }
  if (!has('podSelector') && !has('namespaceSelector')) throw new Error(`${where}: a peer needs a selector`);
  return {
    ...(has('podSelector') ? { pods: parseSelector(p.podSelector, `${where}.podSelector`) } : {}),
    ...(has('namespaceSelector')
      ? { namespaces: parseSelector(p.namespaceSelector, `${where}.namespaceSelector`) }
      : {}),
  };
}

function parseIpBlock(raw: unknown, where: string): IpBlock {
  const b = fieldsOf(raw, ['cidr', 'except'], where);
  const cidr = parseCidr(b.cidr, `${where}.cidr`);
  const block: IpBlock = { family: cidr.family, cidr: new BlockList(), except: new BlockList() };
  block.cidr.addSubnet(cidr.address, cidr.prefix, cidr.family);
  listOf(b.except, `${where}.except`).forEach((e, i) => {
    const except = parseCidr(e, `${where}.except[${i}]`);
    // the API server refuses an except outside its cidr; such a manifest would never reach a cluster
    const inside =
      except.family === cidr.family && except.prefix >= cidr.prefix && block.cidr.check(except.address, cidr.family);
    if (!inside) throw new Error(`${where}.except[${i}]: ${String(e)} is not inside ${String(b.cidr)}`);
    block.except.addSubnet(except.address, except.prefix, except.family);
  });
  return block;
}

function parseCidr(raw: unknown, where: string) {
  const [address = '', prefixText = '', ...rest] = stringOf(raw, where).split('/');
  const family = isIP(address) === 4 ? ('ipv4' as const) : isIP(address) === 6 ? ('ipv6' as const) : undefined;
  const prefix = Number(prefixText);
  const max = family === 'ipv4' ? 32 : 128;
  if (!family || rest.length > 0 || !/^\d+$/.test(prefixText) || prefix > max)
    throw new Error(`${where}: ${String(raw)} is not a CIDR`);
  return { address, prefix, family };
}

function parsePort(raw: unknown, where: string): PortRule {
  const p = fieldsOf(raw, ['protocol', 'port', 'endPort'], where);
  const protocol = protocolOf(p.protocol, where);
  const { port, endPort } = p;
  if (port === undefined || port === null) {
    if (endPort !== undefined) throw new Error(`${where}: endPort without port`);
    return { protocol };
  }
  if (typeof port === 'string') {
    // a port name needs a letter (IANA_SVC_NAME); "8080" in quotes would be refused, not read as a number
    if (!/^[a-z0-9-]{1,15}$/.test(port) || !/[a-z]/.test(port)) throw new Error(`${where}: bad port name ${port}`);
    if (endPort !== undefined) throw new Error(`${where}: endPort with a named port`);
    return { protocol, port };
  }
  const number = portNumberOf(port, `${where}.port`);
  if (endPort === undefined) return { protocol, port: number };
  const end = portNumberOf(endPort, `${where}.endPort`);
  if (end < number) throw new Error(`${where}: endPort ${end} below port ${number}`);
  return { protocol, port: number, endPort: end };
}

// ---------------------------------------------------------------------------------------------------------------
// Connections

interface Flow {
  from: Peer;
  to: Peer;
  port: number;
  protocol: Protocol;
}

/**
 * whether a TCP (default) connection from `from` to `to` on `port` (number, or a named port of the destination
 * pod) is allowed by the policies. It needs the source's egress and the destination's ingress to allow it; an
 * external side imposes nothing. Objects of other kinds among `policies` are skipped.
 */
export function connection(
  policies: K8sObject[],
  from: Peer,
  to: Peer,
  port: number | string,
  protocol: string = 'TCP',
): Verdict {
  const all = policiesOf(policies);
  const proto = protocolOf(protocol, 'the connection');
  const flow: Flow = { from, to, protocol: proto, port: resolvePort(to, port, proto) };
  const sides = [
    ...(from.kind === 'pod' ? [side(all, 'egress', from, flow)] : []),
    ...(to.kind === 'pod' ? [side(all, 'ingress', to, flow)] : []),
  ];
  if (sides.length === 0) return { allowed: true, reason: 'no pod on either side, no policy applies' };
  const denied = sides.filter((s) => !s.allowed);
  return {
    allowed: denied.length === 0,
    reason: (denied.length > 0 ? denied : sides).map((s) => s.reason).join('; '),
  };
}

/** A named destination port as the number it stands for, with the protocol it is served on. */
function resolvePort(to: Peer, port: number | string, protocol: Protocol): number {
  if (typeof port === 'number') return portNumberOf(port, 'the connection port');
  if (to.kind !== 'pod') throw new Error(`port ${port}: ${to.name} is not a pod, so it has no named ports`);
  const found = to.ports.find((p) => p.name === port && (p.protocol ?? 'TCP') === protocol);
  if (!found) throw new Error(`${to.name} has no ${protocol} port named ${port}`);
  return found.containerPort;
}

/** The verdict of one side: the pod's egress (as source) or ingress (as destination). */
function side(policies: Policy[], direction: Direction, pod: Pod, flow: Flow): Verdict {
  const applying = policies.filter(
    (p) => p.namespace === pod.namespace && p.types.has(direction) && selects(p.selector, pod.labels),
  );
  if (applying.length === 0) return { allowed: true, reason: `${direction} of ${pod.name} not isolated` };
  const peer = direction === 'ingress' ? flow.from : flow.to;
  const allowing = applying.filter((p) => p[direction].some((rule) => ruleAllows(rule, p.namespace, peer, flow)));
  if (allowing.length > 0)
    return { allowed: true, reason: `${direction} of ${pod.name} allowed by ${names(allowing)}` };
  return { allowed: false, reason: `${direction} of ${pod.name} isolated by ${names(applying)}, no rule matches` };
}

const names = (policies: Policy[]) => policies.map((p) => p.name).join(', ');

function ruleAllows(rule: Rule, namespace: string, peer: Peer, flow: Flow): boolean {
  const peerMatches = rule.peers?.some((p) => peerAllows(p, namespace, peer)) ?? true;
  const portMatches = rule.ports?.some((p) => portAllows(p, flow)) ?? true;
  return peerMatches && portMatches;
}

/** A selector peer: podSelector alone is the policy's namespace; both selectors in one peer must both hold. */
function peerAllows(rule: PeerRule, namespace: string, peer: Peer): boolean {
  if (rule.ipBlock) return peer.kind === 'external' && inBlock(rule.ipBlock, peer.ip);
  if (peer.kind !== 'pod') return false;
  const inNamespace = rule.namespaces ? selects(rule.namespaces, peer.namespaceLabels) : peer.namespace === namespace;
  return inNamespace && (!rule.pods || selects(rule.pods, peer.labels));
}

/** by family: a v6 block says nothing about v4 addresses (BlockList alone would match v4-mapped ones) */
function inBlock(block: IpBlock, ip: string): boolean {
  const family = isIP(ip) === 4 ? 'ipv4' : 'ipv6';
  return family === block.family && block.cidr.check(ip, family) && !block.except.check(ip, family);
}

/** A named port in a rule stands for the destination pod's container port of that name and protocol. */
function portAllows(rule: PortRule, flow: Flow): boolean {
  if (rule.protocol !== flow.protocol) return false;
  if (rule.port === undefined) return true;
  if (typeof rule.port === 'string') {
    const name = rule.port;
    return (
      flow.to.kind === 'pod' &&
      flow.to.ports.some(
        (p) => p.name === name && p.containerPort === flow.port && (p.protocol ?? 'TCP') === flow.protocol,
      )
    );
  }
  return flow.port >= rule.port && flow.port <= (rule.endPort ?? rule.port);
}

// ---------------------------------------------------------------------------------------------------------------
// Strict reading: an unknown field is one this evaluator would otherwise ignore

/** The object's fields, refusing any not in `known` (undefined: any key, e.g. matchLabels). */
function fieldsOf(raw: unknown, known: readonly string[] | undefined, where: string): Record<string, any> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${where} is not an object`);
  const unknown = known ? Object.keys(raw).filter((k) => !known.includes(k)) : [];
  if (unknown.length > 0) throw new Error(`${where}: unsupported field ${unknown.join(', ')}`);
  return raw as Record<string, any>;
}

function listOf(raw: unknown, where: string): unknown[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new Error(`${where} is not a list`);
  return raw;
}

function stringOf(raw: unknown, where: string): string {
  if (typeof raw !== 'string') throw new Error(`${where} is not a string`);
  return raw;
}

function protocolOf(raw: unknown, where: string): Protocol {
  if (raw === undefined || raw === null) return 'TCP';
  if (typeof raw !== 'string' || !PROTOCOLS.includes(raw)) throw new Error(`${where}: unknown protocol ${String(raw)}`);
  return raw as Protocol;
}

function portNumberOf(raw: unknown, where: string): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 65535)
    throw new Error(`${where}: ${String(raw)} is not a port number`);
  return raw;
}
