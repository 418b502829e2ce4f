import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GraphData } from '../../../../api/generated/types.gen';
import { fail, fakeApi, ok, renderRoutes } from '../../../../test/render';
import { course, point, prerequisite, signInAs } from '../../admin/testing';
import { POINT_DRAG_TYPE } from '../model';
import GraphEditorPage from './GraphEditorPage';

const GRAPH = '/api/v1/knowledge/graph/get';
const SAVE = '/api/v1/knowledge/graph/save';
const POINTS = '/api/v1/knowledge/points/list';
const COURSES = '/api/v1/knowledge/courses/list';
const LINKS = '/api/v1/knowledge/prerequisites/list';

const basics = point(1, { name: '依恋理论基础', category: '心理学' });
const secure = point(2, { name: '安全型依恋', category: '心理学' });
const listening = point(3, { name: '积极倾听', category: '沟通' });
const care = point(4, { name: '自我关怀', category: '情绪' });

const GLOBAL: GraphData = {
  kcId: 0,
  editable: true,
  version: 12,
  nodes: [
    { id: 'kp-1', kpId: 1, name: '依恋理论基础', category: '心理学', x: 40, y: 40 },
    { id: 'kp-2', kpId: 2, name: '安全型依恋', category: '心理学', x: 220, y: 40 },
    { id: 'kp-3', kpId: 3, name: '积极倾听', category: '沟通', x: 400, y: 40 },
  ],
  connections: [{ id: 'link-7', from: 'kp-1', to: 'kp-2' }],
};

const COURSE_BOARD: GraphData = {
  kcId: 5,
  editable: true,
  version: 12,
  nodes: [{ id: 'kp-4', kpId: 4, name: '自我关怀', category: '情绪', x: 40, y: 40 }],
  connections: [],
};

function answers(overrides: Record<string, ReturnType<typeof ok>[] | ReturnType<typeof fail>[]> = {}) {
  return fakeApi({
    [GRAPH]: [ok(GLOBAL)],
    [POINTS]: [ok({ list: [basics, secure, listening, care], total: 4 })],
    [COURSES]: [ok({ list: [course(5, { name: '情绪管理' })], total: 1 })],
    // 依恋理论基础 comes before 安全型依恋 (on the board) and before 自我关怀 (not yet).
    [LINKS]: [ok({ list: [prerequisite(7, 1, 2), prerequisite(8, 1, 4)], total: 2 })],
    ...overrides,
  });
}

async function renderEditor(path = '/knowledge/graph/editor') {
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      { path: '/knowledge/graph/editor', element: <GraphEditorPage title="知识图谱编辑器" /> },
      { path: '/knowledge/graph/editor/jointjs', element: <p>JointJS 编辑器</p> },
    ],
    path,
  );
  await screen.findByRole('button', { name: '积极倾听（沟通）' });
  await screen.findByRole('list', { name: '知识点' });
  return { user, ...view };
}

const node = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}（`) });
const panel = () => screen.getByRole('list', { name: '知识点' });

describe('GraphEditorPage', () => {
  it('loads the global board, every point (1000) and the courses for the picker', async () => {
    signInAs();
    const calls = answers();
    await renderEditor();
    expect(calls.find((call) => call.path === GRAPH)?.body).toEqual({ kcId: 0 });
    expect(calls.find((call) => call.path === POINTS)?.body).toEqual({ page: 1, pageSize: 1000 });
    expect(calls.find((call) => call.path === COURSES)?.body).toMatchObject({ page: 1, pageSize: 1000 });
    expect(screen.getByRole('heading', { name: '知识图谱编辑器' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '连线：依恋理论基础 → 安全型依恋' })).toBeInTheDocument();
    // Points on the board are marked; the others can be added.
    const items = within(panel()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '依恋理论基础心理学已在画板',
      '安全型依恋心理学已在画板',
      '积极倾听沟通已在画板',
      '自我关怀情绪添加',
    ]);
    expect(screen.getByRole('link', { name: /换用 JointJS 编辑器/ })).toHaveAttribute(
      'href',
      '/knowledge/graph/editor/jointjs',
    );
  });

  it('searches the panel by name or category', async () => {
    signInAs();
    answers();
    const { user } = await renderEditor();
    await user.type(screen.getByRole('searchbox', { name: '搜索知识点' }), '情绪');
    expect(
      within(panel())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['自我关怀情绪添加']);
    await user.clear(screen.getByRole('searchbox', { name: '搜索知识点' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索知识点' }), '倾听');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(1);
    await user.type(screen.getByRole('searchbox', { name: '搜索知识点' }), '不存在');
    expect(screen.getByText('没有找到相关的知识点')).toBeInTheDocument();
  });

  it('opens a course board from the picker and keeps it in the address', async () => {
    signInAs();
    const calls = answers({ [GRAPH]: [ok(GLOBAL), ok(COURSE_BOARD)] });
    const { user, router } = await renderEditor();
    await user.click(screen.getByRole('combobox', { name: '画板' }));
    await user.click(await screen.findByTitle('情绪管理'));
    await screen.findByRole('button', { name: '自我关怀（情绪）' });
    expect(calls.filter((call) => call.path === GRAPH).at(-1)?.body).toEqual({ kcId: 5 });
    expect(router.state.location.search).toBe('?kcId=5');
    expect(screen.getByRole('link', { name: /换用 JointJS 编辑器/ })).toHaveAttribute(
      'href',
      '/knowledge/graph/editor/jointjs?kcId=5',
    );
  });

  it('says when the course of a board does not exist', async () => {
    signInAs();
    answers({ [GRAPH]: [fail(404, 404, '课程不存在')] });
    renderRoutes(
      [{ path: '/knowledge/graph/editor', element: <GraphEditorPage title="知识图谱编辑器" /> }],
      '/knowledge/graph/editor?kcId=99',
    );
    expect(await screen.findByText('课程不存在')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /打开全局关系图/ })).toBeInTheDocument();
  });

  it('connects a source to a target in connection mode, then leaves the mode', async () => {
    signInAs();
    answers();
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /连接模式/ }));
    expect(screen.getByRole('status')).toHaveTextContent('先点击作为前置的知识点');
    await user.click(node('安全型依恋'));
    expect(screen.getByRole('status')).toHaveTextContent('起点是“安全型依恋”');
    expect(node('安全型依恋')).toHaveAttribute('aria-pressed', 'true');
    expect(node('安全型依恋').querySelector('rect')).toHaveAttribute('fill', '#fa8c16');
    await user.click(node('积极倾听'));
    expect(screen.getByRole('button', { name: '连线：安全型依恋 → 积极倾听' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /连接模式/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('warns 连接已存在 for an existing connection and blocks a self-connection', async () => {
    signInAs();
    answers();
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /连接模式/ }));
    await user.click(node('依恋理论基础'));
    await user.click(node('依恋理论基础'));
    expect(await screen.findByText('不能把知识点连接到它自己')).toBeInTheDocument();
    await user.click(node('安全型依恋'));
    expect(await screen.findByText('连接已存在')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^连线：/ })).toHaveLength(1);
    // Still waiting for a target; Esc leaves the mode.
    expect(screen.getByRole('status')).toHaveTextContent('起点是“依恋理论基础”');
    fireEvent.keyDown(node('积极倾听'), { key: 'Escape' });
    expect(screen.getByRole('button', { name: /连接模式/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('adds a point with 添加 or by dropping it on the canvas, once', async () => {
    signInAs();
    answers({ [GRAPH]: [ok({ ...GLOBAL, nodes: GLOBAL.nodes.slice(0, 2), connections: [] })] });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/knowledge/graph/editor', element: <GraphEditorPage title="知识图谱编辑器" /> }],
      '/knowledge/graph/editor',
    );
    await user.click(await screen.findByRole('button', { name: '把“自我关怀”添加到画板' }));
    expect(node('自我关怀')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('已选中知识点“自我关怀”');
    // Its prerequisite on the board comes with it, so saving keeps the link.
    expect(screen.getByRole('button', { name: '连线：依恋理论基础 → 自我关怀' })).toBeInTheDocument();

    const data = new Map<string, string>();
    const dataTransfer = {
      types: [POINT_DRAG_TYPE, 'text/plain'],
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      dropEffect: 'none',
      effectAllowed: 'all',
    };
    const item = within(panel()).getByText('积极倾听').closest('li') as HTMLElement;
    fireEvent.dragStart(item, { dataTransfer });
    expect(data.get(POINT_DRAG_TYPE)).toBe('3');
    const canvas = screen.getByRole('group', { name: '关系图画板' });
    fireEvent.dragOver(canvas, { dataTransfer });
    // jsdom has no DragEvent: the drop's coordinates are put on a plain event.
    const drop = createEvent.drop(canvas, { dataTransfer });
    Object.defineProperties(drop, { clientX: { value: 500 }, clientY: { value: 300 } });
    fireEvent(canvas, drop);
    const dropped = node('积极倾听').querySelector('rect:last-of-type');
    // The node is centred where it was dropped (the canvas sits at 0,0 in jsdom).
    expect(dropped).toHaveAttribute('x', '440');
    expect(dropped).toHaveAttribute('y', '270');
    expect(within(panel()).getByText('积极倾听').closest('li')).toHaveTextContent('已在画板');
  });

  it('moves a node by dragging it and saves the new place', async () => {
    signInAs();
    const calls = answers({ [SAVE]: [ok(GLOBAL)] });
    const { user } = await renderEditor();
    const target = node('积极倾听');
    fireEvent.pointerDown(target, { pointerId: 1, button: 0, clientX: 410, clientY: 50 });
    fireEvent.pointerMove(target, { pointerId: 1, clientX: 470, clientY: 150 });
    fireEvent.pointerUp(target, { pointerId: 1, clientX: 470, clientY: 150 });
    fireEvent.click(target);
    // The drag is not a click: nothing got selected.
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((call) => call.path === SAVE)).toBe(true));
    const body = calls.find((call) => call.path === SAVE)?.body as { nodes: { id: string; x: number; y: number }[] };
    expect(body.nodes.find((saved) => saved.id === 'kp-3')).toMatchObject({ x: 460, y: 140 });
  });

  it('deletes the selected connection, then a selected node with its connections', async () => {
    signInAs();
    answers();
    const { user } = await renderEditor();
    expect(screen.getByRole('button', { name: /删除所选/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '连线：依恋理论基础 → 安全型依恋' }));
    expect(screen.getByRole('status')).toHaveTextContent('已选中连线：依恋理论基础 → 安全型依恋');
    await user.click(screen.getByRole('button', { name: /删除所选/ }));
    expect(screen.queryByRole('button', { name: /^连线：/ })).not.toBeInTheDocument();
    await user.click(node('积极倾听'));
    fireEvent.keyDown(node('积极倾听'), { key: 'Delete' });
    expect(screen.queryByRole('button', { name: /^积极倾听（/ })).not.toBeInTheDocument();
    expect(within(panel()).getByText('积极倾听').closest('li')).toHaveTextContent('添加');
  });

  it('asks 确定要清空整个画板吗？ before clearing the board', async () => {
    signInAs();
    answers();
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /清空画板/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要清空整个画板吗？');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(node('积极倾听')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /清空画板/ }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^积极倾听（/ })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('画板是空的');
  });

  it('saves the board and says 关系图已保存', async () => {
    signInAs();
    const saved: GraphData = {
      ...GLOBAL,
      connections: [...GLOBAL.connections, { id: 'link-8', from: 'kp-2', to: 'kp-3' }],
    };
    const calls = answers({ [SAVE]: [ok(saved)] });
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /连接模式/ }));
    await user.click(node('安全型依恋'));
    await user.click(node('积极倾听'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('关系图已保存')).toBeInTheDocument();
    expect(calls.find((call) => call.path === SAVE)?.body).toEqual({
      kcId: 0,
      baseVersion: 12,
      nodes: [
        { id: 'kp-1', kpId: 1, x: 40, y: 40 },
        { id: 'kp-2', kpId: 2, x: 220, y: 40 },
        { id: 'kp-3', kpId: 3, x: 400, y: 40 },
      ],
      connections: [
        { from: 'kp-1', to: 'kp-2' },
        { from: 'kp-2', to: 'kp-3' },
      ],
    });
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a cycle, naming the edge", async () => {
    signInAs();
    const refusal = '连接「安全型依恋 → 依恋理论基础」会形成循环依赖：依恋理论基础 → 安全型依恋 → 依恋理论基础';
    answers({ [SAVE]: [fail(400, 400, refusal)] });
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /连接模式/ }));
    await user.click(node('安全型依恋'));
    await user.click(node('依恋理论基础'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('没有保存')).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('refuses a save from a board someone else changed, and reloads it on request', async () => {
    signInAs();
    const changed: GraphData = {
      ...GLOBAL,
      version: 15,
      connections: [...GLOBAL.connections, { id: 'link-9', from: 'kp-2', to: 'kp-3' }],
    };
    const calls = answers({
      [GRAPH]: [ok(GLOBAL), ok(changed)],
      [SAVE]: [fail(409, 409, '关系图已被他人修改，请重新加载后再保存'), ok({ ...changed, version: 16 })],
    });
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /连接模式/ }));
    await user.click(node('依恋理论基础'));
    await user.click(node('积极倾听'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(/关系图已被他人修改，请重新加载后再保存/)).toBeInTheDocument();
    expect(screen.getByText(/重新加载会放弃本次未保存的修改/)).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /重新加载/ }));
    // The fresh board: the other editor's link is there, the refused drawing is gone.
    expect(await screen.findByRole('button', { name: '连线：安全型依恋 → 积极倾听' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '连线：依恋理论基础 → 积极倾听' })).not.toBeInTheDocument();
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('关系图已保存')).toBeInTheDocument();
    const saves = calls
      .filter((call) => call.path === SAVE)
      .map((call) => (call.body as { baseVersion: number }).baseVersion);
    expect(saves).toEqual([12, 15]);
    // The links for adding points were asked again for the fresh version.
    expect(calls.filter((call) => call.path === LINKS).length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's 连接已存在 as a refusal of the drawing, not as a board to reload", async () => {
    signInAs();
    answers({ [SAVE]: [fail(409, 409, '连接已存在')] });
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /连接模式/ }));
    await user.click(node('安全型依恋'));
    await user.click(node('积极倾听'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('连接已存在')).toBeInTheDocument();
    expect(screen.getByText('没有保存')).toBeInTheDocument();
    expect(screen.queryByText(/重新加载会放弃本次未保存的修改/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重新加载/ })).not.toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('brings the links of every page when there are more than 1000', async () => {
    signInAs();
    const many = Array.from({ length: 1000 }, (_, index) => prerequisite(100 + index, 1000 + index, 2000 + index));
    const calls = answers({
      [LINKS]: [
        ok({ list: many, total: 1001 }),
        // 自我关怀 (4) needs 依恋理论基础 (1): a link found only on the second page.
        ok({ list: [prerequisite(8, 1, 4)], total: 1001 }),
      ],
    });
    const { user } = await renderEditor();
    await user.click(await screen.findByRole('button', { name: '把“自我关怀”添加到画板' }));
    expect(await screen.findByRole('button', { name: '连线：依恋理论基础 → 自我关怀' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === LINKS).map((call) => (call.body as { page: number }).page)).toEqual([
      1, 2,
    ]);
  });

  it('shows the JSON and copies it', async () => {
    signInAs();
    answers();
    const { user } = await renderEditor();
    // After user-event's setup, which puts its own clipboard in place.
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: /查看 JSON/ }));
    const dialog = await screen.findByRole('dialog');
    const json = JSON.parse(within(dialog).getByLabelText('关系图 JSON').textContent ?? '');
    expect(json.connections).toEqual([{ id: 'link-7', from: 'kp-1', to: 'kp-2' }]);
    expect(json.nodes).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: /复\s*制/ }));
    expect(await screen.findByText('JSON已复制到剪贴板')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(within(dialog).getByLabelText('关系图 JSON').textContent);
    await user.click(within(dialog).getByRole('button', { name: /复\s*制/ }));
    expect(await screen.findByText('复制失败')).toBeInTheDocument();
  });

  it('opens read-only for a member: nothing to change or save, a note saying so', async () => {
    signInAs('dawei', 'user');
    const calls = answers({ [GRAPH]: [ok({ ...GLOBAL, editable: false })] });
    const { user } = await renderEditor();
    expect(screen.getByText('只有管理员可以修改和保存关系图。', { exact: false })).toBeInTheDocument();
    for (const name of [/连接模式/, /删除所选/, /清空画板/, /保\s*存/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /添加到画板/ })).not.toBeInTheDocument();
    expect(within(panel()).getByText('自我关怀').closest('li')).not.toHaveAttribute('draggable', 'true');
    // Looking is allowed: a node can be selected and the JSON read.
    await user.click(node('积极倾听'));
    fireEvent.keyDown(node('积极倾听'), { key: 'Delete' });
    expect(node('积极倾听')).toBeInTheDocument();
    fireEvent.pointerDown(node('积极倾听'), { pointerId: 1, button: 0, clientX: 410, clientY: 50 });
    fireEvent.pointerMove(node('积极倾听'), { pointerId: 1, clientX: 500, clientY: 200 });
    fireEvent.pointerUp(node('积极倾听'), { pointerId: 1, clientX: 500, clientY: 200 });
    expect(node('积极倾听').querySelector('rect:last-of-type')).toHaveAttribute('x', '400');
    await user.click(screen.getByRole('button', { name: /查看 JSON/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('"kcId": 0');
    expect(calls.some((call) => call.path === SAVE || call.path === LINKS)).toBe(false);
  });

  it('says 获取知识点列表失败 when the points do not load, and retries', async () => {
    signInAs();
    // The query asks twice before it gives up.
    answers({ [POINTS]: [fail(500, 500, ''), fail(500, 500, ''), ok({ list: [care], total: 1 })] });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/knowledge/graph/editor', element: <GraphEditorPage title="知识图谱编辑器" /> }],
      '/knowledge/graph/editor',
    );
    expect(await screen.findByText('获取知识点列表失败')).toBeInTheDocument();
    // The board itself still shows.
    expect(node('积极倾听')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: '把“自我关怀”添加到画板' })).toBeInTheDocument();
  });

  it('adds no point while the prerequisite links are unknown', async () => {
    signInAs();
    answers({ [LINKS]: [fail(500, 500, ''), fail(500, 500, ''), ok({ list: [], total: 0 })] });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/knowledge/graph/editor', element: <GraphEditorPage title="知识图谱编辑器" /> }],
      '/knowledge/graph/editor',
    );
    expect(await screen.findByText('获取前置关系失败，暂时不能往画板上添加知识点')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /添加到画板/ })).not.toBeInTheDocument();
    expect(within(panel()).getByText('自我关怀').closest('li')).not.toHaveAttribute('draggable', 'true');
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: '把“自我关怀”添加到画板' })).toBeInTheDocument();
  });

  it('asks before switching away from a board with changes', async () => {
    signInAs();
    const calls = answers({ [GRAPH]: [ok(GLOBAL), ok(COURSE_BOARD)] });
    const { user } = await renderEditor();
    await user.click(node('积极倾听'));
    await user.click(screen.getByRole('button', { name: /删除所选/ }));
    await user.click(screen.getByRole('combobox', { name: '画板' }));
    await user.click(await screen.findByTitle('情绪管理'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('切换后这些修改会丢失');
    await user.click(within(dialog).getByRole('button', { name: /切\s*换/ }));
    await screen.findByRole('button', { name: '自我关怀（情绪）' });
    expect(calls.filter((call) => call.path === GRAPH)).toHaveLength(2);
  });
});
