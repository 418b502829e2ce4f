import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useImperativeHandle } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraphData } from '../../../../api/generated/types.gen';
import { fail, fakeApi, ok, renderRoutes } from '../../../../test/render';
import { course, point, signInAs } from '../../admin/testing';
import type { CanvasProps } from '../components/canvas';
import type { JointCanvasHandle } from '../jointjs/JointCanvas';
import { nodeColor } from '../model';
import JointGraphEditorPage from './JointGraphEditorPage';

/**
 * JointJS measures SVG geometry that jsdom does not have: the canvas is replaced at its module
 * boundary by one that shows the state it is handed as buttons and records the view tools.
 */
const handle = vi.hoisted(() => ({
  zoomIn: vi.fn(),
  zoomOut: vi.fn(),
  fit: vi.fn(),
  exportPng: vi.fn(),
}));

vi.mock('../jointjs/JointCanvas', () => ({
  JointCanvas: function FakeJointCanvas({
    ref,
    state,
    onPickNode,
    onPickConnection,
    onPickBlank,
    onMoveNode,
  }: CanvasProps & { ref?: React.Ref<JointCanvasHandle> }) {
    useImperativeHandle(ref, () => handle, []);
    return (
      <div role="group" aria-label="JointJS 画板">
        {state.nodes.map((node) => (
          <button
            key={node.id}
            type="button"
            data-fill={nodeColor(state, node).fill}
            aria-pressed={state.selection?.kind === 'node' && state.selection.id === node.id}
            onClick={() => onPickNode(node.id)}
            onDoubleClick={() => onMoveNode(node.id, node.x + 100, node.y + 50)}
          >
            {node.name}
          </button>
        ))}
        {state.connections.map((connection) => (
          <button key={connection.id} type="button" onClick={() => onPickConnection(connection.id)}>
            {`${connection.from} → ${connection.to}`}
          </button>
        ))}
        <button type="button" onClick={onPickBlank}>
          空白处
        </button>
      </div>
    );
  },
}));

const GRAPH = '/api/v1/knowledge/graph/get';
const SAVE = '/api/v1/knowledge/graph/save';
const POINTS = '/api/v1/knowledge/points/list';
const COURSES = '/api/v1/knowledge/courses/list';
const LINKS = '/api/v1/knowledge/prerequisites/list';

const BOARD: GraphData = {
  kcId: 5,
  editable: true,
  version: 12,
  nodes: [
    { id: 'kp-1', kpId: 1, name: '依恋理论基础', category: '心理学', x: 40, y: 40 },
    { id: 'kp-2', kpId: 2, name: '安全型依恋', category: '心理学', x: 220, y: 40 },
    { id: 'kp-3', kpId: 3, name: '嫉妒与不安', category: '情绪', x: 400, y: 40 },
  ],
  connections: [{ id: 'link-7', from: 'kp-1', to: 'kp-2' }],
};

function answers(overrides: Record<string, ReturnType<typeof ok>[] | ReturnType<typeof fail>[]> = {}) {
  return fakeApi({
    [GRAPH]: [ok(BOARD)],
    [POINTS]: [
      ok({ list: [point(1), point(2), point(3), point(4, { name: '自我关怀', category: '情绪' })], total: 4 }),
    ],
    [COURSES]: [ok({ list: [course(5, { name: '恋爱心理学入门' })], total: 1 })],
    [LINKS]: [ok({ list: [], total: 0 })],
    ...overrides,
  });
}

async function renderEditor() {
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      {
        path: '/knowledge/graph/editor/jointjs',
        element: <JointGraphEditorPage title="知识图谱编辑器（JointJS）" />,
      },
    ],
    '/knowledge/graph/editor/jointjs?kcId=5',
  );
  await screen.findByRole('button', { name: '嫉妒与不安' });
  await screen.findByRole('list', { name: '知识点' });
  return { user, ...view };
}

const canvas = () => screen.getByRole('group', { name: 'JointJS 画板' });

beforeEach(() => {
  for (const tool of Object.values(handle)) tool.mockReset();
});

describe('JointGraphEditorPage', () => {
  it('opens the course board named in the address', async () => {
    signInAs();
    const calls = answers();
    await renderEditor();
    expect(calls.find((call) => call.path === GRAPH)?.body).toEqual({ kcId: 5 });
    expect(screen.getByRole('combobox', { name: '画板' }).closest('.ant-select')).toHaveTextContent('恋爱心理学入门');
    expect(screen.getByRole('link', { name: /换用简易编辑器/ })).toHaveAttribute(
      'href',
      '/knowledge/graph/editor?kcId=5',
    );
  });

  it('drives zoom in, zoom out, fit and PNG export on the canvas', async () => {
    signInAs();
    answers();
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /放\s*大/ }));
    await user.click(screen.getByRole('button', { name: /缩\s*小/ }));
    await user.click(screen.getByRole('button', { name: /适应画布/ }));
    await user.click(screen.getByRole('button', { name: /导出 PNG/ }));
    expect(handle.zoomIn).toHaveBeenCalledTimes(1);
    expect(handle.zoomOut).toHaveBeenCalledTimes(1);
    expect(handle.fit).toHaveBeenCalledTimes(1);
    expect(handle.exportPng).toHaveBeenCalledTimes(1);
    handle.exportPng.mockRejectedValueOnce(new Error('tainted'));
    await user.click(screen.getByRole('button', { name: /导出 PNG/ }));
    expect(await screen.findByText('导出图片失败，请重试')).toBeInTheDocument();
  });

  it('turns the source orange, connects to the target and leaves the mode', async () => {
    signInAs();
    answers();
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /连接模式/ }));
    await user.click(within(canvas()).getByRole('button', { name: '安全型依恋' }));
    expect(within(canvas()).getByRole('button', { name: '安全型依恋' })).toHaveAttribute('data-fill', '#fa8c16');
    await user.click(within(canvas()).getByRole('button', { name: '安全型依恋' }));
    expect(await screen.findByText('不能把知识点连接到它自己')).toBeInTheDocument();
    await user.click(within(canvas()).getByRole('button', { name: '嫉妒与不安' }));
    expect(within(canvas()).getByRole('button', { name: 'kp-2 → kp-3' })).toBeInTheDocument();
    expect(within(canvas()).getByRole('button', { name: '安全型依恋' })).toHaveAttribute('data-fill', '#c2185b');
    expect(screen.getByRole('button', { name: /连接模式/ })).toHaveAttribute('aria-pressed', 'false');
    // A second time, the same pair: 连接已存在.
    await user.click(screen.getByRole('button', { name: /连接模式/ }));
    await user.click(within(canvas()).getByRole('button', { name: '安全型依恋' }));
    await user.click(within(canvas()).getByRole('button', { name: '嫉妒与不安' }));
    expect(await screen.findByText('连接已存在')).toBeInTheDocument();
  });

  it('highlights the selected node and deletes it', async () => {
    signInAs();
    answers();
    const { user } = await renderEditor();
    await user.click(within(canvas()).getByRole('button', { name: '依恋理论基础' }));
    expect(within(canvas()).getByRole('button', { name: '依恋理论基础' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(canvas()).getByRole('button', { name: '空白处' }));
    expect(within(canvas()).getByRole('button', { name: '依恋理论基础' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(canvas()).getByRole('button', { name: '依恋理论基础' }));
    await user.click(screen.getByRole('button', { name: /删除所选/ }));
    expect(within(canvas()).queryByRole('button', { name: '依恋理论基础' })).not.toBeInTheDocument();
    expect(within(canvas()).queryByRole('button', { name: 'kp-1 → kp-2' })).not.toBeInTheDocument();
  });

  it('saves moves and connections and shows the JSON with edges', async () => {
    signInAs();
    const calls = answers({ [SAVE]: [ok(BOARD)] });
    const { user } = await renderEditor();
    await user.dblClick(within(canvas()).getByRole('button', { name: '嫉妒与不安' }));
    await user.click(screen.getByRole('button', { name: /查看 JSON/ }));
    const dialog = await screen.findByRole('dialog');
    const json = JSON.parse(within(dialog).getByLabelText('关系图 JSON').textContent ?? '');
    expect(json.edges).toEqual([{ id: 'link-7', source: 'kp-1', target: 'kp-2' }]);
    expect(json.nodes[2]).toMatchObject({ id: 'kp-3', x: 500, y: 90 });
    await user.click(within(dialog).getAllByRole('button', { name: /关\s*闭/ })[0]);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('关系图已保存')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.path === SAVE)?.body).toMatchObject({
        kcId: 5,
        nodes: [{ id: 'kp-1' }, { id: 'kp-2' }, { id: 'kp-3', x: 500, y: 90 }],
        connections: [{ from: 'kp-1', to: 'kp-2' }],
      }),
    );
  });

  it("shows the server's refusal and the fixed words for a member's 403", async () => {
    signInAs();
    answers({ [SAVE]: [fail(403, 403, 'forbidden')] });
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('权限不足，需要管理员权限才能执行此操作')).toBeInTheDocument();
  });

  it('is read-only for a member, who may still zoom, fit, export and read the JSON', async () => {
    signInAs('dawei', 'user');
    answers({ [GRAPH]: [ok({ ...BOARD, editable: false })] });
    const { user } = await renderEditor();
    expect(screen.getByText('只读视图')).toBeInTheDocument();
    for (const name of [/连接模式/, /删除所选/, /清空画板/, /保\s*存/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await user.dblClick(within(canvas()).getByRole('button', { name: '嫉妒与不安' }));
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /放\s*大/ }));
    expect(handle.zoomIn).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /查看 JSON/ })).toBeInTheDocument();
  });
});
