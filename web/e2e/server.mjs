// Starts the real xinqiao binary on a free loopback port with a fresh data directory, serving web/dist.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST_DIR = path.join(WEB_DIR, 'dist');
const BINARY = path.resolve(WEB_DIR, process.env.XINQIAO_BIN ?? '../target/release/xinqiao');

/** The captcha answer the server accepts outside production when this bypass is set. */
export const CAPTCHA_BYPASS = 'e2e-pass';

const HEALTH_TIMEOUT_MS = 30_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child, log) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`xinqiao exited with ${child.exitCode} before answering:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`xinqiao did not answer /api/v1/health within ${HEALTH_TIMEOUT_MS} ms:\n${log()}`);
}

const databaseUrl = (dataDir) => `sqlite://${dataDir}/e2e.db`;

/** `xinqiao seed demo` into `dataDir`, with no server running on it. */
export function seedDemoInto(dataDir) {
  const env = { ...process.env, XINQIAO_DATA_DIR: dataDir, XINQIAO_DATABASE_URL: databaseUrl(dataDir) };
  const result = spawnSync(BINARY, ['seed', 'demo'], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`seed demo failed: ${result.stderr}${result.stdout}`);
}

/**
 * The demo content for one journey file: a copy of what e2e/run.mjs seeded once for the whole run
 * (XINQIAO_E2E_DEMO_DIR), or seeded here when a file runs on its own. Seeding takes a debug build
 * about 16 s; the copy, a fraction of one.
 */
async function putDemoIn(dataDir) {
  const seeded = process.env.XINQIAO_E2E_DEMO_DIR;
  if (seeded) await cp(seeded, dataDir, { recursive: true });
  else seedDemoInto(dataDir);
}

/**
 * `extraEnv` adds or overrides settings (a journey's WeChat apps, say); with `demo` the server
 * starts on the demo content (`xinqiao seed demo`).
 */
export async function startServer(extraEnv = {}, { demo = false } = {}) {
  if (!existsSync(BINARY)) {
    throw new Error(`no server binary at ${BINARY}: build it (cargo build --release) or set XINQIAO_BIN`);
  }
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error(`no built web app in ${DIST_DIR}: run npm run build first`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'xinqiao-e2e-'));
  if (demo) await putDemoIn(dataDir);
  const port = await freePort();
  const env = {
    ...process.env,
    XINQIAO_DATA_DIR: dataDir,
    XINQIAO_DATABASE_URL: databaseUrl(dataDir),
    XINQIAO_BIND: `127.0.0.1:${port}`,
    XINQIAO_CAPTCHA_BYPASS: CAPTCHA_BYPASS,
    XINQIAO_WEB_DIR: DIST_DIR,
    XINQIAO_ENV: 'development',
    // The contact page shows what the operator configures; the address is left out on purpose.
    XINQIAO_CONTACT_ADDRESS: '',
    XINQIAO_CONTACT_PHONE: '0571 8888 6666',
    XINQIAO_CONTACT_EMAIL: 'hello@example.com',
    ...extraEnv,
  };

  let output = '';
  const child = spawn(BINARY, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    baseUrl,
    /** `xinqiao user create` against the same database, for members with a fixed role. */
    createUser({ username, password, role = 'user' }) {
      const result = spawnSync(
        BINARY,
        ['user', 'create', '--username', username, '--password', password, '--role', role],
        { env, encoding: 'utf8' },
      );
      if (result.status !== 0) throw new Error(`user create failed: ${result.stderr}${result.stdout}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(forced);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
