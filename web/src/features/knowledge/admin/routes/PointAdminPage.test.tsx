import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../../test/render';
import { point, prerequisite, signInAs } from '../testing';
import PointAdminPage from './PointAdminPage';

const POINTS = '/api/v1/knowledge/points/list';
const LINKS = '/api/v1/knowledge/prerequisites/list';
const CREATE = '/api/v1/knowledge/points/create';
const UPDATE = '/api/v1/knowledge/points/update';
const DELETE = '/api/v1/knowledge/points/delete';

const LONG =
  '依恋理论认为，我们在亲密关系中的表现，很大程度上受到早年与照顾者互动方式的影响。成年后，这些模式会在恋爱中重现。';
const attachment = point(1, { name: '依恋类型', category: '恋爱心理', level: 1, description: LONG });
const secure = point(2, {
  name: '安全型依恋',
  category: '恋爱心理',
  level: 2,
  description: '信任与亲近',
  content: '<p>安全型的人<strong>容易信任</strong></p>',
  examples: ['愿意表达需要'],
  references: ['《依恋》'],
});
const anxious = point(3, { name: '焦虑型依恋', category: '恋爱心理', level: 3 });
const LIST = ok({ list: [attachment, secure, anxious], total: 3 });
const LINK_LIST = ok({ list: [prerequisite(1, 1, 2), prerequisite(2, 1, 3), prerequisite(3, 2, 3)], total: 3 });

/** The table row of the point named `name` (its name is the first cell; other cells may name it as a prerequisite). */
const rowOf = (name: string) =>
  screen.getAllByRole('row').find((row) => row.querySelector('td')?.textContent === name) as HTMLElement;

async function dialogWith(text: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function renderPage() {
  const user = userEvent.setup();
  renderAt('/knowledge/points/admin', <PointAdminPage title="知识点管理" />, [
    { path: '/knowledge/courses', element: <p>课程列表页</p> },
  ]);
  await waitFor(() => expect(rowOf('焦虑型依恋')).toBeDefined());
  return user;
}

describe('PointAdminPage', () => {
  it('lists the points newest first, the description cut to 50 characters, the prerequisites by name', async () => {
    signInAs();
    const calls = fakeApi({ [POINTS]: [LIST], [LINKS]: [LINK_LIST] });
    await renderPage();
    expect(calls.find((call) => call.path === POINTS)?.body).toEqual({ page: 1, pageSize: 1000 });
    expect(calls.find((call) => call.path === LINKS)?.body).toEqual({ page: 1, pageSize: 1000 });
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(names).toEqual(['焦虑型依恋', '安全型依恋', '依恋类型']);

    const first = within(rowOf('依恋类型'));
    expect(first.getByText(`${Array.from(LONG).slice(0, 50).join('')}…`)).toHaveAttribute('title', LONG);
    expect(first.getByText('初级')).toBeInTheDocument();
    expect(first.getByText('无')).toBeInTheDocument();
    const anxiousRow = within(rowOf('焦虑型依恋'));
    expect(anxiousRow.getByText('依恋类型')).toBeInTheDocument();
    expect(anxiousRow.getByText('安全型依恋')).toBeInTheDocument();
    expect(anxiousRow.getByText('高级')).toBeInTheDocument();
    expect(within(rowOf('安全型依恋')).getByText('信任与亲近')).toBeInTheDocument();
  });

  it('creates a point with its prerequisites in the same call', { timeout: 60_000 }, async () => {
    signInAs();
    const calls = fakeApi({ [POINTS]: [LIST], [LINKS]: [LINK_LIST], [CREATE]: [ok({ kpId: 4 })] });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /新建知识点/ }));
    const dialog = await dialogWith('新建知识点');
    await fill(user, within(dialog).getByRole('textbox', { name: '知识点名称' }), '回避型依恋');
    await fill(user, within(dialog).getByRole('textbox', { name: '分类' }), '恋爱心理');
    await user.click(within(dialog).getByRole('combobox', { name: '难度' }));
    await user.click(await screen.findByTitle('中级'));
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: '讲解内容（HTML）' }),
      '<p>保持距离<script>x()</script></p>',
    );
    const preview = within(dialog).getByRole('region', { name: '预览' });
    await waitFor(() => expect(preview.innerHTML).toBe('<p>保持距离</p>'));
    await fill(user, within(dialog).getByRole('textbox', { name: '示例' }), '不回消息\n\n回避亲密话题');
    await user.click(within(dialog).getByRole('combobox', { name: '前置知识点' }));
    await user.click(await screen.findByTitle('依恋类型'));
    await user.click(await screen.findByTitle('安全型依恋'));

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('知识点已创建')).toBeInTheDocument();
    const creates = calls.filter((call) => call.path === CREATE);
    expect(creates).toHaveLength(1);
    expect(creates[0].body).toEqual({
      name: '回避型依恋',
      category: '恋爱心理',
      level: 2,
      description: '',
      content: '<p>保持距离<script>x()</script></p>',
      examples: ['不回消息', '回避亲密话题'],
      references: [],
      prerequisites: [1, 2],
    });
    expect(calls.some((call) => call.path.startsWith('/api/v1/knowledge/prerequisites/c'))).toBe(false);
  });

  it(
    'edits a point with its current prerequisites, and shows the cycle the server refuses',
    { timeout: 60_000 },
    async () => {
      signInAs();
      const cycle = '不能这样设置前置知识点，会形成循环依赖：安全型依恋 → 焦虑型依恋 → 安全型依恋';
      const calls = fakeApi({ [POINTS]: [LIST], [LINKS]: [LINK_LIST], [UPDATE]: [fail(400, 400, cycle)] });
      const user = await renderPage();
      await user.click(within(rowOf('安全型依恋')).getByRole('button', { name: /编\s*辑/ }));
      const dialog = await dialogWith('编辑知识点：安全型依恋');
      expect(within(dialog).getByRole('textbox', { name: '示例' })).toHaveValue('愿意表达需要');
      expect(within(dialog).getByRole('textbox', { name: '参考资料' })).toHaveValue('《依恋》');
      expect(within(dialog).getByRole('region', { name: '预览' }).innerHTML).toContain('<strong>容易信任</strong>');

      // The point itself is never offered as its own prerequisite.
      await user.click(within(dialog).getByRole('combobox', { name: '前置知识点' }));
      await screen.findByTitle('焦虑型依恋');
      const offered = [...document.querySelectorAll('.ant-select-item-option')].map((option) =>
        option.getAttribute('title'),
      );
      expect(offered).toEqual(['依恋类型', '焦虑型依恋']);
      await user.click(screen.getByTitle('焦虑型依恋'));

      await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      expect(await within(dialog).findByText(cycle)).toBeInTheDocument();
      expect(calls.find((call) => call.path === UPDATE)?.body).toMatchObject({ id: 2, prerequisites: [1, 3] });
    },
  );

  it('deletes a point after the confirmation', async () => {
    signInAs();
    const calls = fakeApi({ [POINTS]: [LIST], [LINKS]: [LINK_LIST], [DELETE]: [ok(null)] });
    const user = await renderPage();
    await user.click(within(rowOf('焦虑型依恋')).getByRole('button', { name: /删\s*除/ }));
    await user.click(
      within(await dialogWith('确定要删除知识点“焦虑型依恋”吗？')).getByRole('button', { name: /确\s*定/ }),
    );
    expect(await screen.findByText('知识点已删除')).toBeInTheDocument();
    expect(calls.find((call) => call.path === DELETE)?.body).toEqual({ kpId: 3 });
  });
});
