#!/usr/bin/env bash
# Benchmarks the moments feed against GET /api/v1/health on one engine.
#   scripts/bench/feed.sh sqlite
#   scripts/bench/feed.sh postgres   (uses XINQIAO_TEST_POSTGRES_URL; run.sh provides one)
# Seeds 10k members and 100k moments, starts the release binary on a free loopback port and
# drives it with wrk: the guest feed and, signed in as bench_1, the member feed, each at its
# newest page and at a deep page; then the member feed's newest page with each request from
# the next of 40 members (member_many: no two requests in a row share a member's rows). Prints
# requests/s, p50, p99 and each endpoint's ratio to health, measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/../.."

engine=${1:?usage: feed.sh sqlite|postgres}
connections=${BENCH_CONNECTIONS:-64}
duration=${BENCH_DURATION:-10s}
members=${BENCH_MEMBERS:-10000}
moments=${BENCH_MOMENTS:-100000}
source scripts/bench/lib.sh

seed_bench "$members" "$moments"
start_server

# The deepest page that still has a full page of public moments below it.
deep_from=$((moments / 100))

curl -sf -X POST -H 'content-type: application/json' -d '{"fromId":0}' \
    "$api/moment/guest/list" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d["data"]["moments"]) == 10, d'
token=$(sign_in bench_1)
for n in $(seq 1 40); do sign_in "bench_$((n * 7))"; done >"$work/tokens"

measure health "$api/health"
BENCH_BODY='{"fromId":0}' measure guest_newest -s scripts/bench/post.lua "$api/moment/guest/list"
BENCH_BODY="{\"fromId\":$deep_from}" measure guest_deep -s scripts/bench/post.lua "$api/moment/guest/list"
BENCH_TOKEN=$token BENCH_BODY='{"fromId":0}' measure member_newest -s scripts/bench/post.lua "$api/moment/list"
BENCH_TOKEN=$token BENCH_BODY="{\"fromId\":$deep_from}" measure member_deep -s scripts/bench/post.lua "$api/moment/list"
BENCH_TOKENS_FILE=$work/tokens BENCH_BODY='{"fromId":0}' measure member_many -s scripts/bench/members.lua "$api/moment/list"

print_results "engine=$engine members=$members moments=$moments connections=$connections duration=$duration"
