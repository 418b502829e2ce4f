import type {
  GraphData,
  KnowledgePoint,
  KnowledgePrerequisite,
  SaveGraphRequest,
} from '../../../api/generated/types.gen';

/**
 * The editing logic both graph editors share (spec 3 section 2 "Knowledge graph editors"): a board
 * of knowledge points at positions, joined by directed connections (from the prerequisite to the
 * point that needs it). Every function is pure: it answers the next state and what happened, and
 * the editors show the outcome.
 */

/** Spec 3 section 9: node size, zoom factors and fit padding. */
export const NODE_WIDTH = 120;
export const NODE_HEIGHT = 60;
export const ZOOM_IN = 1.2;
export const ZOOM_OUT = 0.8;
export const FIT_PADDING = 50;
/** Spec 3 section 2: the PNG export has a fixed file name. */
export const PNG_FILE_NAME = 'knowledge-graph.png';
/** The drag-and-drop type a point carries from the panel to a canvas. */
export const POINT_DRAG_TYPE = 'application/x-xinqiao-point';

/** The server's grid for a board it lays out itself (nodes 120×60), used for new nodes too. */
const GRID = { columns: 5, column: 180, row: 110, margin: 40 } as const;

export interface BoardNode {
  id: string;
  kpId: number;
  name: string;
  category: string;
  /** The node's top-left corner. */
  x: number;
  y: number;
}

export interface BoardConnection {
  id: string;
  /** The prerequisite's node. */
  from: string;
  /** The node of the point that needs it. */
  to: string;
}

export type Selection = { kind: 'node'; id: string } | { kind: 'connection'; id: string } | null;

export interface EditorState {
  kcId: number;
  nodes: BoardNode[];
  connections: BoardConnection[];
  selection: Selection;
  /** Connection mode: the next clicks pick a source, then a target. */
  connecting: boolean;
  /** In connection mode, the source picked so far. */
  source: string | null;
  /** Changed since it was loaded or saved. */
  dirty: boolean;
  /** The graph's version the board was loaded at: a save from it is refused once links changed since. */
  version: number;
}

/** A point as the panel offers it. */
export type BoardPoint = Pick<KnowledgePoint, 'kpId' | 'name' | 'category'>;

// ---------- colours ----------

export interface NodeColor {
  fill: string;
  text: string;
}

const WHITE = '#ffffff';

/**
 * Spec 3 section 9 names ten subjects with their own colours; the demo courses use four
 * categories of their own. Every fill keeps white text at 4.5:1 or more (unit-tested).
 */
export const CATEGORY_COLORS: Readonly<Record<string, string>> = {
  心理学: '#c2185b',
  沟通: '#1565c0',
  情绪: '#6a1b9a',
  自我认知: '#00796b',
  数学: '#283593',
  物理: '#00607a',
  化学: '#2e7d32',
  生物: '#4e7d1e',
  历史: '#795548',
  地理: '#8a6100',
  语文: '#880e4f',
  英语: '#4527a0',
  政治: '#c62828',
  技术: '#37474f',
};

/** Spec 3 section 9: any other category is grey. */
export const DEFAULT_COLOR: NodeColor = { fill: '#757575', text: WHITE };

/** Spec 3 section 2: the source picked in connection mode turns orange (dark text on it). */
export const SOURCE_COLOR: NodeColor = { fill: '#fa8c16', text: '#2b1b22' };

/** The selection's outline. */
export const SELECTED_STROKE = '#2b1b22';

export function categoryColor(category: string): NodeColor {
  const fill = CATEGORY_COLORS[category.trim()];
  return fill ? { fill, text: WHITE } : DEFAULT_COLOR;
}

/** The colours of one node as it stands: orange when it is the source being connected. */
export function nodeColor(state: Pick<EditorState, 'source'>, node: BoardNode): NodeColor {
  return state.source === node.id ? SOURCE_COLOR : categoryColor(node.category);
}

// ---------- the panel ----------

/** Spec 3 section 2: the panel's search matches a point's name or category (case-insensitive). */
export function matchingPoints<P extends BoardPoint>(points: readonly P[], words: string): P[] {
  const needle = words.trim().toLowerCase();
  if (needle === '') return [...points];
  return points.filter(
    (point) => point.name.toLowerCase().includes(needle) || point.category.toLowerCase().includes(needle),
  );
}

/** The kpIds on the board: a point may be on it once. */
export function pointsOnBoard(state: Pick<EditorState, 'nodes'>): Set<number> {
  return new Set(state.nodes.map((node) => node.kpId));
}

// ---------- loading and saving ----------

/** A point's node id: the server names the nodes of a board it lays out the same way. */
export const nodeIdOf = (kpId: number) => `kp-${kpId}`;

/** A connection drawn here; the server answers its own ids (link-<id>) after a save. */
export const connectionIdOf = (from: string, to: string) => `${from}->${to}`;

const finite = (value: number) => (Number.isFinite(value) ? Math.round(value) : 0);

/** The editor's state for a board as the server answers it. */
export function editorOf(data: GraphData): EditorState {
  const nodes = data.nodes.map((node) => ({
    id: node.id,
    kpId: node.kpId,
    name: node.name ?? '',
    category: node.category ?? '',
    x: finite(node.x),
    y: finite(node.y),
  }));
  const ids = new Set(nodes.map((node) => node.id));
  const connections = data.connections
    .filter((connection) => ids.has(connection.from) && ids.has(connection.to))
    .map((connection) => ({
      id: connection.id || connectionIdOf(connection.from, connection.to),
      from: connection.from,
      to: connection.to,
    }));
  return {
    kcId: data.kcId,
    nodes,
    connections,
    selection: null,
    connecting: false,
    source: null,
    dirty: false,
    version: data.version,
  };
}

/**
 * What save_graph takes: positions and connections (names and categories are the points' own), and
 * the version the board was loaded at.
 */
export function saveRequestOf(state: EditorState): SaveGraphRequest {
  return {
    kcId: state.kcId,
    baseVersion: state.version,
    nodes: state.nodes.map(({ id, kpId, x, y }) => ({ id, kpId, x, y })),
    connections: state.connections.map(({ from, to }) => ({ from, to })),
  };
}

/**
 * The board as JSON for the dialog. Spec 3 section 3: a connection is {id, from, to}; the
 * second editor shows its edges as {id, source, target}.
 */
export function boardJson(state: EditorState, style: 'connections' | 'edges'): string {
  const nodes = state.nodes.map(({ id, kpId, name, category, x, y }) => ({ id, kpId, name, category, x, y }));
  const body =
    style === 'connections'
      ? { kcId: state.kcId, nodes, connections: state.connections.map(({ id, from, to }) => ({ id, from, to })) }
      : {
          kcId: state.kcId,
          nodes,
          edges: state.connections.map(({ id, from, to }) => ({ id, source: from, target: to })),
        };
  return JSON.stringify(body, null, 2);
}

// ---------- editing ----------

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

/** The first place on the server's grid that no node covers: where 添加 puts a point. */
export function nextFreeSpot(nodes: readonly Pick<BoardNode, 'x' | 'y'>[]): { x: number; y: number } {
  for (let index = 0; ; index += 1) {
    const spot = {
      x: (index % GRID.columns) * GRID.column + GRID.margin,
      y: Math.floor(index / GRID.columns) * GRID.row + GRID.margin,
    };
    if (!nodes.some((node) => overlaps(node, spot))) return spot;
  }
}

export type AddOutcome = 'added' | 'present';

/** A prerequisite link as list_prerequisites answers it. */
export type PrerequisiteLink = Pick<KnowledgePrerequisite, 'parentKpId' | 'childKpId'>;

/**
 * A point dropped at `at` (the node's top-left corner), or put on the next free spot. Its existing
 * prerequisite links with points already on the board come with it as connections: the board's
 * connections are the links between its points, and a save drops any it does not show.
 */
export function addPoint(
  state: EditorState,
  point: BoardPoint,
  at?: { x: number; y: number },
  links: readonly PrerequisiteLink[] = [],
): { state: EditorState; outcome: AddOutcome } {
  if (state.nodes.some((node) => node.kpId === point.kpId)) return { state, outcome: 'present' };
  const spot = at ? { x: finite(Math.max(0, at.x)), y: finite(Math.max(0, at.y)) } : nextFreeSpot(state.nodes);
  const node: BoardNode = {
    id: nodeIdOf(point.kpId),
    kpId: point.kpId,
    name: point.name,
    category: point.category,
    ...spot,
  };
  const byPoint = new Map(state.nodes.map((other) => [other.kpId, other.id]));
  const connections = [...state.connections];
  for (const link of links) {
    const parent = link.childKpId === point.kpId ? byPoint.get(link.parentKpId) : undefined;
    const child = link.parentKpId === point.kpId ? byPoint.get(link.childKpId) : undefined;
    if (parent) connections.push({ id: connectionIdOf(parent, node.id), from: parent, to: node.id });
    if (child) connections.push({ id: connectionIdOf(node.id, child), from: node.id, to: child });
  }
  return {
    state: {
      ...state,
      nodes: [...state.nodes, node],
      connections,
      selection: { kind: 'node', id: node.id },
      dirty: true,
    },
    outcome: 'added',
  };
}

export function moveNode(state: EditorState, id: string, x: number, y: number): EditorState {
  const at = { x: finite(x), y: finite(y) };
  const node = state.nodes.find((candidate) => candidate.id === id);
  if (!node || (node.x === at.x && node.y === at.y)) return state;
  return {
    ...state,
    nodes: state.nodes.map((candidate) => (candidate.id === id ? { ...candidate, ...at } : candidate)),
    dirty: true,
  };
}

export type ConnectOutcome = 'connected' | 'self' | 'duplicate';

/** A directed connection; a self-connection and a second one between the same two nodes are refused. */
export function connect(
  state: EditorState,
  from: string,
  to: string,
): { state: EditorState; outcome: ConnectOutcome; connection?: BoardConnection } {
  if (from === to) return { state, outcome: 'self' };
  if (state.connections.some((connection) => connection.from === from && connection.to === to)) {
    return { state, outcome: 'duplicate' };
  }
  const connection = { id: connectionIdOf(from, to), from, to };
  return {
    state: { ...state, connections: [...state.connections, connection], dirty: true },
    outcome: 'connected',
    connection,
  };
}

export type PickOutcome = 'selected' | 'source' | ConnectOutcome;

/**
 * A click on a node. Outside connection mode it selects the node. In connection mode the first
 * click picks the source (it turns orange), the second the target: the arrow is drawn and the mode
 * ends. Clicking the source again or an existing pair is refused and the mode waits for another
 * target.
 */
export function pickNode(state: EditorState, id: string): { state: EditorState; outcome: PickOutcome } {
  if (!state.nodes.some((node) => node.id === id)) return { state, outcome: 'selected' };
  if (!state.connecting) return { state: { ...state, selection: { kind: 'node', id } }, outcome: 'selected' };
  if (state.source === null) return { state: { ...state, source: id, selection: null }, outcome: 'source' };
  const result = connect(state, state.source, id);
  if (result.outcome !== 'connected' || !result.connection) return { state, outcome: result.outcome };
  return {
    state: {
      ...result.state,
      connecting: false,
      source: null,
      selection: { kind: 'connection', id: result.connection.id },
    },
    outcome: 'connected',
  };
}

/** A click on a connection selects it (in connection mode clicks are for nodes). */
export function pickConnection(state: EditorState, id: string): EditorState {
  if (state.connecting || !state.connections.some((connection) => connection.id === id)) return state;
  return { ...state, selection: { kind: 'connection', id } };
}

/** A click on the empty canvas drops the selection; in connection mode it keeps the source picked. */
export function pickBlank(state: EditorState): EditorState {
  return state.connecting || state.selection === null ? state : { ...state, selection: null };
}

export function toggleConnecting(state: EditorState): EditorState {
  return state.connecting
    ? { ...state, connecting: false, source: null }
    : { ...state, connecting: true, source: null, selection: null };
}

export function stopConnecting(state: EditorState): EditorState {
  return state.connecting ? { ...state, connecting: false, source: null } : state;
}

/** Deletes the selected node (with its connections) or the selected connection. */
export function deleteSelected(state: EditorState): EditorState {
  const selection = state.selection;
  if (selection === null) return state;
  if (selection.kind === 'connection') {
    return {
      ...state,
      connections: state.connections.filter((connection) => connection.id !== selection.id),
      selection: null,
      dirty: true,
    };
  }
  return {
    ...state,
    nodes: state.nodes.filter((node) => node.id !== selection.id),
    connections: state.connections.filter(
      (connection) => connection.from !== selection.id && connection.to !== selection.id,
    ),
    selection: null,
    dirty: true,
  };
}

export function clearBoard(state: EditorState): EditorState {
  return {
    ...state,
    nodes: [],
    connections: [],
    selection: null,
    connecting: false,
    source: null,
    dirty: state.dirty || state.nodes.length > 0,
  };
}

// ---------- drawing ----------

/** The node of an id, for names in messages and for drawing connections. */
export function nodeById(state: Pick<EditorState, 'nodes'>, id: string | null): BoardNode | undefined {
  return id === null ? undefined : state.nodes.find((node) => node.id === id);
}

/** Where the line from a node's centre towards `toward` leaves the node's rectangle. */
function borderPoint(node: Pick<BoardNode, 'x' | 'y'>, toward: { x: number; y: number }) {
  const cx = node.x + NODE_WIDTH / 2;
  const cy = node.y + NODE_HEIGHT / 2;
  const dx = toward.x - cx;
  const dy = toward.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = Math.min(
    dx === 0 ? Infinity : NODE_WIDTH / 2 / Math.abs(dx),
    dy === 0 ? Infinity : NODE_HEIGHT / 2 / Math.abs(dy),
  );
  return { x: cx + dx * scale, y: cy + dy * scale };
}

/** A connection's straight line from border to border, so the arrowhead sits on the target's edge. */
export function connectionLine(from: Pick<BoardNode, 'x' | 'y'>, to: Pick<BoardNode, 'x' | 'y'>) {
  const start = borderPoint(from, { x: to.x + NODE_WIDTH / 2, y: to.y + NODE_HEIGHT / 2 });
  const end = borderPoint(to, { x: from.x + NODE_WIDTH / 2, y: from.y + NODE_HEIGHT / 2 });
  return { x1: start.x, y1: start.y, x2: end.x, y2: end.y };
}

/** The size a canvas needs to show every node with room to drop more beside and below them. */
export function contentSize(nodes: readonly Pick<BoardNode, 'x' | 'y'>[], room = 240) {
  let width = 0;
  let height = 0;
  for (const node of nodes) {
    width = Math.max(width, node.x + NODE_WIDTH);
    height = Math.max(height, node.y + NODE_HEIGHT);
  }
  return { width: width + room, height: height + room };
}

/** The label's font size on a node; a line holds NODE_WIDTH minus 16 px of padding. */
export const LABEL_FONT_SIZE = 13;
const LINE_UNITS = (NODE_WIDTH - 16) / LABEL_FONT_SIZE;

/** A character's width in ems: Chinese and other wide characters take one, Latin about half. */
const unitsOf = (character: string) =>
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(character)
    ? 1
    : 0.56;

/** A line may not start with these: they belong to the end of the line before. */
const CLOSING = new Set(Array.from('、，。：；！？）」』》,.:;!?)'));
/** A break right after these (or a space) reads naturally. */
const BREAKS_AFTER = new Set(Array.from('、，。：；！？）」』》 '));

/**
 * A point's name in at most two lines that fit a node. SVG text does not wrap by itself, and
 * both editors draw the same lines: a name that fits two lines is split near the middle,
 * preferably after punctuation, never before a closing mark; a longer one is cut with ….
 */
export function labelLines(name: string): string[] {
  const characters = Array.from(name.trim());
  const widths = characters.map(unitsOf);
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= LINE_UNITS) return characters.length > 0 ? [characters.join('')] : [];

  if (total <= 2 * LINE_UNITS) {
    let best = { at: -1, gap: Infinity, natural: false };
    let run = 0;
    for (let at = 1; at < characters.length; at += 1) {
      run += widths[at - 1];
      if (run > LINE_UNITS || total - run > LINE_UNITS || CLOSING.has(characters[at])) continue;
      const natural = BREAKS_AFTER.has(characters[at - 1]);
      const gap = Math.abs(total / 2 - run);
      if ((natural && !best.natural) || (natural === best.natural && gap < best.gap)) best = { at, gap, natural };
    }
    if (best.at > 0) {
      return [characters.slice(0, best.at).join('').trimEnd(), characters.slice(best.at).join('').trimStart()];
    }
  }

  // Too long for two lines: a full first line, then as much as fits before the ellipsis.
  let first = 0;
  let width = 0;
  while (first < characters.length && width + widths[first] <= LINE_UNITS) width += widths[first++];
  let second = first;
  width = 0;
  while (second < characters.length && width + widths[second] + 1 <= LINE_UNITS) width += widths[second++];
  return [characters.slice(0, first).join('').trimEnd(), `${characters.slice(first, second).join('').trim()}…`];
}
