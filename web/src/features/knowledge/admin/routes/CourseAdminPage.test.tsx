import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../../test/render';
import { course, point, signInAs } from '../testing';
import CourseAdminPage from './CourseAdminPage';

const LIST = '/api/v1/knowledge/courses/list';
const POINTS = '/api/v1/knowledge/points/list';
const CREATE = '/api/v1/knowledge/courses/create';
const UPDATE = '/api/v1/knowledge/courses/update';
const DELETE = '/api/v1/knowledge/courses/delete';

const free = course(1, { name: '恋爱心理学入门', category: '恋爱心理', level: 1, fee: 0, pointCount: 6 });
const paid = course(2, {
  name: '沟通与倾听',
  category: '沟通',
  level: 2,
  fee: 1990,
  banner: 'uploads/course_banner/talk.png',
  kpTree: JSON.stringify([{ kpID: 11, seqname: '1', name: '倾听', children: [] }]),
});
const POINT_LIST = [
  point(11, { name: '积极倾听' }),
  point(12, { name: '非暴力沟通' }),
  point(13, { name: '情绪命名' }),
];

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

async function dialogWith(text: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

async function renderPage() {
  const user = userEvent.setup();
  renderAt('/knowledge/courses/admin', <CourseAdminPage title="课程管理" />, [
    { path: '/knowledge/courses/display/:courseId', element: <p>课程学习页</p> },
  ]);
  await screen.findByText('沟通与倾听');
  return user;
}

/** Typing a whole text as one paste: antd forms re-render on every key, slowly under jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function pick(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox', { name: '选择知识点' }));
  await user.click(await screen.findByTitle(name));
}

describe('CourseAdminPage', () => {
  it('lists every course newest first with category, level, banner and price, and opens the display page', async () => {
    signInAs();
    const calls = fakeApi({ [LIST]: [ok({ list: [free, paid], total: 2 })] });
    const user = await renderPage();
    expect(calls[0].body).toEqual({ page: 1, pageSize: 1000 });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByText(/沟通与倾听|恋爱心理学入门/)?.textContent)).toEqual([
      '沟通与倾听',
      '恋爱心理学入门',
    ]);
    const talk = within(rowOf('沟通与倾听'));
    expect(talk.getByText('¥19.90')).toBeInTheDocument();
    expect(talk.getByText('中级')).toBeInTheDocument();
    expect(talk.getByText('沟通')).toBeInTheDocument();
    expect(talk.getByRole('img', { name: '沟通与倾听的封面' })).toHaveAttribute(
      'src',
      '/api/v1/uploads/course_banner/talk.png',
    );
    const intro = within(rowOf('恋爱心理学入门'));
    expect(intro.getByText('免费')).toBeInTheDocument();
    expect(intro.getByText('初级')).toBeInTheDocument();
    expect(intro.getByRole('img', { name: '恋爱心理学入门的封面' })).toHaveAttribute('src');

    await user.click(talk.getByRole('link', { name: '查看' }));
    expect(await screen.findByText('课程学习页')).toBeInTheDocument();
  });

  it('deletes after the confirmation, and shows the server’s refusal for a course already sold', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ list: [free, paid], total: 2 })],
      [DELETE]: [fail(409, 409, '已有会员购买该课程，不能删除；可以修改课程内容'), ok(null)],
    });
    const user = await renderPage();
    await user.click(within(rowOf('沟通与倾听')).getByRole('button', { name: /删\s*除/ }));
    const question = await dialogWith('确定要删除课程《沟通与倾听》吗？');
    await user.click(within(question).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已有会员购买该课程，不能删除；可以修改课程内容')).toBeInTheDocument();

    await user.click(within(rowOf('恋爱心理学入门')).getByRole('button', { name: /删\s*除/ }));
    await user.click(
      within(await dialogWith('确定要删除课程《恋爱心理学入门》吗？')).getByRole('button', { name: /确\s*定/ }),
    );
    expect(await screen.findByText('课程已删除')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === DELETE).map((call) => call.body)).toEqual([{ kcId: 2 }, { kcId: 1 }]);
  });

  it(
    'creates a course with its price in fen and the structure built in the tree editor',
    { timeout: 120_000 },
    async () => {
      signInAs();
      const calls = fakeApi({
        [LIST]: [ok({ list: [free, paid], total: 2 })],
        [POINTS]: [ok({ list: POINT_LIST, total: 3 })],
        [CREATE]: [ok({ kcId: 3 })],
      });
      const user = await renderPage();
      await user.click(screen.getByRole('button', { name: /新建课程/ }));
      const dialog = await dialogWith('课程结构');

      await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      expect(await within(dialog).findByText('请输入课程名称')).toBeInTheDocument();
      expect(within(dialog).getByText('请选择课程难度')).toBeInTheDocument();
      expect(within(dialog).getByText('请输入课程描述')).toBeInTheDocument();
      expect(calls.some((call) => call.path === CREATE)).toBe(false);

      await fill(user, within(dialog).getByRole('textbox', { name: '课程名称' }), '情绪管理');
      await fill(user, within(dialog).getByRole('textbox', { name: '分类' }), '情绪');
      await user.click(within(dialog).getByRole('combobox', { name: '难度' }));
      await user.click(await screen.findByTitle('中级'));
      await fill(user, within(dialog).getByRole('textbox', { name: '课程描述' }), '认识和安放自己的情绪。');
      const fee = within(dialog).getByRole('spinbutton', { name: '价格（元）' });
      await user.clear(fee);
      await fill(user, fee, '29.9');

      await pick(user, dialog, '积极倾听');
      await user.click(within(dialog).getByRole('button', { name: /添加为顶层知识点/ }));
      // The point just added is selected: the next one goes under it.
      await pick(user, dialog, '非暴力沟通');
      await user.click(within(dialog).getByRole('button', { name: /添加为所选节点的子节点/ }));
      await pick(user, dialog, '情绪命名');
      await user.click(within(dialog).getByRole('button', { name: /添加为顶层知识点/ }));
      expect(within(dialog).getByText('已选中：情绪命名')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: /上移/ }));
      expect(within(dialog).getByText('共 3 个知识点')).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      expect(await screen.findByText('课程已创建')).toBeInTheDocument();
      expect(calls.find((call) => call.path === CREATE)?.body).toEqual({
        name: '情绪管理',
        category: '情绪',
        level: 2,
        description: '认识和安放自己的情绪。',
        fee: 2990,
        banner: '',
        kpTree: JSON.stringify([
          { kpID: 13, children: [] },
          { kpID: 11, children: [{ kpID: 12, children: [] }] },
        ]),
      });
    },
  );

  it('takes only an image under 2 MB as the banner, before sending anything', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ list: [free, paid], total: 2 })],
      [POINTS]: [ok({ list: POINT_LIST, total: 3 })],
    });
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/knowledge/courses/admin', <CourseAdminPage title="课程管理" />);
    await screen.findByText('沟通与倾听');
    await user.click(screen.getByRole('button', { name: /新建课程/ }));
    const dialog = await dialogWith('课程结构');
    // antd renews the file input after each pick: find it each time.
    const picker = () => dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(picker(), new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('只能上传图片文件!')).toBeInTheDocument();
    await user.upload(picker(), new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('图片大小不能超过 2MB!')).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/v1/upload'))).toBe(false);
  });

  it('edits a course keeping its structure, and words a 403 as spec 3 does', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ list: [free, paid], total: 2 })],
      [POINTS]: [ok({ list: POINT_LIST, total: 3 })],
      [UPDATE]: [fail(403, 403, 'forbidden'), ok(null)],
    });
    const user = await renderPage();
    await user.click(within(rowOf('沟通与倾听')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogWith('编辑课程：沟通与倾听');
    expect(await within(dialog).findByText('积极倾听')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: '价格（元）' })).toHaveValue('19.90');

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('权限不足，需要管理员权限才能执行此操作')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('课程已更新')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === UPDATE).at(-1)?.body).toEqual({
      kcId: 2,
      name: '沟通与倾听',
      category: '沟通',
      level: 2,
      description: '第 2 门课程的介绍',
      fee: 1990,
      banner: 'uploads/course_banner/talk.png',
      kpTree: '[{"kpID":11,"children":[]}]',
    });
  });
});
