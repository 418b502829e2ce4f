import { describe, expect, it } from 'vitest';
import type { GraphData } from '../../../api/generated/types.gen';
import {
  addPoint,
  boardJson,
  CATEGORY_COLORS,
  categoryColor,
  clearBoard,
  connect,
  connectionLine,
  contentSize,
  DEFAULT_COLOR,
  deleteSelected,
  editorOf,
  labelLines,
  matchingPoints,
  moveNode,
  nextFreeSpot,
  NODE_HEIGHT,
  NODE_WIDTH,
  nodeColor,
  pickBlank,
  pickConnection,
  pickNode,
  saveRequestOf,
  SOURCE_COLOR,
  stopConnecting,
  toggleConnecting,
} from './model';

const BOARD: GraphData = {
  kcId: 3,
  editable: true,
  version: 12,
  nodes: [
    { id: 'kp-1', kpId: 1, name: '依恋理论基础', category: '心理学', x: 40, y: 40 },
    { id: 'kp-2', kpId: 2, name: '安全型依恋', category: '心理学', x: 220, y: 40 },
    { id: 'kp-3', kpId: 3, name: '积极倾听', category: '沟通', x: 400, y: 40 },
  ],
  connections: [{ id: 'link-7', from: 'kp-1', to: 'kp-2' }],
};

const loaded = () => editorOf(BOARD);

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((start) => {
      const c = parseInt(hex.slice(start, start + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('colours', () => {
  it('gives the demo categories and the spec subjects their own colours, anything else grey', () => {
    for (const category of ['心理学', '沟通', '情绪', '自我认知']) {
      expect(categoryColor(category).fill).not.toBe(DEFAULT_COLOR.fill);
    }
    for (const subject of ['数学', '物理', '化学', '生物', '历史', '地理', '语文', '英语', '政治', '技术']) {
      expect(categoryColor(subject).fill).toBe(CATEGORY_COLORS[subject]);
    }
    expect(categoryColor('恋爱心理')).toEqual(DEFAULT_COLOR);
    expect(categoryColor('')).toEqual(DEFAULT_COLOR);
    expect(categoryColor(' 情绪 ').fill).toBe(CATEGORY_COLORS['情绪']);
  });

  it('keeps every label readable on its fill (4.5:1 or more)', () => {
    for (const category of [...Object.keys(CATEGORY_COLORS), 'other']) {
      const { fill, text } = categoryColor(category);
      expect(contrast(fill, text), category).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(SOURCE_COLOR.fill, SOURCE_COLOR.text)).toBeGreaterThanOrEqual(4.5);
  });

  it('turns the picked source orange', () => {
    const state = pickNode(toggleConnecting(loaded()), 'kp-1').state;
    expect(nodeColor(state, state.nodes[0])).toEqual(SOURCE_COLOR);
    expect(nodeColor(state, state.nodes[1]).fill).toBe(CATEGORY_COLORS['心理学']);
  });
});

describe('the point panel', () => {
  const points = [
    { kpId: 1, name: '积极倾听', category: '沟通' },
    { kpId: 2, name: '情绪是什么', category: '情绪' },
    { kpId: 3, name: 'MBTI 与大五', category: '自我认知' },
  ];

  it('matches the name or the category, ignoring case and spaces around the words', () => {
    expect(matchingPoints(points, '倾听').map((p) => p.kpId)).toEqual([1]);
    expect(matchingPoints(points, ' 情绪 ').map((p) => p.kpId)).toEqual([2]);
    expect(matchingPoints(points, '自我').map((p) => p.kpId)).toEqual([3]);
    expect(matchingPoints(points, 'mbti').map((p) => p.kpId)).toEqual([3]);
    expect(matchingPoints(points, '')).toHaveLength(3);
    expect(matchingPoints(points, '数学')).toEqual([]);
  });
});

describe('loading and saving', () => {
  it('copies the server board, unselected and clean', () => {
    const state = loaded();
    expect(state).toMatchObject({ kcId: 3, selection: null, connecting: false, source: null, dirty: false });
    expect(state.nodes.map((node) => node.id)).toEqual(['kp-1', 'kp-2', 'kp-3']);
    expect(state.connections).toEqual([{ id: 'link-7', from: 'kp-1', to: 'kp-2' }]);
  });

  it('drops a connection whose node is not on the board', () => {
    const state = editorOf({ ...BOARD, connections: [{ from: 'kp-1', to: 'kp-9' }] });
    expect(state.connections).toEqual([]);
  });

  it('sends positions and connections only, with the version the board was loaded at', () => {
    const state = moveNode(loaded(), 'kp-3', 412.4, 88.6);
    expect(saveRequestOf(state)).toEqual({
      kcId: 3,
      baseVersion: 12,
      nodes: [
        { id: 'kp-1', kpId: 1, x: 40, y: 40 },
        { id: 'kp-2', kpId: 2, x: 220, y: 40 },
        { id: 'kp-3', kpId: 3, x: 412, y: 89 },
      ],
      connections: [{ from: 'kp-1', to: 'kp-2' }],
    });
  });

  it('shows the board as JSON: connections for the simple editor, edges for the second', () => {
    const simple = JSON.parse(boardJson(loaded(), 'connections'));
    expect(simple.connections).toEqual([{ id: 'link-7', from: 'kp-1', to: 'kp-2' }]);
    expect(simple.nodes[0]).toEqual({ id: 'kp-1', kpId: 1, name: '依恋理论基础', category: '心理学', x: 40, y: 40 });
    const joint = JSON.parse(boardJson(loaded(), 'edges'));
    expect(joint.edges).toEqual([{ id: 'link-7', source: 'kp-1', target: 'kp-2' }]);
    expect(joint.connections).toBeUndefined();
    expect(joint.kcId).toBe(3);
  });
});

describe('adding points', () => {
  it('drops a point where it lands, once', () => {
    const point = { kpId: 9, name: '自我关怀', category: '情绪' };
    const added = addPoint(loaded(), point, { x: 300.6, y: -20 });
    expect(added.outcome).toBe('added');
    expect(added.state.nodes.at(-1)).toEqual({ id: 'kp-9', kpId: 9, name: '自我关怀', category: '情绪', x: 301, y: 0 });
    expect(added.state.selection).toEqual({ kind: 'node', id: 'kp-9' });
    expect(added.state.dirty).toBe(true);
    const again = addPoint(added.state, point, { x: 0, y: 0 });
    expect(again.outcome).toBe('present');
    expect(again.state).toBe(added.state);
  });

  it("brings the point's prerequisite links with the points on the board as connections", () => {
    const links = [
      { parentKpId: 1, childKpId: 9 },
      { parentKpId: 9, childKpId: 3 },
      // Points that are not on the board stay out of it.
      { parentKpId: 9, childKpId: 42 },
      { parentKpId: 1, childKpId: 2 },
    ];
    const added = addPoint(loaded(), { kpId: 9, name: '自我关怀', category: '情绪' }, undefined, links).state;
    expect(added.connections).toEqual([
      { id: 'link-7', from: 'kp-1', to: 'kp-2' },
      { id: 'kp-1->kp-9', from: 'kp-1', to: 'kp-9' },
      { id: 'kp-9->kp-3', from: 'kp-9', to: 'kp-3' },
    ]);
  });

  it('puts a point without a place on the first free spot of the grid', () => {
    expect(nextFreeSpot([])).toEqual({ x: 40, y: 40 });
    // kp-1, kp-2 and kp-3 take the first three spots of the first row (columns 180 apart).
    expect(addPoint(loaded(), { kpId: 9, name: '自我关怀', category: '情绪' }).state.nodes.at(-1)).toMatchObject({
      x: 580,
      y: 40,
    });
    const row = [0, 1, 2, 3, 4].map((index) => ({ x: 40 + index * 180, y: 40 }));
    expect(nextFreeSpot(row)).toEqual({ x: 40, y: 150 });
  });
});

describe('connection mode', () => {
  const connecting = () => toggleConnecting(loaded());

  it('picks the source, then the target, draws the arrow and leaves the mode', () => {
    const first = pickNode(connecting(), 'kp-2');
    expect(first.outcome).toBe('source');
    expect(first.state).toMatchObject({ connecting: true, source: 'kp-2' });
    const second = pickNode(first.state, 'kp-3');
    expect(second.outcome).toBe('connected');
    expect(second.state.connections.at(-1)).toEqual({ id: 'kp-2->kp-3', from: 'kp-2', to: 'kp-3' });
    expect(second.state).toMatchObject({
      connecting: false,
      source: null,
      dirty: true,
      selection: { kind: 'connection', id: 'kp-2->kp-3' },
    });
  });

  it('blocks a self-connection and keeps waiting for a target', () => {
    const first = pickNode(connecting(), 'kp-1').state;
    const self = pickNode(first, 'kp-1');
    expect(self.outcome).toBe('self');
    expect(self.state).toBe(first);
    expect(connect(loaded(), 'kp-1', 'kp-1').outcome).toBe('self');
  });

  it('refuses a connection that exists (连接已存在) and keeps waiting', () => {
    const first = pickNode(connecting(), 'kp-1').state;
    const duplicate = pickNode(first, 'kp-2');
    expect(duplicate.outcome).toBe('duplicate');
    expect(duplicate.state.connections).toHaveLength(1);
    expect(duplicate.state.connecting).toBe(true);
    // The other direction is a different connection (the server refuses it if it makes a cycle).
    expect(connect(loaded(), 'kp-2', 'kp-1').outcome).toBe('connected');
  });

  it('selects outside the mode; the button, Esc and the mode ignore the rest', () => {
    expect(pickNode(loaded(), 'kp-3')).toEqual({
      state: { ...loaded(), selection: { kind: 'node', id: 'kp-3' } },
      outcome: 'selected',
    });
    const waiting = pickNode(connecting(), 'kp-1').state;
    expect(pickBlank(waiting)).toBe(waiting);
    expect(pickConnection(waiting, 'link-7')).toBe(waiting);
    expect(toggleConnecting(waiting)).toMatchObject({ connecting: false, source: null });
    expect(stopConnecting(waiting)).toMatchObject({ connecting: false, source: null });
  });
});

describe('deleting and clearing', () => {
  it('deletes a selected connection', () => {
    const state = deleteSelected(pickConnection(loaded(), 'link-7'));
    expect(state.connections).toEqual([]);
    expect(state.nodes).toHaveLength(3);
    expect(state).toMatchObject({ selection: null, dirty: true });
  });

  it('deletes a selected node with its connections', () => {
    const state = deleteSelected(pickNode(loaded(), 'kp-1').state);
    expect(state.nodes.map((node) => node.id)).toEqual(['kp-2', 'kp-3']);
    expect(state.connections).toEqual([]);
  });

  it('does nothing without a selection; a blank click drops the selection', () => {
    expect(deleteSelected(loaded())).toEqual(loaded());
    expect(pickBlank(pickNode(loaded(), 'kp-1').state).selection).toBeNull();
  });

  it('clears the whole board', () => {
    const state = clearBoard(pickNode(loaded(), 'kp-1').state);
    expect(state).toMatchObject({ nodes: [], connections: [], selection: null, dirty: true, kcId: 3 });
  });

  it('counts a move only when the node went somewhere', () => {
    expect(moveNode(loaded(), 'kp-1', 40, 40)).toEqual(loaded());
    expect(moveNode(loaded(), 'kp-1', 60, 40).nodes[0]).toMatchObject({ x: 60, y: 40 });
  });
});

describe('drawing', () => {
  it('runs a connection from border to border', () => {
    const line = connectionLine({ x: 0, y: 0 }, { x: 300, y: 0 });
    expect(line).toEqual({ x1: NODE_WIDTH, y1: NODE_HEIGHT / 2, x2: 300, y2: NODE_HEIGHT / 2 });
    const down = connectionLine({ x: 0, y: 0 }, { x: 0, y: 200 });
    expect(down).toEqual({ x1: NODE_WIDTH / 2, y1: NODE_HEIGHT, x2: NODE_WIDTH / 2, y2: 200 });
  });

  it('leaves room beyond the last node', () => {
    expect(contentSize([{ x: 400, y: 100 }])).toEqual({
      width: 400 + NODE_WIDTH + 240,
      height: 100 + NODE_HEIGHT + 240,
    });
  });

  it('fits a name in two lines of a node: near the middle, after punctuation, else cut with an ellipsis', () => {
    expect(labelLines('安全型依恋')).toEqual(['安全型依恋']);
    expect(
      labelLines('情绪调节的过程模型')
        .map((line) => Array.from(line).length)
        .sort(),
    ).toEqual([4, 5]);
    expect(labelLines('归属需要：我们为何渴望亲密')).toEqual(['归属需要：', '我们为何渴望亲密']);
    expect(labelLines('愤怒：不发泄，也不憋着')).toEqual(['愤怒：不发泄，', '也不憋着']);
    // A line never starts with a closing mark.
    expect(labelLines('回应性：被理解、被认可、被关心')).toEqual(['回应性：被理解、', '被认可、被关心']);
    expect(labelLines('类型还是特质：谈谈 MBTI 和大五人格的区别')).toEqual(['类型还是特质：谈', '谈 MBTI 和大…']);
    expect(labelLines('Big Five')).toEqual(['Big Five']);
    expect(labelLines('  ')).toEqual([]);
  });
});
