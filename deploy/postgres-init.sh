#!/bin/sh
# Run once by the postgres image on an empty data volume (/docker-entrypoint-initdb.d, compose.yaml):
# the server's rights exactly as docs/production.md › Database rights gives them — a login that is
# not a superuser, owning its database, and the tag sandbox's role.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -v pw="$TB_DB_PASSWORD" <<'SQL'
CREATE ROLE tbapp LOGIN PASSWORD :'pw' NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE tb OWNER tbapp;
CREATE ROLE tb_tag_sandbox NOLOGIN;
GRANT tb_tag_sandbox TO tbapp;
GRANT SET ON PARAMETER temp_file_limit TO tbapp;
SQL
