#!/bin/sh
# Restores a backup of deploy/backup.sh into a running stack (a fresh one, or the damaged one), replacing its data:
# stops the apps, recreates the database `shop` from shop.dump, replaces the files volume's content with files.tar,
# empties Redis (sessions and caches of the replaced data; queued jobs come back from the restored job rows), and
# starts the apps again (content first, which writes the files). The stack must use the backed-up stack's secrets (deploy/secrets/): the MFA key decrypts the
# administrators' two-factor secrets.
#   usage: deploy/restore.sh <folder>      COMPOSE: the compose command with its options (default: docker compose)
set -eu
src=${1:?usage: deploy/restore.sh <folder>}
compose=${COMPOSE:-docker compose}
apps='gateway workers catalogue identity order content payment statistics time-tracking signage'
(cd "$src" && sha256sum -c --quiet SHA256SUMS)
$compose stop $apps
$compose exec -T postgres psql -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
  -c 'DROP DATABASE IF EXISTS shop WITH (FORCE)' -c 'CREATE DATABASE shop'
$compose exec -T postgres pg_restore -U postgres -d shop --exit-on-error <"$src/shop.dump"
$compose exec -T redis redis-cli FLUSHALL >/dev/null
# the files, as the apps' user (node), through the content service (started first, on the restored database)
$compose start content
$compose exec -T content sh -c 'find /data/files -mindepth 1 -delete && tar -C /data/files -xf - &&
  echo "restore: $(find /data/files -type f | wc -l) files restored"' <"$src/files.tar"
$compose start $apps
echo "restore: done from $src"
