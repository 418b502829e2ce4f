// Renders the screens at desktop and phone width for a person to look at (not a test).
// Usage: node e2e/screenshots.mjs <base url> <out dir> [--stub-api]
// --stub-api answers /api with fixed data so the screens can be seen without the server.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';

const [baseUrl = 'http://127.0.0.1:4173', outDir = 'e2e-artifacts', ...flags] = process.argv.slice(2);
const stubApi = flags.includes('--stub-api');

const CAPTCHA_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#fdf0f4"/><text x="18" y="28" font-size="22" font-family="monospace" fill="#8a1c45">a7K2</text></svg>`;

const STUBS = {
  '/api/v1/site/config': { filingNumber: '京ICP备00000000号-1', wechatOpenLogin: true, wechatOfficialLogin: false },
  '/api/v1/user/captcha': {
    captchaId: 'stub',
    imageBase64: `data:image/svg+xml;base64,${Buffer.from(CAPTCHA_SVG).toString('base64')}`,
  },
};

const PAGES = [
  ['home', '/'],
  ['login', '/login'],
  ['register', '/register'],
  ['coming-soon', '/moment'],
  ['not-found', '/no-such-page'],
];

await mkdir(outDir, { recursive: true });
const browser = await launchBrowser();
try {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    const page = await browser.newPage({ viewport, locale: 'zh-CN' });
    if (stubApi) {
      await page.route('**/api/v1/**', (route) => {
        const data = STUBS[new URL(route.request().url()).pathname];
        return route.fulfill({
          status: data ? 200 : 404,
          contentType: 'application/json',
          body: JSON.stringify(
            data ? { code: 200, message: 'ok', data } : { code: 404, message: '未找到', data: null },
          ),
        });
      });
    }
    for (const [name, route] of PAGES) {
      await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
      await page.screenshot({ path: path.join(outDir, `${name}-${label}.png`), fullPage: true });
    }
    if (viewport === PHONE) {
      await page.getByRole('button', { name: '打开菜单' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(outDir, `menu-${label}.png`) });
    }
    if (stubApi) {
      // A signed-in admin, to see the user menu and the admin entries.
      await page.evaluate(() => {
        const user = {
          uuid: 'u1',
          username: 'xiaomei',
          nickname: '小美',
          avatar: '',
          sysRole: 'admin',
          orgs: [],
          permissions: [],
        };
        localStorage.setItem('jwt_token', 'stub');
        localStorage.setItem('expire_time', String(Date.now() + 3_600_000));
        localStorage.setItem('user_info', JSON.stringify(user));
        localStorage.setItem('uuid', user.uuid);
        localStorage.setItem('user_role', user.sysRole);
      });
      await page.goto(new URL('/', baseUrl).href, { waitUntil: 'networkidle' });
      await page.screenshot({ path: path.join(outDir, `home-signed-in-${label}.png`) });
    }
    await page.close();
  }
} finally {
  await browser.close();
}
