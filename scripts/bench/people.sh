#!/usr/bin/env bash
# Benchmarks finding people against GET /api/v1/health on one engine.
#   scripts/bench/people.sh sqlite [members]
#   scripts/bench/people.sh postgres [members]   (uses XINQIAO_TEST_POSTGRES_URL)
# Seeds `members` (default 10 000) members with varied profiles, signs in as bench_2 (liked by
# thirty members) and drives with wrk: recommendations at page 1 and a deep page, advanced
# search with a narrow and a broad filter, and the likedme list; then recommendations and the
# narrow search with each request from the next of 40 members (`_many`: members of both sexes
# and many cities, who share no per-member rows). Prints requests/s, p50, p99 and each
# endpoint's ratio to health, measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/../.."

engine=${1:?usage: people.sh sqlite|postgres [members]}
members=${2:-${BENCH_MEMBERS:-10000}}
connections=${BENCH_CONNECTIONS:-64}
duration=${BENCH_DURATION:-10s}
source scripts/bench/lib.sh

seed_bench "$members" 100
start_server
BENCH_TOKEN=$(sign_in bench_2)
export BENCH_TOKEN
for n in $(seq 1 40); do sign_in "bench_$((n * 7))"; done >"$work/tokens"

narrow='{"gender":"female","ageMin":28,"ageMax":32,"heightMin":160,"heightMax":170,"educations":["硕士"],"hobbies":["travel","photo"]}'
broad='{"gender":"female","ageMin":18,"ageMax":80}'
for request in "recommend/list {}" "recommend/list {\"page\":20}" "user/advsearch $narrow" \
    "user/advsearch $broad" "likedme/list {}"; do
    check_post "${request%% *}" "${request#* }"
done

measure health "$api/health"
BENCH_BODY='{}' measure recommend_1 -s scripts/bench/post.lua "$api/recommend/list"
BENCH_BODY='{"page":20}' measure recommend_20 -s scripts/bench/post.lua "$api/recommend/list"
BENCH_BODY=$narrow measure search_narrow -s scripts/bench/post.lua "$api/user/advsearch"
BENCH_BODY=$broad measure search_broad -s scripts/bench/post.lua "$api/user/advsearch"
BENCH_BODY='{}' measure likedme -s scripts/bench/post.lua "$api/likedme/list"
export BENCH_TOKENS_FILE=$work/tokens
BENCH_BODY='{}' measure recommend_many -s scripts/bench/members.lua "$api/recommend/list"
BENCH_BODY=$narrow measure search_many -s scripts/bench/members.lua "$api/user/advsearch"

print_results "engine=$engine members=$members connections=$connections duration=$duration"
