#!/usr/bin/env bash
# Gives each service (and the gateway) its own database and its own least-privilege role (ADR 0212): a
# login role that is neither superuser nor able to create databases or roles, owner of its database
# only, the one role that may connect to it. Names and passwords come from the service's database URL
# (postgres://<role>:<password>@postgres:5432/<database>), a secret file the service reads too.
#
# The postgres image runs this once, on an empty data volume, from /docker-entrypoint-initdb.d (with
# POSTGRES_USER set and the server on its socket). Safe to run again, e.g. by hand on a volume made
# before roles existed: it updates the password, and hands the database and what is already in its
# public schema (tables, views, sequences, enum types) to the role:
#   docker compose exec postgres bash /docker-entrypoint-initdb.d/10-init-databases.sh
# PORTAL_SECRETS_DIR (default /run/secrets) is where the <service>_database_url files are.
# No `set -u`: the image sources a script that is not executable, and -u would then leak into its
# entrypoint.
set -eo pipefail

secrets="${PORTAL_SECRETS_DIR:-/run/secrets}"
services=(identity commerce crm support kpi gateway)
# Plain names, and passwords that need no percent-decoding (make-secrets.sh writes hex ones).
url_pattern='^postgres(ql)?://([A-Za-z_][A-Za-z0-9_]*):([A-Za-z0-9._~-]+)@[^/]+/([A-Za-z_][A-Za-z0-9_]*)$'

run_psql() {
  psql -v ON_ERROR_STOP=1 --no-psqlrc --quiet --username "${POSTGRES_USER:-postgres}" "$@"
}

for service in "${services[@]}"; do
  file="${secrets}/${service}_database_url"
  if [ ! -r "$file" ]; then
    echo "init-databases: cannot read ${file} (deploy/scripts/make-secrets.sh writes it)" >&2
    exit 1
  fi
  url="$(tr -d '\r\n' <"$file")"
  if [[ ! "$url" =~ $url_pattern ]]; then
    echo "init-databases: ${file} is not postgres://<role>:<password>@<host>/<database> with plain names and a URL-safe password" >&2
    exit 1
  fi
  role="${BASH_REMATCH[2]}"
  password="${BASH_REMATCH[3]}"
  database="${BASH_REMATCH[4]}"

  # CREATE DATABASE cannot run in a transaction or a DO block: \gexec runs the generated statements.
  run_psql --dbname "${POSTGRES_DB:-postgres}" --set role="$role" --set password="$password" \
    --set database="$database" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'role') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'role')
\gexec
ALTER ROLE :"role" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'password';
SELECT format('CREATE DATABASE %I OWNER %I', :'database', :'role')
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'database')
\gexec
ALTER DATABASE :"database" OWNER TO :"role";
-- Only its owner (and the superuser) may connect: no other service's role reads it.
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
SQL

  # What the superuser created there before (a volume from before roles): handed to the role.
  run_psql --dbname "$database" --set role="$role" <<'SQL'
SELECT format('ALTER TABLE public.%I OWNER TO %I', c.relname, :'role')
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  AND pg_get_userbyid(c.relowner) <> :'role'
\gexec
SELECT format('ALTER SEQUENCE public.%I OWNER TO %I', c.relname, :'role')
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) <> :'role'
  AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))
\gexec
SELECT format('ALTER TYPE public.%I OWNER TO %I', t.typname, :'role')
FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd') AND pg_get_userbyid(t.typowner) <> :'role'
\gexec
SQL
  echo "init-databases: ${database} ready, owned by role ${role}"
done
