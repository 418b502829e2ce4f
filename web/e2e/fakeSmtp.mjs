// Starts the fake SMTP server (crates/accounts/examples/fake_smtp.rs) on loopback: it names the
// server settings that send xinqiao's mail to it, then reports every message it accepts.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BINARY = path.resolve(WEB_DIR, process.env.XINQIAO_FAKE_SMTP_BIN ?? '../target/debug/examples/fake-smtp');
const START_TIMEOUT_MS = 10_000;
const MAIL_TIMEOUT_MS = 10_000;

export async function startFakeSmtp() {
  if (!existsSync(BINARY)) {
    throw new Error(`no fake SMTP server at ${BINARY}: cargo build -p accounts --example fake-smtp --features testkit`);
  }
  const child = spawn(BINARY, ['127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const mails = [];
  let output = '';
  const serverEnv = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fake SMTP server did not start')), START_TIMEOUT_MS);
    let described = false;
    child.once('exit', (code) => {
      if (!described) reject(new Error(`the fake SMTP server exited with ${code}`));
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      let newline;
      while ((newline = output.indexOf('\n')) >= 0) {
        const line = JSON.parse(output.slice(0, newline));
        output = output.slice(newline + 1);
        if (described) {
          mails.push(line);
        } else {
          described = true;
          clearTimeout(timer);
          resolve(line);
        }
      }
    });
  });
  return {
    serverEnv,
    /** The code of the `count`th message to `address`, once it has arrived. */
    async codeSentTo(address, count = 1) {
      const deadline = Date.now() + MAIL_TIMEOUT_MS;
      while (Date.now() < deadline) {
        const received = mails.filter((mail) => mail.to.includes(address));
        if (received.length >= count) return received[count - 1].code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no message number ${count} to ${address} within ${MAIL_TIMEOUT_MS} ms`);
    },
    stop() {
      child.kill('SIGKILL');
    },
  };
}
