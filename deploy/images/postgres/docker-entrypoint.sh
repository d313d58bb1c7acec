#!/bin/sh
# The official postgres image's start, in short: as root, own the data folder and drop to postgres; on an empty
# folder, initdb with the password from POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE and create POSTGRES_DB.
set -eu
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then POSTGRES_PASSWORD=$(cat "$POSTGRES_PASSWORD_FILE"); fi
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo 'error: the database is uninitialized and POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE) is not set' >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "$db" != postgres ]; then psql -v ON_ERROR_STOP=1 -U "$user" -d postgres -c "CREATE DATABASE \"$db\"" >/dev/null; fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "database initialised: user $user, database $db"
fi
exec "$@"
