#!/usr/bin/env bash
# Deploys an overlay in the order the shop needs: first the namespace, settings, NATS and (dev) the databases; then
# the migrations Job alone (its previous run is deleted first: a Job's template cannot change) and wait until it has
# completed; only then the gateway and the services. A failed migration stops here with the running version
# untouched. Usage: deploy/k8s/rollout.sh dev|prod [image tag]
set -euo pipefail
overlay=${1:?usage: rollout.sh dev|prod [image tag]}
k8s="$(cd "$(dirname "$0")" && pwd)"
dir="$k8s/overlays/$overlay"
# kustomize takes only relative resources: the image-tag overlay is written beside the others for the run
tmp=$(mktemp -d "$k8s/.rollout.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ -n "${2:-}" ]; then
  printf 'resources: ["../overlays/%s"]\nimages: [{ name: registry.example.com/shop/app, newTag: "%s" }, { name: shop-app, newTag: "%s" }]\n' \
    "$overlay" "$2" "$2" >"$tmp/kustomization.yaml"
  kubectl kustomize "$tmp" >"$tmp/all.yaml"
else
  kubectl kustomize "$dir" >"$tmp/all.yaml"
fi
ns=$(sed -n 's/^  namespace: //p' "$tmp/all.yaml" | head -n 1)
component=app.kubernetes.io/component

kubectl apply -f "$tmp/all.yaml" -l "$component notin (migrate,service,gateway)"
kubectl -n "$ns" rollout status statefulset/nats --timeout=10m
kubectl -n "$ns" delete job migrate --ignore-not-found --wait=true
kubectl apply -f "$tmp/all.yaml" -l "$component=migrate"
kubectl -n "$ns" wait --for=condition=complete job/migrate --timeout=15m
kubectl apply -f "$tmp/all.yaml"
for d in $(kubectl apply -f "$tmp/all.yaml" -l "$component in (service,gateway)" --dry-run=client -o name); do
  kubectl -n "$ns" rollout status "$d" --timeout=10m
done
