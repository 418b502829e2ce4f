// Renders the screens at desktop and phone width for a person to look at (not a test).
// Usage: node e2e/screenshots.mjs <base url> <out dir> [--stub-api] [--member username:password]
// --stub-api answers /api with fixed data so the screens can be seen without the server.
// --member signs in as that member against a real server (its captcha bypass must be e2e-pass),
// e.g. a demo member after `xinqiao seed demo`, to see the signed-in moments and blog screens.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';

const [baseUrl = 'http://127.0.0.1:4173', outDir = 'e2e-artifacts', ...flags] = process.argv.slice(2);
const stubApi = flags.includes('--stub-api');
const memberFlag = flags.indexOf('--member');
const member = memberFlag >= 0 ? flags[memberFlag + 1] : null;
const CAPTCHA_BYPASS = 'e2e-pass';

const CAPTCHA_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#fdf0f4"/><text x="18" y="28" font-size="22" font-family="monospace" fill="#8a1c45">a7K2</text></svg>`;

const STUB_BLOG = {
  id: 1,
  title: '第一次见面，聊些什么好？',
  summary: '从共同的兴趣开始，真诚地介绍自己，是打开话题最好的方式。',
  content:
    '## 写在前面\n\n真诚是最好的开场白。\n\n- 先聊兴趣\n- 再聊生活\n\n| 场景 | 建议 |\n|---|---|\n| 第一次聊天 | 从共同兴趣开始 |\n\n```js\nconst hello = "你好";\n```\n',
  banner: '',
  tags: ['交友指南', '沟通'],
  categories: ['情感'],
  authors: ['xiaomei'],
  invitedAuthors: [],
  authorId: 'u1',
  twitterAuthor: '',
  avatar: '',
  createdAt: Math.floor(Date.now() / 1000) - 86400,
  isPublished: 1,
};

const STUBS = {
  '/api/v1/site/config': { filingNumber: '京ICP备00000000号-1', wechatOpenLogin: true, wechatOfficialLogin: false },
  '/api/v1/moment/guest/list': {
    moments: [
      {
        momentId: 2,
        user: {
          uuid: 'u2',
          birthyear: 1996,
          city: '杭州',
          occupation: '设计师',
          education: '本科',
          sex: 2,
          height: 165,
        },
        nickName: '琳琳',
        avatar: '',
        content: '周末去了西湖，风很温柔。\n愿每个认真生活的人，都被温柔以待。',
        images: ['', '', ''],
        likeCount: 2,
        isLiked: false,
        likes: JSON.stringify([
          { uuid: 'u1', nickname: '小美' },
          { uuid: 'u3', nickname: '阿浩' },
        ]),
        commentCount: 2,
        createdAt: Math.floor(Date.now() / 1000) - 3600,
        comments: JSON.stringify([
          { CommentId: 1, Nickname: '阿浩', Content: '好美！', Uuid: 'u3', ParentId: 0, ParentNickname: '' },
          { CommentId: 2, Nickname: '琳琳', Content: '下次一起去', Uuid: 'u2', ParentId: 1, ParentNickname: '阿浩' },
        ]),
      },
    ],
  },
  '/api/v1/blog/list': { blogs: [STUB_BLOG, { ...STUB_BLOG, id: 2, title: '写给认真交友的你' }], total: 2 },
  '/api/v1/blog/1': STUB_BLOG,
  '/api/v1/user/captcha': {
    captchaId: 'stub',
    imageBase64: `data:image/svg+xml;base64,${Buffer.from(CAPTCHA_SVG).toString('base64')}`,
  },
};

const PAGES = [
  ['home', '/'],
  ['login', '/login'],
  ['register', '/register'],
  ['moment-guest', '/moment'],
  ['moment-create-guest', '/moment/create'],
  ['blog', '/blog'],
  ['blog-detail', '/blog/1'],
  ['blog-create-guest', '/blog/create'],
  ['blog-missing', '/blog/999999'],
  ['coming-soon', '/about'],
  ['not-found', '/no-such-page'],
];

/** Signs in through the API (the captcha bypass answers the captcha) and returns what the app stores. */
async function signIn(credentials) {
  const [username, password] = credentials.split(':');
  const api = (path, init) => fetch(new URL(path, baseUrl), init).then((response) => response.json());
  const { data: captcha } = await api('/api/v1/user/captcha');
  const { code, message, data } = await api('/api/v1/user/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password, captcha: CAPTCHA_BYPASS, captchaId: captcha.captchaId }),
  });
  if (code !== 200) throw new Error(`sign-in as ${username} failed: ${message}`);
  return data;
}

async function useSession(page, granted) {
  await page.evaluate((g) => {
    const user = {
      uuid: g.uuid,
      username: g.username,
      nickname: g.nickname,
      avatar: g.avatar ?? '',
      sysRole: g.sysRole,
      orgs: g.orgs ?? [],
      permissions: [],
    };
    localStorage.setItem('jwt_token', g.accessToken);
    localStorage.setItem('expire_time', String(g.accessExpire * 1000));
    localStorage.setItem('user_info', JSON.stringify(user));
    localStorage.setItem('uuid', user.uuid);
    localStorage.setItem('user_role', user.sysRole);
  }, granted);
}

/** The signed-in moments screens: the feed with comment input open, the create form and its location dialog. */
async function shootMemberScreens(page, label) {
  await page.goto(new URL('/moment', baseUrl).href, { waitUntil: 'networkidle' });
  await page.screenshot({ path: path.join(outDir, `moment-member-${label}.png`), fullPage: true });
  await page.locator('article').first().getByRole('button', { name: /^评论/ }).click();
  await page.waitForTimeout(300);
  await page
    .locator('article')
    .first()
    .screenshot({ path: path.join(outDir, `moment-comment-${label}.png`) });
  await page.goto(new URL('/moment/create', baseUrl).href, { waitUntil: 'networkidle' });
  await page.getByLabel('内容').fill('今天的晚霞特别好看，想和你分享。');
  await page.screenshot({ path: path.join(outDir, `moment-create-${label}.png`), fullPage: true });
  await page.getByRole('button', { name: '所在位置' }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, `moment-location-${label}.png`) });
}

/** The signed-in blog screens: the list, an article, the create form with a draft typed, and the management list. */
async function shootBlogScreens(page, label) {
  const shoot = (name) => page.screenshot({ path: path.join(outDir, `${name}-${label}.png`), fullPage: true });
  await page.goto(new URL('/blog', baseUrl).href, { waitUntil: 'networkidle' });
  await shoot('blog-member');
  await page.locator('[data-blog-id]').first().getByRole('link').first().click();
  await page.locator('article').waitFor();
  await page.waitForLoadState('networkidle');
  await shoot('blog-article');
  await page.goto(new URL('/blog/create', baseUrl).href, { waitUntil: 'networkidle' });
  await page.getByLabel('标题').fill('周末的咖啡馆');
  await page.locator('.w-md-editor-text-input').fill('## 一杯拿铁\n\n| 时间 | 地点 |\n|---|---|\n| 周六 | 湖边 |\n');
  await page.waitForTimeout(300);
  await shoot('blog-create');
  await page.goto(new URL('/blog/list/my', baseUrl).href, { waitUntil: 'networkidle' });
  await shoot('blog-manage');
}

await mkdir(outDir, { recursive: true });
const granted = member ? await signIn(member) : null;
const browser = await launchBrowser();
try {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    const page = await browser.newPage({ viewport, locale: 'zh-CN' });
    if (stubApi) {
      await page.route('**/api/v1/**', (route) => {
        const stub = STUBS[new URL(route.request().url()).pathname];
        // The stub feed is one page: any later page is empty, which ends paging.
        const laterPage = (route.request().postDataJSON?.() ?? {})?.fromId > 0;
        const data = stub?.moments && laterPage ? { moments: [] } : stub;
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
    if (granted) {
      await useSession(page, granted);
      await shootMemberScreens(page, label);
      await shootBlogScreens(page, label);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
