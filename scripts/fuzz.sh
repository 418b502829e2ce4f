#!/usr/bin/env bash
# Runs the cargo fuzz targets in fuzz/ (the parsers that take members' bytes: identity card
# numbers, an assessment's questions JSON, the scoring engine, the knowledge HTML cleaner),
# each for a short while, from seeds made of the project's own data: the demo instruments,
# the stored-XSS payloads of the browser tests and a few identity card numbers.
#
#   FUZZ_SECONDS   seconds per target (default 20)
#   FUZZ_SEED      libFuzzer's seed (default 20261127); `random` for a fresh one
#   FUZZ_TARGETS   the targets to run (default: all of them)
#
# No sanitizer: the targets are safe Rust, and the address sanitizer needs a nightly compiler.
# Debug assertions and overflow checks stay on. A failure leaves its input in
# fuzz/artifacts/<target>/; `cargo fuzz run -s none <target> <that file>` replays it.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root/fuzz"

CARGO_FUZZ_VERSION=0.13.2
seconds=${FUZZ_SECONDS:-20}
seed=${FUZZ_SEED:-20261127}
[[ $seed == random ]] && seed=0
targets=${FUZZ_TARGETS:-"id_number exam_questions exam_scoring html_clean"}
work="$root/target/fuzz"

if [[ "$(cargo fuzz --version 2>/dev/null)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]]; then
    cargo install --locked --quiet cargo-fuzz --version "$CARGO_FUZZ_VERSION"
fi

rm -rf "$work/seeds"
python3 - "$root" "$work/seeds" <<'PYTHON'
import json, pathlib, sys

root, seeds = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])

def write(target, name, text):
    folder = seeds / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)

for path in sorted((root / "crates/exams/instruments").glob("*.json")):
    instrument = json.loads(path.read_text())
    if "questions" not in instrument:
        continue
    questions = instrument["questions"]
    write("exam_questions", path.stem, json.dumps(questions, ensure_ascii=False))
    for pick, choose in (("first", 0), ("last", -1)):
        instrument["choices"] = [[q["qid"], q["options"][choose]["oid"]] for q in questions]
        write("exam_scoring", f"{path.stem}-{pick}", json.dumps(instrument, ensure_ascii=False))

payloads = json.loads((root / "web/e2e/xss-payloads.json").read_text())
for index, payload in enumerate(payloads["payloads"]):
    write("html_clean", f"xss-{index:02}", payload["text"])
write("html_clean", "knowledge-point",
      '<h3>依恋</h3><p class="lead">安全型 <a href="https://zh.wikipedia.org/">维基百科</a></p>'
      '<ul><li><strong>焦虑型</strong></li></ul><img src="/uploads/knowledge/a.png" alt="图">')

for name, number in (("standard", "11010519491231002X|20261127"), ("lower-x", " 11010519491231002x "),
                     ("guangdong", "440524190001010017"), ("jiangsu", "320106199003074515|20081231")):
    write("id_number", name, number)
PYTHON

cargo fuzz build -s none --target-dir "$work/build"
# One target a core, each for the full time: two at a time on a two-core machine.
fuzz_target() {
    local target=$1 log="$work/$1.log"
    mkdir -p "$work/corpus/$target"
    if ! cargo fuzz run -s none --target-dir "$work/build" "$target" \
        "$work/corpus/$target" "$work/seeds/$target" -- \
        -max_total_time="$seconds" -seed="$seed" -print_final_stats=1 >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "fuzz: $target failed; its input is in fuzz/artifacts/$target/" >&2
        return 1
    fi
    echo "fuzz: $target for ${seconds}s: $(grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" | tr '\n' ' ')"
}
export -f fuzz_target
export work seconds seed
printf '%s\n' $targets | xargs -P "$(nproc)" -I{} bash -c 'fuzz_target {}'
