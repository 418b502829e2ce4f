// What every journey file needs: its own server on a fresh database, one browser, a scratch
// folder for files it makes, all started before its tests and stopped after them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { DESKTOP, launchBrowser } from './browser.mjs';
import { startFakeWechat } from './fakeWechat.mjs';
import { startServer } from './server.mjs';

export const PASSWORD = 'secret-123';

/** `wechat: true` also starts the fake WeChat and configures both WeChat logins against it. */
export function startJourney({ wechat = false } = {}) {
  let server;
  let browser;
  let scratch;
  let fakeWechat;

  before(async () => {
    if (wechat) fakeWechat = await startFakeWechat();
    server = await startServer(fakeWechat?.serverEnv);
    browser = await launchBrowser();
    scratch = await mkdtemp(path.join(tmpdir(), 'xinqiao-e2e-'));
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    fakeWechat?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  return {
    url: (p) => `${server.baseUrl}${p}`,
    newPage: async (viewport = DESKTOP, options = {}) => {
      const context = await browser.newContext({ viewport, locale: 'zh-CN', ...options });
      return context.newPage();
    },
    createUser: (user) => server.createUser(user),
    /** With `wechat: true`: who confirms on the fake WeChat from now on. */
    actAsOnWechat: (person) => fakeWechat.actAs(person),
    /** A path in the journey's scratch folder. */
    scratchFile: (name) => path.join(scratch, name),
  };
}
