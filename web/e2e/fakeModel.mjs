// Starts the fake model server (crates/assistant/examples/fake_model.rs) on loopback, and names the
// server settings that point xinqiao's AI chat at it. What a question contains steers the fake:
// [slow] streams 40 pieces 50 ms apart, [500] fails, [hang] never ends, [wait] thinks 30 s before
// its first piece, [long] sends 10 000 characters; anything else is echoed (fake_model.rs lists all).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BINARY = path.resolve(WEB_DIR, process.env.XINQIAO_FAKE_MODEL_BIN ?? '../target/debug/examples/fake-model');
const START_TIMEOUT_MS = 10_000;

export async function startFakeModel() {
  if (!existsSync(BINARY)) {
    throw new Error(`no fake model at ${BINARY}: cargo build -p assistant --example fake-model --features testkit`);
  }
  const child = spawn(BINARY, ['127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const description = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('the fake model did not start')), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`the fake model exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const newline = output.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(JSON.parse(output.slice(0, newline)));
      }
    });
  });
  return {
    baseUrl: description.baseUrl,
    serverEnv: {
      XINQIAO_AI_BASE_URL: description.baseUrl,
      XINQIAO_AI_PROTOCOL: 'ollama',
    },
    stop() {
      child.kill('SIGKILL');
    },
  };
}
