#!/usr/bin/env bash
# Installs PostgreSQL from Debian's packages if it is missing, starts it, and makes the role and
# database `arbiter` (password `arbiter`) that the server's tests use. Safe to run again.
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
fi
version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters --no-header | grep -q .; then
  pg_createcluster "$version" main
fi
cluster="$(pg_lsclusters --no-header | head -n 1 | awk '{print $1 " " $2}')"
if ! pg_lsclusters --no-header | head -n 1 | grep -q online; then
  # shellcheck disable=SC2086
  pg_ctlcluster $cluster start
fi
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -h 127.0.0.1 -p 5432" && break
  sleep 1
done
as_postgres() { su postgres -c "psql -v ON_ERROR_STOP=1 -tAc \"$1\""; }
if [ "$(as_postgres "SELECT 1 FROM pg_roles WHERE rolname = 'arbiter'")" != "1" ]; then
  as_postgres "CREATE ROLE arbiter LOGIN SUPERUSER PASSWORD 'arbiter'"
fi
if [ "$(as_postgres "SELECT 1 FROM pg_database WHERE datname = 'arbiter'")" != "1" ]; then
  su postgres -c "createdb -O arbiter arbiter"
fi
# The tests run side by side, each with its servers' pools (16 connections each at most) and a
# listener per server: more than Debian's 100 connections at the worst moment.
if [ "$(as_postgres "SHOW max_connections")" -lt 400 ]; then
  as_postgres "ALTER SYSTEM SET max_connections = 400"
  # shellcheck disable=SC2086
  pg_ctlcluster $cluster restart
  for _ in $(seq 1 30); do
    su postgres -c "pg_isready -q -h 127.0.0.1 -p 5432" && break
    sleep 1
  done
fi
