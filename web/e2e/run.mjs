// Runs the browser journeys (`npm run e2e [-- files]`): seeds the demo content once for the
// whole run, then `node --test` over the journey files, each starting its server on a copy.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoInto } from './server.mjs';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const files = process.argv.slice(2);
// Two journey files at a time: each spends much of its time waiting on its browser and server,
// so two keep a 2-core machine busy (XINQIAO_E2E_CONCURRENCY=1 runs them one by one).
const concurrency = process.env.XINQIAO_E2E_CONCURRENCY ?? '2';

const demo = await mkdtemp(path.join(tmpdir(), 'xinqiao-e2e-demo-'));
try {
  seedDemoInto(demo);
  const run = spawnSync(
    process.execPath,
    ['--test', `--test-concurrency=${concurrency}`, ...(files.length > 0 ? files : [E2E_DIR])],
    {
      stdio: 'inherit',
      env: { ...process.env, XINQIAO_E2E_DEMO_DIR: demo },
    },
  );
  process.exitCode = run.status ?? 1;
} finally {
  await rm(demo, { recursive: true, force: true });
}
