# Two commands matter: `make run` and `make test`. The rest are the steps they are made of.
.PHONY: run test web web-deps server server-debug openapi client test-rust test-web test-e2e test-schemathesis test-fuzz lint bench

CARGO ?= cargo
RUN_DATA_DIR ?= data

run: web server ## Build everything, seed demo content, serve on SQLite
	XINQIAO_DATA_DIR=$(RUN_DATA_DIR) ./target/release/xinqiao seed demo
	@echo
	@echo "Open http://$${XINQIAO_BIND:-127.0.0.1:8080} (API reference: /api/docs)"
	@echo
	XINQIAO_DATA_DIR=$(RUN_DATA_DIR) ./target/release/xinqiao serve

web-deps:
	cd web && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }

web: web-deps
	cd web && npm run build

server:
	$(CARGO) build --release -p gateway

server-debug:
	$(CARGO) build -p gateway

## Regenerate the committed OpenAPI document and the web client generated from it.
openapi: server-debug
	./target/debug/xinqiao openapi > openapi/openapi.json
	$(MAKE) client

client: web-deps
	cd web && npm run generate

test: test-rust test-web test-e2e test-schemathesis test-fuzz ## Every test: Rust on SQLite and PostgreSQL, web unit, browser end-to-end, API and parser fuzzing

test-rust:
	XINQIAO_TEST_POSTGRES_REQUIRED=1 XINQIAO_TEST_NGINX_REQUIRED=1 scripts/with-postgres.sh $(CARGO) nextest run --workspace --no-fail-fast

# The generated client must match the committed OpenAPI document (`make openapi` refreshes both).
test-web: web-deps
	cd web && npm run generate >/dev/null
	git diff --exit-code --stat -- web/src/api/generated || { echo "web/src/api/generated is stale: run make openapi and commit"; exit 1; }
	cd web && npm test

# The journeys also run the fake WeChat, SMTP and model servers (the crates' examples/). One
# build of the whole workspace with its examples enables the same features as the Rust tests'
# build, so after `test-rust` nothing but the examples is compiled again (per-package builds
# enable fewer features and rebuilt half the dependencies: minutes on a fresh CI machine).
test-e2e: web
	$(CARGO) build --workspace --bins --examples
	cd web && XINQIAO_BIN=../target/debug/xinqiao npm run e2e

# schemathesis over the whole OpenAPI document against the debug binary and the fake outside
# servers (WeChat, model), on SQLite and PostgreSQL: about 75 s each, plus a one-time virtualenv
# (~40 s). The build is test-e2e's, so after it nothing is compiled again.
test-schemathesis:
	$(CARGO) build --workspace --bins --examples
	XINQIAO_BIN=target/debug/xinqiao scripts/schemathesis.sh

# cargo fuzz over the parsers that take members' bytes (fuzz/), 20 s a target from seeds made of
# the demo instruments and the XSS payloads: ~2.5 min with the one-time cargo-fuzz install and
# instrumented build. FUZZ_SECONDS=600 make test-fuzz fuzzes longer.
test-fuzz:
	scripts/fuzz.sh

lint:
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) fmt --all --check
	$(CARGO) fmt --manifest-path fuzz/Cargo.toml --check
