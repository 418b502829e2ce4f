#!/usr/bin/env bash
# Runs a command with a real S3-compatible server available to the tests: s3s-fs from
# crates.io (installed once into ~/.cargo/bin, about 3 minutes to build on two cores). Each test
# that needs a bucket starts its own server on a loopback port (platform::testkit::bucket);
# this script only says where the binary is and that those tests must not be skipped.
#
#   scripts/with-s3.sh cargo nextest run --workspace
set -euo pipefail

S3S_FS_VERSION=0.14.1
binary="${CARGO_HOME:-$HOME/.cargo}/bin/s3s-fs"

if [[ "$("$binary" --version 2>/dev/null)" != "s3s-fs $S3S_FS_VERSION" ]]; then
    echo "installing s3s-fs $S3S_FS_VERSION (the S3-compatible server of the object storage tests)"
    cargo install --locked --quiet s3s-fs --version "$S3S_FS_VERSION" --features binary
fi

export XINQIAO_TEST_S3S_FS="$binary"
export XINQIAO_TEST_S3_REQUIRED=1
exec "$@"
