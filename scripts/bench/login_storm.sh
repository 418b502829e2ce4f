#!/usr/bin/env bash
# How a storm of sign-ins slows everybody else, on one engine.
#   scripts/bench/login_storm.sh sqlite
#   scripts/bench/login_storm.sh postgres   (uses XINQIAO_TEST_POSTGRES_URL; with-postgres.sh gives one)
# Seeds 1 000 members (bcrypt at the production cost) and 10 000 moments, starts the release
# binary on a free loopback port and measures health, the guest feed and a signed-in read (the
# member feed as bench_1) with wrk, first alone, then while a second wrk signs members in as
# fast as the server lets it (login_storm.lua: 200 connections, a fresh captcha and the right
# password each time, from many addresses; a sign-in refused as busy goes again after its
# Retry-After, or at once with BENCH_STORM_RETRY=ignore). Prints each endpoint's p99 under the
# storm over its p99 alone, both measured in this run (the target is at most 1.5), and the
# share of the storm's sign-ins the server shed with 503.
set -euo pipefail
cd "$(dirname "$0")/../.."

engine=${1:?usage: login_storm.sh sqlite|postgres}
connections=${BENCH_CONNECTIONS:-16}
duration=${BENCH_DURATION:-10s}
storm_connections=${BENCH_STORM_CONNECTIONS:-200}
export BENCH_MEMBERS=${BENCH_MEMBERS:-1000}
moments=${BENCH_MOMENTS:-10000}
source scripts/bench/lib.sh

seed_bench "$BENCH_MEMBERS" "$moments"
# The storm's addresses come from X-Forwarded-For, as behind a proxy.
XINQIAO_BEHIND_PROXY=true start_server
token=$(sign_in bench_1)
curl -sf -X POST -H 'content-type: application/json' -d '{"fromId":0}' \
    "$api/moment/guest/list" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d["data"]["moments"]) == 10, d'

# Measures the three endpoints, each result named with the suffix $1.
measure_others() {
    measure "health$1" "$api/health"
    BENCH_BODY='{"fromId":0}' measure "guest_feed$1" -s scripts/bench/post.lua "$api/moment/guest/list"
    BENCH_TOKEN=$token BENCH_BODY='{"fromId":0}' measure "member_feed$1" -s scripts/bench/post.lua "$api/moment/list"
}

measure_others ""

seconds=${duration%s}
# Outlasts the three measurements, with a few seconds to build up first. One thread per
# connection keeps each connection's captcha and wait in its own Lua state.
wrk -t"$storm_connections" -c"$storm_connections" -d$((3 * seconds + 8))s --timeout 60s --latency \
    -s scripts/bench/login_storm.lua "${api%/api/v1}" >"$work/storm.txt" &
storm=$!
trap 'kill "$storm" 2>/dev/null || true; cleanup' EXIT
sleep 4
measure_others "@storm"
wait "$storm"

echo "engine=$engine connections=$connections duration=$duration storm_connections=$storm_connections retry=${BENCH_STORM_RETRY:-after}"
grep -E "sign-ins:|Requests/sec" "$work/storm.txt" | sed 's/^/storm /'
python3 scripts/bench/wrk_summary.py --storm "$work/results.tsv"
