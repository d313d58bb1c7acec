import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import type { K8sObject as PolicyEvaluatorObject } from './network-policy.js';

/** a rendered manifest (as the NetworkPolicy evaluator takes it), with its annotations */
export interface K8sObject extends PolicyEvaluatorObject {
  metadata: PolicyEvaluatorObject['metadata'] & { annotations?: Record<string, string> };
}

/** deploy/k8s, with a trailing slash */
export const K8S = fileURLToPath(new URL('../../../deploy/k8s/', import.meta.url));
export const OVERLAYS = ['dev', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** What `kubectl kustomize` renders from a directory (as Argo CD and rollout.sh see it). */
export function renderDir(dir: string): K8sObject[] {
  const out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJSON() as K8sObject);
}

export const render = (overlay: Overlay) => renderDir(`${K8S}overlays/${overlay}`);

/**
 * An overlay of an overlay for one rendering, e.g. with a component added: kustomize takes only relative paths
 * inside deploy/k8s, so it is written there (as rollout.sh does) and removed again.
 */
export function renderWith(kustomization: string): K8sObject[] {
  const dir = mkdtempSync(`${K8S}.test-`);
  try {
    writeFileSync(`${dir}/kustomization.yaml`, kustomization);
    return renderDir(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

/** a generated ConfigMap or Secret (its name carries a hash of its content) */
export const generated = (objects: K8sObject[], kind: 'ConfigMap' | 'Secret', name: string) =>
  objects.find((o) => o.kind === kind && new RegExp(`^${name}(-[a-z0-9]{10})?$`).test(o.metadata.name));

/** The workloads' pod templates: Deployments, StatefulSets, Jobs. */
export function podTemplates(objects: K8sObject[]) {
  return objects
    .filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind))
    .map((o) => ({ workload: o, name: o.metadata.name, template: o.spec.template, spec: o.spec.template.spec }));
}
