#!/usr/bin/env bash
# Writes the secret files docker-compose.yml mounts (deploy/secrets/, kept out of git), once: an existing
# file is kept, since a new key would sign everybody out or make sealed secrets unreadable, and a new
# database password would no longer match the role the first start created. Needs openssl.
#   deploy/scripts/make-secrets.sh
# Each service gets its own role and password in its database URL (ADR 0212); Grafana's admin password is
# printed nowhere: read it from deploy/secrets/grafana_admin_password.
set -euo pipefail

dir="$(cd "$(dirname "$0")/.." && pwd)/secrets"
mkdir -p "$dir"
chmod 700 "$dir" # the files themselves are 0644: the containers' users (node, postgres) must read them

write() {
  local name="$1" value="$2"
  if [ -e "$dir/$name" ]; then
    echo "make-secrets: $name kept"
    return
  fi
  (umask 022 && printf '%s\n' "$value" >"$dir/$name")
  echo "make-secrets: $name written"
}

write postgres_password "$(openssl rand -hex 24)"
for service in identity commerce crm support kpi gateway; do
  write "${service}_database_url" "postgres://portal_${service}:$(openssl rand -hex 24)@postgres:5432/portal_${service}"
done
write jwt_signing_key "$(openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256)"
write identity_encryption_key "$(openssl rand -base64 32)"
write crm_encryption_key "$(openssl rand -base64 32)"
write grafana_admin_password "$(openssl rand -hex 16)"
