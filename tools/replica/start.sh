#!/usr/bin/env bash
# A streaming replica of the local PostgreSQL 15 (127.0.0.1:5432) on 127.0.0.1:5433, for
# `npm run test:scale` (docs/decisions/031-read-replica.md). Idempotent: a replica already
# answering is left as it is; a data folder left by a run cut short is started again.
#   bash tools/replica/start.sh    then    bash tools/replica/stop.sh
set -euo pipefail
here="$(dirname "$0")"
# shellcheck source=tools/replica/settings.sh
. "$here/settings.sh"

if "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$REPLICA_PORT" -q; then
  echo "replica already answering on $REPLICA_PORT ($REPLICA_DIR)"
  exit 0
fi

# pg_basebackup connects for replication, which pg_hba.conf must allow by name ("all" does not
# cover it). Trust as for every other local connection on this machine.
hba_line="host replication all 127.0.0.1/32 trust"
if ! grep -qxF "$hba_line" "$PRIMARY_HBA"; then
  echo "$hba_line" >>"$PRIMARY_HBA"
  psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -qAtc "SELECT pg_reload_conf()" >/dev/null
  echo "added to $PRIMARY_HBA: $hba_line"
fi

if [ ! -f "$REPLICA_DIR/PG_VERSION" ]; then
  rm -rf "$REPLICA_DIR"
  mkdir -p "$REPLICA_DIR"
  chmod 700 "$REPLICA_DIR"
  if [ -n "$AS_POSTGRES" ]; then chown postgres:postgres "$REPLICA_DIR"; fi
  # -R writes standby.signal and primary_conninfo, so the copy starts as a streaming standby.
  as_postgres "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres \
    -D "$REPLICA_DIR" -R -X stream -c fast --no-password
  # The primary's own settings came along in postgresql.auto.conf; the replica listens on its own
  # port, only on loopback, and keeps its socket in its folder (not the primary's).
  # A hot standby refuses to start with fewer of these than its primary has.
  primary_settings=$(psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -qAtc \
    "SELECT string_agg(name || ' = ' || setting, E'\n') FROM pg_settings WHERE name IN
       ('max_connections', 'max_worker_processes', 'max_wal_senders',
        'max_prepared_transactions', 'max_locks_per_transaction')")
  cat >>"$REPLICA_DIR/postgresql.auto.conf" <<CONF
$primary_settings
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$REPLICA_DIR'
hot_standby = on
CONF
fi

# Debian keeps the primary's configuration in /etc; the copy has none of its own but the auto
# file, so it starts on an empty postgresql.conf.
[ -f "$REPLICA_DIR/postgresql.conf" ] || as_postgres touch "$REPLICA_DIR/postgresql.conf"
if [ ! -f "$REPLICA_DIR/pg_hba.conf" ]; then
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' >"$REPLICA_DIR/pg_hba.conf"
  if [ -n "$AS_POSTGRES" ]; then chown postgres:postgres "$REPLICA_DIR/pg_hba.conf"; fi
fi

as_postgres "$PG_BIN/pg_ctl" -D "$REPLICA_DIR" -l "$REPLICA_DIR/replica.log" -w -t 60 start
for _ in $(seq 1 60); do
  "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$REPLICA_PORT" -q && break
  sleep 1
done
"$PG_BIN/pg_isready" -h 127.0.0.1 -p "$REPLICA_PORT"
psql -h 127.0.0.1 -p "$REPLICA_PORT" -U postgres -d postgres -qAtc "SELECT 'replica in recovery: ' || pg_is_in_recovery()"
