#!/usr/bin/env bash
# Runs a command with XINQIAO_TEST_POSTGRES_URL pointing at a PostgreSQL server.
# When the variable is already set, that server is used; otherwise a throwaway cluster is
# created from Debian's PostgreSQL binaries on a free loopback port and removed afterwards.
set -euo pipefail

if [[ -n "${XINQIAO_TEST_POSTGRES_URL:-}" ]]; then
    exec "$@"
fi

bin_dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z "$bin_dir" || ! -x "$bin_dir/initdb" ]]; then
    echo "PostgreSQL server binaries not found (apt-get install postgresql), or set XINQIAO_TEST_POSTGRES_URL" >&2
    exit 1
fi

cluster=$(mktemp -d /tmp/xinqiao-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')

# initdb refuses to run as root; CI runs as root, so the cluster then belongs to "postgres".
as_owner=()
if [[ $(id -u) -eq 0 ]]; then
    chown postgres: "$cluster"
    as_owner=(runuser -u postgres --)
fi

cleanup() {
    "${as_owner[@]}" "$bin_dir/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$cluster"
}
trap cleanup EXIT

"${as_owner[@]}" "$bin_dir/initdb" -D "$cluster/data" -U xinqiao -A trust -E UTF8 --no-locale >/dev/null
"${as_owner[@]}" "$bin_dir/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $cluster -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null

export XINQIAO_TEST_POSTGRES_URL="postgres://xinqiao@127.0.0.1:$port/postgres"
"$@"
