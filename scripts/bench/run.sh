#!/usr/bin/env bash
# The moments feed benchmark on both engines: builds the release binary, then runs feed.sh on
# SQLite and on a throwaway PostgreSQL cluster. Takes about two minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -p gateway
scripts/bench/feed.sh sqlite
echo
scripts/with-postgres.sh scripts/bench/feed.sh postgres
