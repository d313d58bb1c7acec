#!/bin/sh
# As the official nats image: arguments starting with '-' are nats-server's
set -eu
case "${1:-}" in -*) set -- nats-server "$@" ;; esac
exec "$@"
