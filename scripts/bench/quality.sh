#!/usr/bin/env bash
# Measures how good recommendations are on a synthetic community with hidden tastes (see
# crates/profile/src/discovery/simulation.rs for the community and the tastes, written down
# before the ranking was tuned): the ranking before the people index, today's and a random one,
# run on the same community, reporting the mutual-like rate in the first twelve, the share of
# members shown to anyone, the exposure Gini and the share of likes the most liked 1 % got.
#   scripts/bench/quality.sh [members] [days]    (defaults 4 000 and 10)
# No server or database: the rankings run in the process, as the gateway runs them.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo run --quiet --release -p profile --features bench --example recommendation_quality \
    -- "${1:-4000}" "${2:-10}"
