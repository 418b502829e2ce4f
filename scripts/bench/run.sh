#!/usr/bin/env bash
# Every benchmark on both engines: builds the release binary, then runs the moments feed
# (feed.sh) and finding people (people.sh, at 10 000 and 1 000 000 members) on SQLite and on a
# throwaway PostgreSQL cluster. `run.sh feed` or `run.sh people` runs one of them. Takes about
# ten minutes for both.
set -euo pipefail
cd "$(dirname "$0")/../.."
which=${1:-all}
cargo build --release -p gateway
run_on() { # engine
    if [[ $which == all || $which == feed ]]; then scripts/bench/feed.sh "$1"; echo; fi
    if [[ $which == all || $which == people ]]; then
        scripts/bench/people.sh "$1" 10000
        echo
        scripts/bench/people.sh "$1" 1000000
        echo
    fi
}
run_on sqlite
export -f run_on
export which
scripts/with-postgres.sh bash -c 'run_on postgres'
