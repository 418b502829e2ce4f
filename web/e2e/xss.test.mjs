// Stored XSS in a real browser (issue 20). Members, a guest and the demo superadmin write the
// corpus in xss-payloads.json into every free-text field they can fill, through the API; then
// headless Chromium opens every page that shows those fields, as the people who would read them.
// On each page nothing may execute (no dialog, no window.__xss, no request to /xss-hit/, no
// uncaught error, no console error other than a failed image load), no payload code may sit in an
// attribute that runs it (on*, href, src, srcdoc, action, formaction, data, style) or in a
// <script>, and the field's text must be on the page, so that a page that failed to load, or a
// field that was dropped, cannot pass for a safe one.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import { DEMO_PASSWORD, PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, createMoment, logIn, newPage, createUser, scratchFile } = startJourney({
  demo: true,
  model: true,
});

const CORPUS = JSON.parse(await readFile(new URL('./xss-payloads.json', import.meta.url), 'utf8')).payloads.map(
  (payload) => payload.text,
);
const SHORTEST_FIRST = [...CORPUS].sort((a, b) => a.length - b.length);

/** Consecutive groups of the corpus, each joined by `separator` and at most `max` characters. */
function chunks(max, separator = '\n') {
  const groups = [];
  let current = [];
  for (const payload of CORPUS) {
    if (current.length > 0 && [...current, payload].join(separator).length > max) {
      groups.push(current.join(separator));
      current = [];
    }
    current.push(payload);
  }
  if (current.length > 0) groups.push(current.join(separator));
  for (const group of groups) assert.ok(group.length <= max, `a ${max}-character field cannot hold ${group}`);
  return groups;
}

/** As many of the shortest payloads as fit in `max` characters, starting at the `skip`th. */
function fitting(max, skip = 0) {
  const picked = [];
  for (const payload of SHORTEST_FIRST.slice(skip)) {
    if ([...picked, payload].join(' ').length <= max) picked.push(payload);
  }
  assert.ok(picked.length > 0, `no payload fits in ${max} characters`);
  return picked.join(' ');
}

/** The first payload of a stored value: what a page showing the value as text must show. */
const firstPayload = (value) => (CORPUS.find((payload) => value.startsWith(payload)) ?? value).split('\n')[0];

/** Asserts the envelope is a success and answers its data. */
function ok(answer, what) {
  assert.equal(answer.code, 200, `${what}: ${answer.message}`);
  return answer.data;
}

/** A real PNG, painted by the browser, to stand in for an identity-card photo. */
async function paintPng(name) {
  const page = await newPage({ width: 320, height: 200 });
  await page.setContent('<body style="margin:0;background:linear-gradient(135deg,#E3F2FD,#FCE4EC)"></body>');
  const file = scratchFile(name);
  await writeFile(file, await page.screenshot({ type: 'png' }));
  await page.context().close();
  return file;
}

async function uploadCardSide(side, token) {
  const form = new FormData();
  form.append('file', new Blob([await readFile(await paintPng(`${side}.png`))], { type: 'image/png' }), `${side}.png`);
  const response = await fetch(url(`/api/v1/upload/idcard/${side}`), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return ok(await response.json(), `upload of the card's ${side}`).filename;
}

/** Asks the AI chat (the fake model echoes the question) and reads the whole NDJSON reply. */
async function askAssistant(question, token) {
  const response = await fetch(url('/api/v1/ai/chat'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ messages: [{ role: 'user', content: question }], stream: true }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const lines = (await response.text()).split('\n').filter((line) => line.trim() !== '');
  const last = JSON.parse(lines.at(-1));
  assert.equal(last.done, true, `the reply ended: ${lines.at(-1)}`);
  return last.conversationId ?? JSON.parse(lines[0]).conversationId;
}

/**
 * Everything a page could do if a payload ran, recorded from the moment the page opens: alerts
 * and other dialogs (dismissed), uncaught errors, console errors, and requests to /xss-hit/.
 */
function watch(page) {
  const seen = { dialogs: [], pageErrors: [], consoleErrors: [], hits: [] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => undefined);
  });
  page.on('pageerror', (error) => seen.pageErrors.push(String(error)));
  page.on('console', (message) => {
    // An <img src=x> that survives sanitising (harmless) fails to load; that is the only error allowed.
    if (message.type() === 'error' && !/^Failed to load resource/.test(message.text())) {
      seen.consoleErrors.push(message.text());
    }
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/xss-hit/')) seen.hits.push(request.url());
  });
  return seen;
}

/** Where payload code would run if it sat there. */
const RUNNABLE_ATTRIBUTES = ['href', 'src', 'srcdoc', 'action', 'formaction', 'data', 'style', 'xlink:href', 'content'];

/** Payload code anywhere the browser would run it, in every frame: on* attributes, URLs, scripts. */
async function armedPayloads(page) {
  const found = [];
  for (const frame of page.frames()) {
    const inFrame = await frame
      .evaluate((runnable) => {
        const code = /__xss|alert\(|xss-hit/;
        const armed = [];
        for (const element of document.querySelectorAll('*')) {
          for (const attribute of element.attributes) {
            const name = attribute.name.toLowerCase();
            if ((name.startsWith('on') || runnable.includes(name)) && code.test(attribute.value)) {
              armed.push(`<${element.localName} ${name}="${attribute.value}">`);
            }
          }
          if (element.localName === 'script' && code.test(element.textContent ?? '')) {
            armed.push(`<script>${element.textContent}</script>`);
          }
        }
        return armed;
      }, RUNNABLE_ATTRIBUTES)
      .catch(() => []);
    found.push(...inFrame);
  }
  return found;
}

/** The texts `probes` are all on the page, as text or as a form field's value. */
function waitForTexts(page, probes) {
  return page.waitForFunction(
    (wanted) => {
      const text = document.body?.innerText ?? '';
      const values = [...document.querySelectorAll('input, textarea')].map((field) => field.value);
      return wanted.every((probe) => text.includes(probe) || values.some((value) => value.includes(probe)));
    },
    probes,
    { timeout: 20_000 },
  );
}

/**
 * Checks the page as it stands: it shows `probes`, and nothing ran. Waits for the network to
 * go quiet first, so that a failing <img> has fired its error event and a frame has loaded.
 */
async function assertShownAndInert(page, seen, where, probes) {
  await waitForTexts(page, probes).catch(async () => {
    const { missing, shown } = await page.evaluate(
      (wanted) => ({
        missing: wanted.filter((probe) => !(document.body?.innerText ?? '').includes(probe)),
        shown: (document.querySelector('main') ?? document.body)?.innerText.slice(0, 1500),
      }),
      probes,
    );
    assert.fail(`${where} does not show ${JSON.stringify(missing)}; it shows:\n${shown}`);
  });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  assert.deepEqual(seen.dialogs, [], `${where}: a payload opened a dialog`);
  assert.deepEqual(seen.hits, [], `${where}: a payload fetched its beacon`);
  assert.deepEqual(seen.pageErrors, [], `${where}: uncaught errors`);
  assert.deepEqual(seen.consoleErrors, [], `${where}: console errors`);
  const marked = await Promise.all(
    page.frames().map((frame) => frame.evaluate(() => window.__xss).catch(() => undefined)),
  );
  assert.deepEqual(
    marked.filter((value) => value !== undefined),
    [],
    `${where}: a payload set window.__xss`,
  );
  assert.deepEqual(await armedPayloads(page), [], `${where}: payload code sits where it would run`);
}

/** A signed-in (or guest) browser that visits pages and checks each. */
async function reader(username, password) {
  const page = await newPage();
  const seen = watch(page);
  if (username) {
    await logIn(page, username, { password });
    await page.waitForURL(url('/'));
  }
  return {
    page,
    /** Opens `path`, runs `then` (a click that opens what shows the field), and checks the page. */
    async visit(path, probes, then) {
      // Each page is judged on its own: what an earlier page did is not blamed on this one.
      for (const events of Object.values(seen)) events.length = 0;
      await page.goto(url(path), { waitUntil: 'domcontentloaded' });
      if (then) await then(page);
      await assertShownAndInert(page, seen, `${path} as ${username ?? 'a guest'}`, probes);
    },
  };
}

// What the writes below stored, for the pages to look for.
const stored = {};
let mallory;
let daweiToken;
let adminToken;
let readers;

describe('stored XSS', () => {
  before(async () => {
    createUser({ username: 'mallory', password: PASSWORD });
    // The synchronous user creation outlasts the server's keep-alive; use the closed connection up here.
    await fetch(url('/api/v1/health')).catch(() => undefined);
  });

  test('members, a guest and an admin store the corpus in every free-text field', async () => {
    const token = await apiLogin('mallory');
    daweiToken = await apiLogin('dawei', DEMO_PASSWORD);
    adminToken = await apiLogin('superadmin', DEMO_PASSWORD);
    mallory = ok(await api('/api/v1/user/myprofile/get', { uuid: '' }, token), 'own profile').uuid;
    const dawei = ok(await api('/api/v1/user/myprofile/get', { uuid: '' }, daweiToken), 'dawei').uuid;

    // Profile: nickname and introduction wait for review; the short texts are stored at once.
    stored.profile = {
      gender: 'female',
      birthday: 19960101,
      province: '33',
      city: '3301',
      district: '330106',
      nickname: fitting(20),
      introduction: chunks(1000)[0],
      occupation: fitting(30, 1),
      location: fitting(100, 2),
      // Shown to other members, so their pages render the payload too.
      showLocation: 1,
      country: fitting(30, 3),
      homeCountry: fitting(30, 4),
    };
    ok(await api('/api/v1/user/profile/update', stored.profile, token), 'profile update');

    // Moment, a comment and replies holding the whole corpus between them.
    stored.moment = chunks(2000)[0];
    assert.equal(stored.moment, CORPUS.join('\n'), 'one moment holds the whole corpus');
    const momentId = ok(await createMoment(token, stored.moment, { landmark: fitting(100, 5) }), 'moment').momentId;
    stored.comments = chunks(500);
    let parentId = 0;
    for (const content of stored.comments) {
      const comments = JSON.parse(
        ok(await api('/api/v1/comment/create', { momentId, content, parentId }, token), 'comment').comments,
      );
      if (parentId === 0) parentId = comments.find((comment) => comment.Content === content).CommentId;
    }

    // An article: plain-text title, summary and author; markdown body (raw HTML allowed, then sanitised).
    stored.blog = {
      title: fitting(100),
      summary: chunks(500)[0],
      twitterAuthor: fitting(50, 2),
      bodyMarker: '博客正文的标记文字',
    };
    const blogId = ok(
      await api(
        '/api/v1/blog/create',
        {
          title: stored.blog.title,
          tags: [],
          categories: [],
          banner: '',
          twitterAuthor: stored.blog.twitterAuthor,
          authors: [],
          summary: stored.blog.summary,
          content: [`# ${stored.blog.bodyMarker}`, ...CORPUS].join('\n\n'),
          isPublished: 1,
        },
        token,
      ),
      'blog',
    ).id;
    stored.blogId = blogId;
    ok(await api('/api/v1/admin/blog/approve', { id: blogId }, adminToken), 'blog approval');

    // Chat: a stranger may send three messages; two carry the corpus.
    stored.messages = chunks(1000);
    assert.ok(stored.messages.length <= 3, 'three messages hold the corpus');
    for (const content of stored.messages) {
      ok(await api('/api/v1/chat/message/send', { peerUuid: dawei, content }, token), 'chat message');
    }

    // Liking and visiting dawei puts mallory's card on his 喜欢我的 and 访客 lists.
    ok(await api('/api/v1/user/like', { targetUuid: dawei }, token), 'like');
    ok(await api('/api/v1/user/profile/get', { uuid: dawei }, token), 'visit');

    // Feedback from a guest; dawei reports the moment with a reason.
    stored.feedback = { name: fitting(50, 1), message: chunks(2000)[0] };
    ok(
      await api('/api/v1/feedback/create', {
        name: stored.feedback.name,
        email: 'mallory@example.com',
        type: 'bug',
        message: stored.feedback.message,
      }),
      'feedback',
    );
    stored.reportReason = chunks(200)[0];
    ok(
      await api(
        '/api/v1/report',
        { subject: 'moment', targetId: String(momentId), reason: stored.reportReason },
        daweiToken,
      ),
      'report',
    );

    // Real name: the name is stored for review; the admin's refusal reason goes back to mallory.
    stored.realName = fitting(50, 3);
    ok(
      await api(
        '/api/v1/idcard/verify',
        {
          idcard_front: await uploadCardSide('front', token),
          idcard_back: await uploadCardSide('back', token),
          name: stored.realName,
          idcard: '11010519491231002X',
        },
        token,
      ),
      'real-name submission',
    );

    // The AI chat: the question is shown as the member wrote it; the fake model echoes it as markdown.
    stored.question = chunks(2000, '\n\n')[0];
    stored.conversationId = await askAssistant(stored.question, token);
    stored.conversationTitle = fitting(50, 6);
    ok(
      await api(
        '/api/v1/ai/conversation/rename',
        { id: stored.conversationId, title: stored.conversationTitle },
        token,
      ),
      'conversation rename',
    );
  });

  test('the admin stores the corpus in the knowledge base and an assessment', async () => {
    // The free demo course's first point: plain-text name parts, description, examples and
    // references; HTML content (the server cleans it with ammonia before storing).
    const points = ok(await api('/api/v1/knowledge/points/list', { page: 1, pageSize: 1000 }, adminToken), 'points');
    const point = points.list.find((candidate) => candidate.name === '恋爱心理学是什么');
    stored.point = {
      name: `恋爱心理学是什么${SHORTEST_FIRST[0]}`,
      description: chunks(500)[0],
      contentMarker: '知识点内容的标记文字',
      examples: chunks(400).slice(0, 2),
      references: chunks(400).slice(2, 4),
    };
    ok(
      await api(
        '/api/v1/knowledge/points/update',
        {
          id: point.kpId,
          name: stored.point.name,
          category: point.category,
          level: point.level,
          description: stored.point.description,
          content: [`<p>${stored.point.contentMarker}</p>`, ...CORPUS].join('\n'),
          examples: stored.point.examples,
          references: stored.point.references,
        },
        adminToken,
      ),
      'point update',
    );

    // A resource on that point: its name and text are plain text; a javascript: link and an
    // iframe with srcdoc are refused outright (the server keeps addresses, never markup).
    stored.resource = { name: fitting(60, 2), content: chunks(1000)[1] };
    const refusedLink = await api(
      '/api/v1/knowledge/resources/create',
      { name: '坏链接', content: '', type: 'text', difficulty: 1, url: 'javascript:__xss=1', iframe: '' },
      adminToken,
    );
    assert.equal(refusedLink.code, 400, 'a javascript: link is refused');
    const refusedFrame = await api(
      '/api/v1/knowledge/resources/create',
      {
        name: '坏嵌入',
        content: '',
        type: 'text',
        difficulty: 1,
        url: '',
        iframe: '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
      },
      adminToken,
    );
    assert.equal(refusedFrame.code, 400, 'an iframe without an allowed address is refused');
    const krId = ok(
      await api(
        '/api/v1/knowledge/resources/create',
        { ...stored.resource, type: 'text', difficulty: 1, url: '', iframe: '' },
        adminToken,
      ),
      'resource',
    ).krId;
    ok(await api('/api/v1/knowledge/resources/bind', { krId, kpIds: [point.kpId] }, adminToken), 'bind');

    const courses = ok(await api('/api/v1/knowledge/courses/list', { page: 1, pageSize: 1000 }, adminToken), 'courses');
    const course = courses.list.find((candidate) => candidate.name === '恋爱心理学入门');
    stored.course = { kcId: course.kcId, name: fitting(50, 1), description: chunks(500)[1] };
    ok(
      await api(
        '/api/v1/knowledge/courses/update',
        {
          kcId: course.kcId,
          name: stored.course.name,
          description: stored.course.description,
          category: course.category,
          level: course.level,
        },
        adminToken,
      ),
      'course update',
    );

    // An assessment: name, profile, description, questions and options are all plain text.
    stored.exam = {
      examName: fitting(50, 2),
      profile: chunks(200)[1],
      description: CORPUS.join('\n'),
      question: chunks(300)[2],
      option: fitting(60),
    };
    const questions = [1, 2].map((qid) => ({
      qid,
      question: qid === 1 ? stored.exam.question : `第${qid}题`,
      question_key: '__1_总分',
      question_tag: '状态',
      score: 0,
      options: [
        { oid: 1, option: stored.exam.option, score: 0 },
        { oid: 2, option: '有时', score: 1 },
      ],
    }));
    stored.examId = ok(
      await api(
        '/api/v1/exam/create',
        {
          examName: stored.exam.examName,
          profile: stored.exam.profile,
          description: stored.exam.description,
          feedbacks: chunks(2000)[0],
          stops: fitting(200),
          questionCount: 2,
          timeLimit: 0,
          fee: 0,
          auditStatus: 1,
          questions: JSON.stringify(questions),
          summarys: JSON.stringify({
            __1_总分: [
              { min: 0, max: 1, digest: fitting(30), description: chunks(300)[0] },
              { min: 2, max: 200, digest: '较高', description: '分数较高' },
            ],
          }),
          originalQuestions: CORPUS.join('\n'),
        },
        adminToken,
      ),
      'exam',
    ).id;

    // Sensitive words the back office lists (each at most 20 characters).
    stored.words = SHORTEST_FIRST.filter((payload) => payload.length <= 20);
    ok(await api('/api/v1/admin/moderation/words/save', { words: stored.words }, adminToken), 'sensitive words');
  });

  test('the back office shows pending profile changes, feedback, reports and the real name as text', async () => {
    readers = {
      guest: await reader(),
      mallory: await reader('mallory', PASSWORD),
      dawei: await reader('dawei', DEMO_PASSWORD),
      admin: await reader('superadmin', DEMO_PASSWORD),
    };
    const { admin } = readers;
    const { nickname, occupation, introduction } = stored.profile;
    await admin.visit('/admin/user-audit', [nickname, occupation]);
    await admin.visit('/admin/user-audit', [nickname, firstPayload(introduction)], async (page) => {
      await page
        .getByRole('row')
        .filter({ hasText: nickname })
        .getByRole('button', { name: /审\s*核/ })
        .click();
    });
    await admin.visit('/admin/feedback', [stored.feedback.name, firstPayload(stored.feedback.message)]);
    await admin.visit('/admin/moderation', [firstPayload(stored.reportReason), firstPayload(stored.moment)]);
    await admin.visit('/admin/idcard-audit', [stored.realName]);
    await admin.visit('/admin/sensitive-words', stored.words);
    await admin.visit('/admin/blogs', [stored.blog.title]);
  });

  test('the admin’s refusals reach mallory as text: the profile remark and the real-name reason', async () => {
    const remark = fitting(200, 3);
    ok(
      await api('/api/v1/admin/user/profile/audit', { uuid: mallory, isAudited: 0, remark }, adminToken),
      'profile refusal',
    );
    const verifications = ok(
      await api('/api/v1/admin/idcard/verify/list', { page: 1, page_size: 50 }, adminToken),
      'verifications',
    );
    const submission = verifications.list.find((item) => item.req_name === stored.realName);
    const reason = fitting(200, 5);
    ok(
      await api('/api/v1/admin/idcard/audit', { id: submission.id, audit_status: 3, fail_reason: reason }, adminToken),
      'real-name refusal',
    );
    await readers.mallory.visit('/user/info', [remark, stored.profile.occupation, stored.profile.location]);
    await readers.mallory.visit('/real-name-verification', [reason, stored.realName]);

    // Sent again and passed, the profile is public for the pages below.
    const token = await apiLogin('mallory');
    ok(await api('/api/v1/user/profile/update', stored.profile, token), 'profile sent again');
    ok(await api('/api/v1/admin/user/profile/audit', { uuid: mallory, isAudited: 1 }, adminToken), 'profile pass');
    await readers.admin.visit('/admin/users', [stored.profile.nickname]);
    // The newest entry is the pass just made; its states, shown when the row opens, hold the nickname.
    await readers.admin.visit('/admin/audit-log', [stored.profile.nickname], (page) =>
      page.locator('.ant-table-row-expand-icon').first().click(),
    );
  });

  test('members see the profile, its cards and the moments feed as text', async () => {
    const { dawei } = readers;
    // Signed in after the review, so that the session carries the reviewed nickname.
    const self = await reader('mallory', PASSWORD);
    const { nickname, introduction, occupation, location } = stored.profile;
    await dawei.visit(`/profile/${mallory}`, [nickname, firstPayload(introduction), occupation, location]);
    await dawei.visit('/like', [nickname], (page) => page.getByRole('tab', { name: '喜欢我的' }).click());
    await dawei.visit('/visite', [nickname]);
    // The search lists the most recently active members first: mallory has just been busy.
    await dawei.visit('/search', [nickname]);
    await dawei.visit('/moment', [
      nickname,
      ...CORPUS.filter((payload) => !payload.includes('\n')).slice(0, 12),
      ...stored.comments.map(firstPayload),
    ]);
    await self.visit('/my', [nickname]);
  });

  test('articles: title, summary and author as text, the markdown body sanitised', async () => {
    const { guest, mallory: author } = readers;
    await guest.visit('/blog', [stored.blog.title, firstPayload(stored.blog.summary)]);
    await guest.visit(`/blog/${stored.blogId}`, [stored.blog.title, stored.blog.bodyMarker, stored.blog.twitterAuthor]);
    await author.visit(`/blog/edit/${stored.blogId}`, [stored.blog.title, stored.blog.bodyMarker]);
  });

  test('chat and the AI chat show the messages as text', async () => {
    const { dawei, mallory: self } = readers;
    await dawei.visit('/chat', [stored.profile.nickname]);
    await dawei.visit(`/chat/${mallory}`, stored.messages.map(firstPayload));
    await self.visit('/ai-chat', [stored.conversationTitle, firstPayload(stored.question)], async (page) => {
      await page
        .getByRole('navigation', { name: '对话记录' })
        .getByRole('button', { name: stored.conversationTitle })
        .first()
        .click();
      await page.locator('[data-role="assistant"]').getByText('我是心桥的测试模型').waitFor();
    });
  });

  test('knowledge pages show names and texts as text and the point’s HTML cleaned', async () => {
    const { guest, admin } = readers;
    const { point, course, resource } = stored;
    await guest.visit('/knowledge/courses', [course.name, firstPayload(course.description)]);
    await guest.visit(`/knowledge/courses/display/${course.kcId}`, [
      course.name,
      point.name,
      point.contentMarker,
      firstPayload(point.description),
      ...point.examples.map(firstPayload),
      ...point.references.map(firstPayload),
      resource.name,
      firstPayload(resource.content),
    ]);
    await admin.visit('/knowledge/courses/admin', [course.name]);
    // Both lists are paged: search for the stored item, as an admin looking for it would.
    await admin.visit('/knowledge/points/admin', [point.name], (page) =>
      page.getByPlaceholder('按名称、分类或描述筛选').fill('恋爱心理学是什么'),
    );
    await admin.visit('/knowledge/resource/admin', [resource.name], (page) =>
      page.getByPlaceholder('按名称或内容搜索').fill(resource.name),
    );
  });

  test('assessment pages show the name, texts and questions as text', async () => {
    const { guest, mallory: member } = readers;
    const { exam } = stored;
    await guest.visit('/exam/list', [exam.examName]);
    // The detail page asks a guest to sign in first, so the member reads it.
    await member.visit(`/exam/${stored.examId}`, [exam.examName, firstPayload(exam.profile), CORPUS[0]]);
    await member.visit(`/exam/take/${stored.examId}`, [exam.question.split('\n')[0], exam.option]);
  });
});
