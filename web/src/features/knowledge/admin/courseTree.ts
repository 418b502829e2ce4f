/**
 * The course structure editor's tree (spec 3 section 3, kpTree): pure functions over nodes keyed
 * by their point, which the server lets appear once per course. The editor sends only kpID and
 * children; the server fills in names and sequence numbers from the points.
 */
export interface TreeNode {
  kpID: number;
  children: TreeNode[];
}

/** The server's limits (crates/knowledge tree.rs). */
export const MAX_DEPTH = 6;
export const MAX_NODES = 300;

interface StoredNode {
  kpID?: unknown;
  kpId?: unknown;
  children?: unknown;
}

function nodesFrom(value: unknown): TreeNode[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
  return list.flatMap((item: StoredNode) => {
    const kpID = Number(item?.kpID ?? item?.kpId);
    if (!Number.isInteger(kpID) || kpID <= 0) return [];
    return [{ kpID, children: nodesFrom(item.children) }];
  });
}

/** A course's stored kpTree (a list of nodes, one root node, or empty) as editable nodes. */
export function parseTree(text: string): TreeNode[] {
  if (text.trim() === '') return [];
  try {
    return nodesFrom(JSON.parse(text));
  } catch {
    return [];
  }
}

export function serializeTree(nodes: readonly TreeNode[]): string {
  return JSON.stringify(nodes);
}

/** Every point of the tree, in reading order. */
export function pointIdsOf(nodes: readonly TreeNode[]): number[] {
  return nodes.flatMap((node) => [node.kpID, ...pointIdsOf(node.children)]);
}

export function countNodes(nodes: readonly TreeNode[]): number {
  return pointIdsOf(nodes).length;
}

/** 1 for a root, 2 for its child; 0 when the point is not in the tree. */
export function depthOf(nodes: readonly TreeNode[], kpID: number, depth = 1): number {
  for (const node of nodes) {
    if (node.kpID === kpID) return depth;
    const below = depthOf(node.children, kpID, depth + 1);
    if (below > 0) return below;
  }
  return 0;
}

export function findNode(nodes: readonly TreeNode[], kpID: number): TreeNode | null {
  for (const node of nodes) {
    if (node.kpID === kpID) return node;
    const below = findNode(node.children, kpID);
    if (below) return below;
  }
  return null;
}

/** Applies `change` to the sibling list holding `kpID` (the roots or some node's children). */
function mapSiblings(
  nodes: readonly TreeNode[],
  kpID: number,
  change: (siblings: TreeNode[], index: number) => TreeNode[],
): TreeNode[] {
  const index = nodes.findIndex((node) => node.kpID === kpID);
  if (index >= 0) return change([...nodes], index);
  return nodes.map((node) => ({ ...node, children: mapSiblings(node.children, kpID, change) }));
}

/** Adds the point as the last root, or as the last child of `parentId`. Nothing when it is there already. */
export function addNode(nodes: readonly TreeNode[], kpID: number, parentId: number | null): TreeNode[] {
  if (findNode(nodes, kpID)) return [...nodes];
  const added: TreeNode = { kpID, children: [] };
  if (parentId === null) return [...nodes, added];
  const attach = (list: readonly TreeNode[]): TreeNode[] =>
    list.map((node) =>
      node.kpID === parentId
        ? { ...node, children: [...node.children, added] }
        : { ...node, children: attach(node.children) },
    );
  return attach(nodes);
}

/** Removes the point with everything under it. */
export function removeNode(nodes: readonly TreeNode[], kpID: number): TreeNode[] {
  return nodes
    .filter((node) => node.kpID !== kpID)
    .map((node) => ({ ...node, children: removeNode(node.children, kpID) }));
}

/** Swaps the point with its previous (-1) or next (+1) sibling; nothing at either end. */
export function moveNode(nodes: readonly TreeNode[], kpID: number, step: -1 | 1): TreeNode[] {
  return mapSiblings(nodes, kpID, (siblings, index) => {
    const target = index + step;
    if (target < 0 || target >= siblings.length) return siblings;
    [siblings[index], siblings[target]] = [siblings[target], siblings[index]];
    return siblings;
  });
}

/** Makes the point the last child of its previous sibling; nothing for a first child. */
export function indentNode(nodes: readonly TreeNode[], kpID: number): TreeNode[] {
  return mapSiblings(nodes, kpID, (siblings, index) => {
    if (index === 0) return siblings;
    const [moved] = siblings.splice(index, 1);
    const previous = siblings[index - 1];
    siblings[index - 1] = { ...previous, children: [...previous.children, moved] };
    return siblings;
  });
}

/** Moves the point out of its parent, right after it; nothing for a root. */
export function outdentNode(nodes: readonly TreeNode[], kpID: number): TreeNode[] {
  const lift = (list: readonly TreeNode[]): TreeNode[] =>
    list.flatMap((node) => {
      const index = node.children.findIndex((child) => child.kpID === kpID);
      if (index < 0) return [{ ...node, children: lift(node.children) }];
      const moved = node.children[index];
      return [{ ...node, children: node.children.filter((_, at) => at !== index) }, moved];
    });
  return lift(nodes);
}

/** How deep the subtree under (and including) this node goes: 1 for a leaf. */
export function heightOf(node: TreeNode): number {
  return 1 + Math.max(0, ...node.children.map(heightOf));
}

/** What the editor may do with the selected point. */
export interface NodeMoves {
  up: boolean;
  down: boolean;
  indent: boolean;
  outdent: boolean;
  addChild: boolean;
}

function siblingsOf(nodes: readonly TreeNode[], kpID: number): readonly TreeNode[] | null {
  if (nodes.some((node) => node.kpID === kpID)) return nodes;
  for (const node of nodes) {
    const found = siblingsOf(node.children, kpID);
    if (found) return found;
  }
  return null;
}

export function movesOf(nodes: readonly TreeNode[], kpID: number): NodeMoves {
  const siblings = siblingsOf(nodes, kpID);
  const node = findNode(nodes, kpID);
  if (!siblings || !node) return { up: false, down: false, indent: false, outdent: false, addChild: false };
  const index = siblings.findIndex((sibling) => sibling.kpID === kpID);
  const depth = depthOf(nodes, kpID);
  return {
    up: index > 0,
    down: index < siblings.length - 1,
    // Indenting pushes the whole subtree one level down: it must still fit in MAX_DEPTH.
    indent: index > 0 && depth + heightOf(node) <= MAX_DEPTH,
    outdent: depth > 1,
    addChild: depth < MAX_DEPTH,
  };
}

/** Sequence numbers as the learner view shows them: "1", "1.2", "1.2.3". */
export function seqnamesOf(nodes: readonly TreeNode[], prefix = ''): Map<number, string> {
  const names = new Map<number, string>();
  nodes.forEach((node, index) => {
    const seq = prefix ? `${prefix}.${index + 1}` : String(index + 1);
    names.set(node.kpID, seq);
    seqnamesOf(node.children, seq).forEach((value, key) => names.set(key, value));
  });
  return names;
}
