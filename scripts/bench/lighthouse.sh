#!/usr/bin/env bash
# Lighthouse scores of the home page, phone and desktop (issue 5: performance and accessibility
# at least 95). Builds nothing: serve the built web app first, e.g.
#   XINQIAO_WEB_DIR=web/dist XINQIAO_BIND=127.0.0.1:18080 ./target/release/xinqiao serve
# Usage: scripts/bench/lighthouse.sh [base url, default http://127.0.0.1:18080] [runs per form factor, default 3]
# LIGHTHOUSE names the lighthouse 12 command (default: `lighthouse` on PATH, else npx lighthouse@12);
# CHROME_PATH the browser (default Debian's /usr/bin/chromium).
set -euo pipefail

base_url="${1:-http://127.0.0.1:18080}"
runs="${2:-3}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
if [[ -n "${LIGHTHOUSE:-}" ]]; then
  read -r -a lighthouse <<<"$LIGHTHOUSE"
elif command -v lighthouse >/dev/null; then
  lighthouse=(lighthouse)
else
  lighthouse=(npx --yes lighthouse@12)
fi

reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT

for form in mobile desktop; do
  preset=()
  [[ "$form" == desktop ]] && preset=(--preset=desktop)
  for run in $(seq 1 "$runs"); do
    "${lighthouse[@]}" "$base_url/" "${preset[@]}" --quiet \
      --chrome-flags="--headless=new --no-sandbox" \
      --only-categories=performance,accessibility,best-practices \
      --output=json --output-path="$reports/$form-$run.json"
  done
done

# One line per run, then the median of each column per form factor (runs vary on a busy machine).
node - "$reports" <<'EOF'
const fs = require('node:fs');
const path = require('node:path');
const dir = process.argv[2];
const forms = ['mobile', 'desktop'];
const order = (name) => forms.indexOf(name.split('-')[0]) * 1000 + Number.parseInt(name.split('-')[1], 10);
const files = fs.readdirSync(dir).sort((a, b) => order(a) - order(b));
const rows = files.map((name) => {
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  const score = (id) => Math.round(report.categories[id].score * 100);
  const metric = (id) => report.audits[id].numericValue;
  return {
    run: name.replace('.json', ''),
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    'FCP ms': Math.round(metric('first-contentful-paint')),
    'LCP ms': Math.round(metric('largest-contentful-paint')),
    'TBT ms': Math.round(metric('total-blocking-time')),
    CLS: Number(metric('cumulative-layout-shift').toFixed(3)),
  };
});
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medians = forms.map((form) => {
  const mine = rows.filter((row) => row.run.startsWith(form));
  const summary = { run: `${form} median` };
  for (const key of Object.keys(mine[0]).filter((key) => key !== 'run')) summary[key] = median(mine.map((row) => row[key]));
  return summary;
});
console.table([...rows, ...medians]);
EOF
