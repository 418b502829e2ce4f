#!/usr/bin/env bash
# Times the people index alone (no HTTP, no database) on the searches of people.sh, with
# members listed as `xinqiao seed bench` lists them: median and p99 of each search's matching
# and first page, in µs, on one core.
#   scripts/bench/index.sh [members]    (default a million)
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo run --quiet --release -p profile --features bench --example people_index_speed \
    -- "${1:-1000000}"
