import type { K8sObject } from './kustomize.js';

/**
 * The structural rules of the Gateway API's Gateway and HTTPRoute (gateway.networking.k8s.io/v1, standard channel)
 * that the manifests use: kubernetes-models has no schema for them, and none is installed offline. Taken from the
 * CRDs' OpenAPI schemas and CEL rules (required fields, enums, patterns, list limits, TLS by protocol, redirect
 * without backends, backendRequest ≤ request). A field this list does not know is reported, so a typo cannot pass
 * as an ignored extension. Plus what the API server cannot see: every parentRef names a listener of a rendered
 * Gateway, every backendRef a port of a rendered Service.
 */
export function gatewayApiProblems(o: K8sObject, objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const where = `${o.kind} ${o.metadata.name}`;
  const check = (ok: boolean, message: string) => ok || problems.push(`${where}: ${message}`);
  if (o.apiVersion !== 'gateway.networking.k8s.io/v1') check(false, `${o.apiVersion} is not the v1 API`);
  const fields = (value: any, path: string, allowed: string[], required: string[] = []) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return !check(false, `${path} is no object`);
    for (const key of Object.keys(value)) check(allowed.includes(key), `${path}.${key} is not a field`);
    for (const key of required) check(value[key] !== undefined, `${path}.${key} is required`);
    return true;
  };
  const list = (value: any, path: string, max: number, min = 0): any[] => {
    if (value === undefined && min === 0) return [];
    if (!Array.isArray(value)) return (check(false, `${path} is no list`), []);
    check(value.length >= min && value.length <= max, `${path} has ${value.length} items (${min}–${max})`);
    return value;
  };
  if (o.kind === 'Gateway') {
    fields(o.spec, 'spec', ['gatewayClassName', 'listeners', 'addresses', 'infrastructure'], ['gatewayClassName']);
    check(typeof o.spec?.gatewayClassName === 'string' && /^.{1,253}$/.test(o.spec.gatewayClassName), 'bad class');
    const listeners = list(o.spec?.listeners, 'spec.listeners', 64, 1);
    listeners.forEach((l, i) => gatewayListener(l, `spec.listeners[${i}]`, fields, list, check));
    const names = listeners.map((l) => l.name);
    check(new Set(names).size === names.length, `listener names repeat: ${names.join(', ')}`);
    const keys = listeners.map((l) => `${l.port}/${l.protocol}/${l.hostname ?? ''}`);
    check(new Set(keys).size === keys.length, 'two listeners share port, protocol and hostname');
  } else if (o.kind === 'HTTPRoute') {
    fields(o.spec, 'spec', ['parentRefs', 'hostnames', 'rules']);
    list(o.spec?.parentRefs, 'spec.parentRefs', 32).forEach((ref, i) => {
      const path = `spec.parentRefs[${i}]`;
      fields(ref, path, ['group', 'kind', 'namespace', 'name', 'sectionName', 'port'], ['name']);
      const gateway = objects.find(
        (g) =>
          g.kind === 'Gateway' &&
          g.metadata.name === ref.name &&
          !ref.namespace &&
          (ref.kind ?? 'Gateway') === 'Gateway',
      );
      check(gateway !== undefined, `${path} names no rendered Gateway ${ref.name}`);
      const listener = gateway?.spec.listeners.find((l: any) => l.name === ref.sectionName);
      check(
        !ref.sectionName || listener !== undefined,
        `${path}: Gateway ${ref.name} has no listener ${ref.sectionName}`,
      );
    });
    for (const [i, host] of list(o.spec?.hostnames, 'spec.hostnames', 16).entries())
      check(HOSTNAME.test(host) && host.length <= 253, `spec.hostnames[${i}] ${host} is no hostname`);
    list(o.spec?.rules, 'spec.rules', 16).forEach((rule, i) =>
      routeRule(rule, `spec.rules[${i}]`, objects, fields, list, check),
    );
  } else check(false, 'is no Gateway API kind this check knows');
  return problems;
}

type Fields = (value: any, path: string, allowed: string[], required?: string[]) => boolean;
type List = (value: any, path: string, max: number, min?: number) => any[];
type Check = (ok: boolean, message: string) => unknown;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const HOSTNAME = /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DURATION = /^([0-9]{1,5}(h|m|s|ms)){1,4}$/;
const PROTOCOLS = ['HTTP', 'HTTPS', 'TLS', 'TCP', 'UDP'];

function gatewayListener(l: any, path: string, fields: Fields, list: List, check: Check) {
  fields(l, path, ['name', 'hostname', 'port', 'protocol', 'tls', 'allowedRoutes'], ['name', 'port', 'protocol']);
  check(DNS_LABEL.test(l.name ?? ''), `${path}.name ${l.name} is no DNS label`);
  check(Number.isInteger(l.port) && l.port >= 1 && l.port <= 65535, `${path}.port ${l.port} is no port`);
  check(PROTOCOLS.includes(l.protocol), `${path}.protocol ${l.protocol} is none of ${PROTOCOLS.join(', ')}`);
  if (l.hostname !== undefined) check(HOSTNAME.test(l.hostname), `${path}.hostname ${l.hostname} is no hostname`);
  // CEL rules of the Gateway CRD: tls exactly for HTTPS and TLS
  check(['HTTPS', 'TLS'].includes(l.protocol) === (l.tls !== undefined), `${path}: tls goes with HTTPS/TLS only`);
  if (l.tls) {
    fields(l.tls, `${path}.tls`, ['mode', 'certificateRefs', 'options', 'frontendValidation']);
    const mode = l.tls.mode ?? 'Terminate';
    check(['Terminate', 'Passthrough'].includes(mode), `${path}.tls.mode ${mode}`);
    const refs = list(l.tls.certificateRefs, `${path}.tls.certificateRefs`, 64, mode === 'Terminate' ? 1 : 0);
    refs.forEach((r, i) => {
      fields(r, `${path}.tls.certificateRefs[${i}]`, ['group', 'kind', 'name', 'namespace'], ['name']);
      check(
        (r.kind ?? 'Secret') === 'Secret' && (r.group ?? '') === '',
        `${path}.tls.certificateRefs[${i}] is no Secret`,
      );
    });
  }
  if (l.allowedRoutes) {
    fields(l.allowedRoutes, `${path}.allowedRoutes`, ['namespaces', 'kinds']);
    const from = l.allowedRoutes.namespaces?.from ?? 'Same';
    check(['All', 'Same', 'Selector'].includes(from), `${path}.allowedRoutes.namespaces.from ${from}`);
  }
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'];

function routeRule(rule: any, path: string, objects: K8sObject[], fields: Fields, list: List, check: Check) {
  fields(rule, path, ['name', 'matches', 'filters', 'backendRefs', 'timeouts', 'retry', 'sessionPersistence']);
  list(rule.matches, `${path}.matches`, 64).forEach((m, i) => {
    const at = `${path}.matches[${i}]`;
    fields(m, at, ['path', 'headers', 'queryParams', 'method']);
    if (m.path) {
      fields(m.path, `${at}.path`, ['type', 'value']);
      check(['Exact', 'PathPrefix', 'RegularExpression'].includes(m.path.type ?? 'PathPrefix'), `${at}.path.type`);
      check(typeof m.path.value === 'string' && m.path.value.startsWith('/'), `${at}.path.value must start with /`);
    }
    if (m.method !== undefined) check(METHODS.includes(m.method), `${at}.method ${m.method}`);
  });
  const filters = list(rule.filters, `${path}.filters`, 16);
  filters.forEach((f, i) => {
    const at = `${path}.filters[${i}]`;
    fields(
      f,
      at,
      ['type', 'requestRedirect', 'requestHeaderModifier', 'responseHeaderModifier', 'urlRewrite'],
      ['type'],
    );
    if (f.type === 'RequestRedirect') {
      fields(f.requestRedirect, `${at}.requestRedirect`, ['scheme', 'hostname', 'path', 'port', 'statusCode']);
      check([undefined, 'http', 'https'].includes(f.requestRedirect?.scheme), `${at}.requestRedirect.scheme`);
      check([undefined, 301, 302].includes(f.requestRedirect?.statusCode), `${at}.requestRedirect.statusCode`);
    } else
      check(['RequestHeaderModifier', 'ResponseHeaderModifier', 'URLRewrite'].includes(f.type), `${at}.type ${f.type}`);
  });
  const backends = list(rule.backendRefs, `${path}.backendRefs`, 16);
  check(
    !(backends.length > 0 && filters.some((f) => f.type === 'RequestRedirect')),
    `${path}: a redirect has no backends`,
  );
  backends.forEach((b, i) => {
    const at = `${path}.backendRefs[${i}]`;
    fields(b, at, ['group', 'kind', 'name', 'namespace', 'port', 'weight', 'filters'], ['name']);
    const isService = (b.kind ?? 'Service') === 'Service' && (b.group ?? '') === '';
    check(!isService || b.port !== undefined, `${at}.port is required for a Service`);
    const service = objects.find((s) => s.kind === 'Service' && s.metadata.name === b.name && !b.namespace);
    check(
      isService && (service?.spec.ports ?? []).some((p: any) => p.port === b.port),
      `${at}: no rendered Service ${b.name} with port ${b.port}`,
    );
  });
  if (rule.timeouts) {
    fields(rule.timeouts, `${path}.timeouts`, ['request', 'backendRequest']);
    for (const key of ['request', 'backendRequest'])
      if (rule.timeouts[key] !== undefined)
        check(DURATION.test(rule.timeouts[key]), `${path}.timeouts.${key} ${rule.timeouts[key]} is no duration`);
    const { request, backendRequest } = rule.timeouts;
    if (request && backendRequest && seconds(request) !== 0)
      check(seconds(backendRequest) <= seconds(request), `${path}.timeouts.backendRequest exceeds request`);
  }
}

/** a Gateway API duration (1h30m, 15m, 500ms) in seconds */
export function seconds(duration: string): number {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  return [...duration.matchAll(/(\d+)(ms|h|m|s)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * units[unit!]!, 0);
}
