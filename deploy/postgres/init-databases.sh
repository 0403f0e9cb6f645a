#!/usr/bin/env bash
# Creates one database per service. The postgres image runs this once, on an empty data volume, from
# /docker-entrypoint-initdb.d (with POSTGRES_USER and POSTGRES_DB set and the server on its socket).
# Safe to run again by hand: existing databases are left alone. PORTAL_DB_PREFIX changes the names
# (default "portal": portal_identity, ...), as the local runner's variable of the same name does.
# No `set -u`: the image sources a script that is not executable, and -u would then leak into its
# entrypoint.
set -eo pipefail

prefix="${PORTAL_DB_PREFIX:-portal}"
services=(identity commerce crm support kpi)

for service in "${services[@]}"; do
  database="${prefix}_${service}"
  # CREATE DATABASE cannot run in a transaction or a DO block: \gexec runs the generated statement.
  psql -v ON_ERROR_STOP=1 --no-psqlrc --quiet \
    --username "${POSTGRES_USER:-postgres}" --dbname "${POSTGRES_DB:-postgres}" \
    --set database="$database" <<'SQL'
SELECT format('CREATE DATABASE %I', :'database')
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'database')
\gexec
SQL
  echo "init-databases: ${database} ready"
done
