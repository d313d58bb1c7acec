#!/usr/bin/env bash
# Deploys an overlay in the order the shop needs: first the namespace, settings, NATS, PgBouncer, the network
# policies, the Gateway API routes and (dev) the databases; then the migrations Job alone (its previous run is
# deleted first: a Job's template cannot change) and wait until it has completed; only then the gateway and the
# services. A failed migration stops here with the running version untouched. Argo CD keeps the same order with sync
# waves (deploy/RUNBOOK.md "Argo CD"). Usage: deploy/k8s/rollout.sh dev|prod [image tag]
set -euo pipefail
overlay=${1:?usage: rollout.sh dev|prod [image tag]}
k8s="$(cd "$(dirname "$0")" && pwd)"
dir="$k8s/overlays/$overlay"
# kustomize takes only relative resources: the image-tag overlay is written beside the others for the run
tmp=$(mktemp -d "$k8s/.rollout.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ -n "${2:-}" ]; then
  # the overlays name the image (prod: registry.example.com/shop/app, dev: localhost/shop-platform); only the tag changes
  printf 'resources: ["../overlays/%s"]\nimages: [{ name: registry.example.com/shop/app, newTag: "%s" }, { name: localhost/shop-platform, newTag: "%s" }]\n' \
    "$overlay" "$2" "$2" >"$tmp/kustomization.yaml"
  kubectl kustomize "$tmp" >"$tmp/all.yaml"
else
  kubectl kustomize "$dir" >"$tmp/all.yaml"
fi
# the shop's namespace: the NATS StatefulSet's (dev also renders the monitoring namespace's objects)
ns=$(awk '/^kind: /{ kind = $2 } /^  namespace: / && kind == "StatefulSet" { print $2; exit }' "$tmp/all.yaml")
component=app.kubernetes.io/component

# The autoscaled Deployments set no replicas any more: kubectl would read the count of an earlier apply as removed
# and set 1 (for a moment, until the autoscaler scales up again). Forgetting that earlier apply once keeps the count.
for d in gateway order workers; do
  if kubectl -n "$ns" get deployment "$d" -o 'jsonpath={.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}' 2>/dev/null |
    grep -q '"replicas"'; then
    kubectl -n "$ns" annotate deployment "$d" kubectl.kubernetes.io/last-applied-configuration-
  fi
done

kubectl apply -f "$tmp/all.yaml" -l "$component notin (migrate,service,gateway)"
kubectl -n "$ns" rollout status statefulset/nats --timeout=10m
kubectl -n "$ns" rollout status deployment/pgbouncer --timeout=5m
kubectl -n "$ns" delete job migrate --ignore-not-found --wait=true
kubectl apply -f "$tmp/all.yaml" -l "$component=migrate"
kubectl -n "$ns" wait --for=condition=complete job/migrate --timeout=15m
kubectl apply -f "$tmp/all.yaml"
for d in $(kubectl apply -f "$tmp/all.yaml" -l "$component in (service,gateway)" --dry-run=client -o name); do
  kubectl -n "$ns" rollout status "$d" --timeout=10m
done
