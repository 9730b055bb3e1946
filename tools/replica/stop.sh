#!/usr/bin/env bash
# Stops the replica started by start.sh and removes its data folder. Safe to run when none runs.
# --keep-data only stops it (the read-replica tests take it down and bring it back with start.sh).
# The replication line start.sh added to the primary's pg_hba.conf stays: it only lets local
# connections stream, as trust already lets them do everything else.
set -euo pipefail
here="$(dirname "$0")"
# shellcheck source=tools/replica/settings.sh
. "$here/settings.sh"

if [ -f "$REPLICA_DIR/postmaster.pid" ]; then
  as_postgres "$PG_BIN/pg_ctl" -D "$REPLICA_DIR" -m fast -w -t 60 stop || true
fi
if [ "${1:-}" = "--keep-data" ]; then
  echo "replica stopped, $REPLICA_DIR kept"
  exit 0
fi
rm -rf "$REPLICA_DIR"
echo "replica stopped, $REPLICA_DIR removed"
