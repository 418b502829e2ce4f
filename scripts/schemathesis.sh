#!/usr/bin/env bash
# Fuzzes the whole OpenAPI document (openapi/openapi.json) with schemathesis against the real
# `xinqiao` binary, signed in as a member, once on SQLite and once on PostgreSQL. A run fails on
# any 5xx, any answer that breaks its own documented schema or content type, and any request the
# server leaves hanging past the request timeout.
#
#   XINQIAO_BIN                 the server binary (default target/debug/xinqiao)
#   SCHEMATHESIS_MAX_TIME       seconds of fuzzing per engine (default 60)
#   SCHEMATHESIS_SEED           the generator's seed (default 20261127); `random` for a fresh one
#   XINQIAO_TEST_POSTGRES_URL   a PostgreSQL server to create the database in; without it a
#                               throwaway cluster is started (scripts/with-postgres.sh)
#
#   scripts/schemathesis.sh --install-only   makes the virtualenv and stops (CI does it while
#                                            the Rust tests build)
#
# A fixed seed by default, so `make test` answers the same for the same code and a red run is
# the change's doing; `SCHEMATHESIS_SEED=random` explores new inputs (schemathesis prints the
# seed it used, and a failure is replayed with SCHEMATHESIS_SEED=<seed>).
set -euo pipefail

seed=${SCHEMATHESIS_SEED:-20261127}
[[ $seed == random ]] && seed=
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

SCHEMATHESIS_VERSION=4.32.5
venv="$root/target/schemathesis-venv"

if [[ ! -x "$venv/bin/schemathesis" ]] || ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -qF "$SCHEMATHESIS_VERSION"; then
    echo "installing schemathesis $SCHEMATHESIS_VERSION into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
[[ "${1:-}" == --install-only ]] && exit 0

if [[ -z "${XINQIAO_TEST_POSTGRES_URL:-}" ]]; then
    exec scripts/with-postgres.sh "$root/scripts/schemathesis.sh" "$@"
fi

bin=$(realpath "${XINQIAO_BIN:-target/debug/xinqiao}")
max_time=${SCHEMATHESIS_MAX_TIME:-60}
captcha_bypass=schemathesis-pass
# Not the demo password, nor anything an example in the document holds: the password change
# and account deletion stay in the run, and must never succeed with a generated body.
password="St-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"

if [[ ! -x "$bin" ]]; then
    echo "no server binary at $bin: cargo build --workspace --bins --examples, or set XINQIAO_BIN" >&2
    exit 1
fi

work=$(mktemp -d /tmp/xinqiao-schemathesis.XXXXXX)
server_pid=
fake_pids=()
stop_server() {
    if [[ -n "$server_pid" ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=
    fi
}
cleanup() {
    stop_server
    for pid in "${fake_pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Starts one of the fake outside servers (the crates' examples, built with the workspace); the
# first line of $work/<name>.out describes it (JSON).
start_fake() {
    local name=$1 out="$work/$1.out"
    shift
    local exe="$examples/$name"
    if [[ ! -x "$exe" ]]; then
        echo "no $exe: cargo build --workspace --bins --examples" >&2
        exit 1
    fi
    "$exe" "$@" >"$out" &
    fake_pids+=($!)
    local tries=0
    until [[ -s "$out" ]] && head -n 1 "$out" | jq -e . >/dev/null 2>&1; do
        tries=$((tries + 1))
        if [[ $tries -ge 50 ]]; then
            echo "$name did not start" >&2
            exit 1
        fi
        sleep 0.2
    done
}

# WeChat sign-in and the AI chat answer 503 by design while their outside service is not
# configured; pointed at the fakes (as the browser journeys do), the fuzzer reaches their real
# code instead of counting a deliberate 503 as a server error.
examples=$(dirname "$bin")/examples
start_fake fake-wechat 127.0.0.1:0 127.0.0.1
start_fake fake-model 127.0.0.1:0
wechat=$(head -n 1 "$work/fake-wechat.out")
model=$(head -n 1 "$work/fake-model.out")
export XINQIAO_WECHAT_OPEN_APPID=$(jq -r .openAppid <<<"$wechat")
export XINQIAO_WECHAT_OPEN_SECRET=$(jq -r .openSecret <<<"$wechat")
export XINQIAO_WECHAT_MP_APPID=$(jq -r .mpAppid <<<"$wechat")
export XINQIAO_WECHAT_MP_SECRET=$(jq -r .mpSecret <<<"$wechat")
export XINQIAO_WECHAT_AUTHORIZE_URL=$(jq -r .baseUrl <<<"$wechat")
export XINQIAO_WECHAT_API_URL=$(jq -r .baseUrl <<<"$wechat")
export XINQIAO_AI_BASE_URL=$(jq -r .baseUrl <<<"$model") XINQIAO_AI_PROTOCOL=ollama

# Runs one engine: $1 names it, $2 is the database URL the server gets. A failed run sets
# `failed` (and the other engine still runs); a failed setup ends the script (set -e).
failed=0
fuzz() {
    local engine=$1 database_url=$2
    local data_dir="$work/$engine" port base token
    mkdir -p "$data_dir"
    port=$(free_port)
    base="http://127.0.0.1:$port"

    export XINQIAO_DATA_DIR="$data_dir" XINQIAO_DATABASE_URL="$database_url"
    export XINQIAO_BIND="127.0.0.1:$port" XINQIAO_CAPTCHA_BYPASS="$captcha_bypass" XINQIAO_ENV=development
    export NO_COLOR=1

    "$bin" migrate >"$data_dir/setup.log" 2>&1
    "$bin" user create --username fuzzer --password "$password" --role user >>"$data_dir/setup.log" 2>&1

    "$bin" serve >"$data_dir/server.log" 2>&1 &
    server_pid=$!
    local tries=0
    until curl -fs -o /dev/null "$base/api/v1/health" 2>/dev/null; do
        tries=$((tries + 1))
        if [[ $tries -ge 150 ]] || ! kill -0 "$server_pid" 2>/dev/null; then
            echo "xinqiao ($engine) did not answer /api/v1/health:" >&2
            cat "$data_dir/server.log" >&2
            exit 1
        fi
        sleep 0.2
    done

    local captcha_id
    captcha_id=$(curl -fsS "$base/api/v1/user/captcha" | jq -er .data.captchaId)
    token=$(jq -n --arg u fuzzer --arg p "$password" --arg c "$captcha_bypass" --arg i "$captcha_id" \
            '{username: $u, password: $p, captcha: $c, captchaId: $i}' |
        curl -fsS -H 'Content-Type: application/json' --data-binary @- "$base/api/v1/user/login" |
        jq -er .data.accessToken)

    echo "== schemathesis on $engine ($base, ${max_time}s)"
    local status=0
    # One operation is excluded: logout revokes every token of the member under test, whatever
    # the body, so every later case would only see 401s. The password change and the account
    # deletion stay in: both need the current password, which no generated body holds.
    # The chat socket and the AI chat stream stay in too: without a WebSocket handshake the
    # socket answers 400, and the stream ends on its own (the fake model answers at once).
    # Run from the temp dir: schemathesis and hypothesis leave their caches in the working
    # directory, which must not be the checkout.
    (cd "$work" && "$venv/bin/schemathesis" run "$root/openapi/openapi.json" \
        --url "$base" \
        -H "Authorization: Bearer $token" \
        --checks not_a_server_error,response_schema_conformance,content_type_conformance \
        --exclude-operation-id logout_user \
        --max-time "$max_time" \
        --request-timeout 10 \
        --workers 2 \
        --generation-database none \
        ${seed:+--seed "$seed"} \
        --no-color) || status=$?

    # A hang is also a server that stopped answering altogether.
    if ! curl -fsS -m 10 -o /dev/null "$base/api/v1/health"; then
        echo "xinqiao ($engine) stopped answering after the run" >&2
        status=1
    fi
    if [[ $status -ne 0 ]]; then
        echo "--- server log ($engine): errors and 5xx" >&2
        grep -E 'ERROR|status=5[0-9][0-9]' "$data_dir/server.log" | tail -n 40 >&2 || true
    fi
    stop_server
    if [[ $status -ne 0 ]]; then
        failed=1
    fi
}

fuzz sqlite "sqlite://$work/sqlite/x.db"

# A fresh database in the given server: the same URL with another database name.
pg_db="xinqiao_schemathesis_$$_$RANDOM"
psql -q -v ON_ERROR_STOP=1 "$XINQIAO_TEST_POSTGRES_URL" -c "CREATE DATABASE $pg_db" >/dev/null
pg_url=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' \
    "$XINQIAO_TEST_POSTGRES_URL" "$pg_db")
fuzz postgres "$pg_url"
stop_server
psql -q "$XINQIAO_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS $pg_db" >/dev/null || true

exit "$failed"
