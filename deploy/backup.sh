#!/bin/sh
# Backs up what the compose stack keeps that matters (deploy/RUNBOOK.md "Backup and restore"), into a new folder:
#   shop.dump   the Postgres database `shop`, every service's schema (pg_dump, custom format, one consistent snapshot)
#   files.tar   the files volume (uploads and images), taken after the dump: every file a dumped row names is in it
#   SHA256SUMS  the checksums restore.sh checks
# Redis and JetStream are not backed up: Postgres is the source of truth (outbox, job rows); what only they hold
# (sessions, rate-limit counters, queued jobs the order service re-dispatches from its job rows, events in flight)
# is rebuilt or re-sent after a restore.
#   usage: deploy/backup.sh <folder>       COMPOSE: the compose command with its options (default: docker compose)
# The stack runs while it backs up; nothing stops.
set -eu
dest=${1:?usage: deploy/backup.sh <folder>}
compose=${COMPOSE:-docker compose}
mkdir -p "$dest"
[ -z "$(ls -A "$dest")" ] || { echo "backup: $dest is not empty" >&2; exit 1; }
$compose exec -T postgres pg_dump -U postgres -d shop --format=custom >"$dest/shop.dump"
$compose exec -T content tar -C /data/files -cf - . >"$dest/files.tar"
(cd "$dest" && sha256sum shop.dump files.tar >SHA256SUMS)
echo "backup: $(du -h "$dest/shop.dump" | cut -f1) database, $(tar -tf "$dest/files.tar" | grep -vc '/$') files in $dest"
