# Shared steps of the benchmarks: a throwaway database on one engine, the release server on a
# free loopback port, a bench member's token, and wrk runs summarised against health.
# Sourced by feed.sh and people.sh after they set: engine, connections, duration.

# XINQIAO_BENCH_BIN runs another build (say, a copy from before a change) for comparison.
bin=${XINQIAO_BENCH_BIN:-target/release/xinqiao}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
[[ -x $bin ]] || { echo "$bin is missing: cargo build --release -p gateway" >&2; exit 1; }

work=$(mktemp -d /tmp/xinqiao-bench.XXXXXX)
server=""
# Other processes the benchmark started (more gateways, nginx), stopped with it.
others=()
cleanup() {
    [[ -n $server ]] && kill "$server" 2>/dev/null || true
    for pid in "${others[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

export XINQIAO_DATA_DIR=$work/data XINQIAO_ENV=development RUST_LOG=warn
case $engine in
    sqlite) export XINQIAO_DATABASE_URL="sqlite://$work/bench.db" ;;
    postgres)
        base=${XINQIAO_TEST_POSTGRES_URL:?set XINQIAO_TEST_POSTGRES_URL or use run.sh}
        schema="bench_$$"
        # A schema of its own, selected through the connection options.
        export XINQIAO_DATABASE_URL="${base}?options=-csearch_path%3D${schema}"
        psql "$base" -qc "CREATE SCHEMA $schema" >/dev/null
        ;;
    *) echo "unknown engine $engine" >&2; exit 1 ;;
esac

# Seeds $1 members and $2 moments. On PostgreSQL the load then ends as autovacuum would leave it
# on a running site a minute later: vacuumed (so the directory's index-only walks skip the heap
# on pages marked all-visible) and analysed (so plans come from statistics). A synchronous
# commit first flushes the WAL: VACUUM cannot mark a page all-visible while the commit that
# wrote its rows is unflushed, which the test cluster's asynchronous commits leave for later.
seed_bench() {
    "$bin" seed bench --members "$1" --moments "$2" >/dev/null
    if [[ $engine == postgres ]]; then
        psql "$base" -qAtc "SET synchronous_commit = on; SELECT txid_current()" >/dev/null
        PGOPTIONS="-csearch_path=$schema" psql "$base" -qc "VACUUM (ANALYZE)"
    fi
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Waits until $1 (an API base) answers health, or fails with the log $2.
wait_healthy() {
    for _ in $(seq 100); do
        curl -sf "$1/health" >/dev/null && return
        sleep 0.1
    done
    echo "$1 did not start: $(cat "$2")" >&2
    exit 1
}

# Starts the server on the seeded database and sets `api`.
start_server() {
    local port
    port=$(free_port)
    # The bypass lets the script sign in without reading a captcha image; never set in production.
    XINQIAO_CAPTCHA_BYPASS=bench-bypass XINQIAO_BIND=127.0.0.1:$port "$bin" serve >"$work/server.log" 2>&1 &
    server=$!
    api=http://127.0.0.1:$port/api/v1
    wait_healthy "$api" "$work/server.log"
}

# Starts one more gateway on the seeded database, behind a proxy, and appends its port to
# `gateway_ports`.
gateway_ports=()
start_gateway() {
    local port
    port=$(free_port)
    XINQIAO_CAPTCHA_BYPASS=bench-bypass XINQIAO_BEHIND_PROXY=true XINQIAO_BIND=127.0.0.1:$port \
        "$bin" serve >"$work/gateway-$port.log" 2>&1 &
    others+=($!)
    wait_healthy "http://127.0.0.1:$port/api/v1" "$work/gateway-$port.log"
    gateway_ports+=("$port")
}

# Prints the access token of the bench member named $1.
sign_in() {
    local captcha_id
    captcha_id=$(curl -sf "$api/user/captcha" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["captchaId"])')
    curl -sf -X POST -H 'content-type: application/json' \
        -d "{\"username\":\"$1\",\"password\":\"bench-password\",\"captcha\":\"bench-bypass\",\"captchaId\":\"$captcha_id\"}" \
        "$api/user/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["accessToken"])'
}

# Runs wrk as `measure NAME wrk-args…` and adds its summary to the results.
measure() {
    local name=$1
    shift
    wrk -t2 -c"$connections" -d"$duration" --latency "$@" >"$work/$name.txt"
    python3 scripts/bench/wrk_summary.py "$name" "$work/$name.txt" >>"$work/results.tsv"
}

# POSTs JSON $2 to $1 as $BENCH_TOKEN's member and checks that the answer succeeds.
check_post() {
    curl -sf -X POST -H 'content-type: application/json' -H "Authorization: Bearer $BENCH_TOKEN" \
        -d "$2" "$api/$1" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["code"] == 200, d' \
        || { echo "$1 failed" >&2; exit 1; }
}

print_results() {
    echo "$1"
    python3 scripts/bench/wrk_summary.py --table "$work/results.tsv"
}
