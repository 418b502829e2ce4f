// Starts the fake WeChat (crates/accounts/examples/fake_wechat.rs) on loopback, and names the
// server settings that point xinqiao's two WeChat logins at it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BINARY = path.resolve(WEB_DIR, process.env.XINQIAO_FAKE_WECHAT_BIN ?? '../target/debug/examples/fake-wechat');
const START_TIMEOUT_MS = 10_000;

export async function startFakeWechat() {
  if (!existsSync(BINARY)) {
    throw new Error(`no fake WeChat at ${BINARY}: cargo build -p accounts --example fake-wechat --features testkit`);
  }
  // WeChat checks the redirect domain; the journeys' site is 127.0.0.1.
  const child = spawn(BINARY, ['127.0.0.1:0', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const description = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('the fake WeChat did not start')), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`the fake WeChat exited with ${code}`)));
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
      XINQIAO_WECHAT_OPEN_APPID: description.openAppid,
      XINQIAO_WECHAT_OPEN_SECRET: description.openSecret,
      XINQIAO_WECHAT_MP_APPID: description.mpAppid,
      XINQIAO_WECHAT_MP_SECRET: description.mpSecret,
      XINQIAO_WECHAT_AUTHORIZE_URL: description.baseUrl,
      XINQIAO_WECHAT_API_URL: description.baseUrl,
    },
    /** Who scans the QR code (or confirms in WeChat) from now on. */
    async actAs(person) {
      const response = await fetch(`${description.baseUrl}/fake/person?name=${encodeURIComponent(person)}`);
      if (!response.ok) throw new Error(`the fake WeChat refused the person ${person}`);
    },
    stop() {
      child.kill('SIGKILL');
    },
  };
}
