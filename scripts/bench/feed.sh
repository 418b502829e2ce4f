#!/usr/bin/env bash
# Benchmarks the moments feed against GET /api/v1/health on one engine.
#   scripts/bench/feed.sh sqlite
#   scripts/bench/feed.sh postgres   (uses XINQIAO_TEST_POSTGRES_URL; run.sh provides one)
# Seeds 10k members and 100k moments, starts the release binary on a free loopback port and
# drives it with wrk: the guest feed and, signed in as bench_1, the member feed, each at its
# newest page and at a deep page. Prints requests/s, p50, p99 and each endpoint's ratio to
# health, measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/../.."

engine=${1:?usage: feed.sh sqlite|postgres}
connections=${BENCH_CONNECTIONS:-64}
duration=${BENCH_DURATION:-10s}
members=${BENCH_MEMBERS:-10000}
moments=${BENCH_MOMENTS:-100000}
bin=target/release/xinqiao

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
[[ -x $bin ]] || { echo "$bin is missing: cargo build --release -p gateway" >&2; exit 1; }

work=$(mktemp -d /tmp/xinqiao-bench.XXXXXX)
server=""
cleanup() {
    [[ -n $server ]] && kill "$server" 2>/dev/null || true
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

"$bin" seed bench --members "$members" --moments "$moments" >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
# The bypass lets the script sign in without reading a captcha image; never set in production.
XINQIAO_CAPTCHA_BYPASS=bench-bypass XINQIAO_BIND=127.0.0.1:$port "$bin" serve >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/api/v1/health" >/dev/null && break
    sleep 0.1
done

# The deepest page that still has a full page of public moments below it.
deep_from=$((moments / 100))

measure() { # name, wrk args…
    local name=$1
    shift
    wrk -t2 -c"$connections" -d"$duration" --latency "$@" >"$work/$name.txt"
    python3 scripts/bench/wrk_summary.py "$name" "$work/$name.txt" >>"$work/results.tsv"
}

curl -sf -X POST -H 'content-type: application/json' -d '{"fromId":0}' \
    "http://127.0.0.1:$port/api/v1/moment/guest/list" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d["data"]["moments"]) == 10, d'

api=http://127.0.0.1:$port/api/v1
captcha_id=$(curl -sf "$api/user/captcha" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["captchaId"])')
token=$(curl -sf -X POST -H 'content-type: application/json' \
    -d "{\"username\":\"bench_1\",\"password\":\"bench-password\",\"captcha\":\"bench-bypass\",\"captchaId\":\"$captcha_id\"}" \
    "$api/user/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["accessToken"])')

measure health "$api/health"
BENCH_BODY='{"fromId":0}' measure guest_newest -s scripts/bench/post.lua "$api/moment/guest/list"
BENCH_BODY="{\"fromId\":$deep_from}" measure guest_deep -s scripts/bench/post.lua "$api/moment/guest/list"
BENCH_TOKEN=$token BENCH_BODY='{"fromId":0}' measure member_newest -s scripts/bench/post.lua "$api/moment/list"
BENCH_TOKEN=$token BENCH_BODY="{\"fromId\":$deep_from}" measure member_deep -s scripts/bench/post.lua "$api/moment/list"

echo "engine=$engine members=$members moments=$moments connections=$connections duration=$duration"
python3 scripts/bench/wrk_summary.py --table "$work/results.tsv"
