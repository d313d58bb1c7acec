#!/bin/sh
# As the official redis image: a first argument starting with '-' goes to redis-server; redis-server runs as redis in
# /data, without protected mode (the container network is its boundary, as in the official image).
set -eu
case "${1:-}" in -*) set -- redis-server "$@" ;; esac
if [ "${1:-}" = redis-server ]; then
  shift
  set -- redis-server --protected-mode no "$@"
  if [ "$(id -u)" = 0 ]; then
    chown -R redis:redis /data
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi
exec "$@"
