#!/bin/sh
# Writes the secrets docker-compose.yml reads, one file each, into deploy/secrets/ (or $SECRETS_DIR), with openssl.
# A file that exists is kept: a new session secret would log every user out, a new MFA key would lock out every
# administrator who enrolled two-factor login. The folder is the owner's alone; the files are readable, since the
# containers read them as their non-root user through the bind mount.   usage: deploy/make-secrets.sh
set -eu
dir=${SECRETS_DIR:-$(dirname "$0")/secrets}
mkdir -p "$dir"
chmod 700 "$dir"
for name in service_secret session_secret altcha_hmac_key mfa_encryption_key; do
  [ -s "$dir/$name" ] || openssl rand -base64 32 > "$dir/$name"
done
if [ ! -s "$dir/admin_password" ]; then
  openssl rand -base64 18 > "$dir/admin_password"
  echo "the first administrator's password is in $dir/admin_password"
fi
chmod 644 "$dir"/*
