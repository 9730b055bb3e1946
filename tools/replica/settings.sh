# Shared by start.sh and stop.sh (sourced). Override by environment when needed.
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PRIMARY_PORT="${PRIMARY_PORT:-5432}"
PRIMARY_HBA="${PRIMARY_HBA:-/etc/postgresql/15/main/pg_hba.conf}"
REPLICA_PORT="${REPLICA_PORT:-5433}"
REPLICA_DIR="${REPLICA_DIR:-${TMPDIR:-/tmp}/portal-replica-$REPLICA_PORT}"
# PostgreSQL refuses to run as root: as root (CI), its programs run as postgres.
AS_POSTGRES=""
if [ "$(id -u)" = 0 ]; then AS_POSTGRES=1; fi
as_postgres() {
  if [ -n "$AS_POSTGRES" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
