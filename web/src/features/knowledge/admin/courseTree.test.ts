import { describe, expect, it } from 'vitest';
import {
  addNode,
  indentNode,
  moveNode,
  movesOf,
  outdentNode,
  parseTree,
  pointIdsOf,
  removeNode,
  seqnamesOf,
  serializeTree,
  type TreeNode,
} from './courseTree';

const leaf = (kpID: number): TreeNode => ({ kpID, children: [] });

/** 1 (2, 3 (4)), 5 */
const TREE: TreeNode[] = [{ kpID: 1, children: [leaf(2), { kpID: 3, children: [leaf(4)] }] }, leaf(5)];

describe('parseTree and serializeTree', () => {
  it('reads the stored tree, keeping only the points and their children', () => {
    const stored = JSON.stringify([
      { kpID: 1, seqname: '1', name: '依恋', children: [{ kpID: 2, seqname: '1.1', name: '安全型', children: [] }] },
    ]);
    expect(parseTree(stored)).toEqual([{ kpID: 1, children: [leaf(2)] }]);
    expect(serializeTree(parseTree(stored))).toBe('[{"kpID":1,"children":[{"kpID":2,"children":[]}]}]');
  });

  it('takes one root, the older kpId spelling, and nothing or rubbish as an empty tree', () => {
    expect(parseTree('{"kpId": 7}')).toEqual([leaf(7)]);
    expect(parseTree('')).toEqual([]);
    expect(parseTree('not json')).toEqual([]);
    expect(parseTree('[{"name": "无编号"}]')).toEqual([]);
  });
});

describe('editing the tree', () => {
  it('adds a point as a root or under a node, once', () => {
    expect(pointIdsOf(addNode(TREE, 6, null))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(addNode(TREE, 6, 3)[0].children[1].children.map((node) => node.kpID)).toEqual([4, 6]);
    expect(addNode(TREE, 4, null)).toEqual(TREE);
  });

  it('removes a node with everything under it', () => {
    expect(pointIdsOf(removeNode(TREE, 3))).toEqual([1, 2, 5]);
  });

  it('moves a node among its siblings, not past either end', () => {
    expect(moveNode(TREE, 3, -1)[0].children.map((node) => node.kpID)).toEqual([3, 2]);
    expect(moveNode(TREE, 5, -1).map((node) => node.kpID)).toEqual([5, 1]);
    expect(moveNode(TREE, 5, 1)).toEqual(TREE);
  });

  it('indents under the previous sibling and outdents after the parent', () => {
    expect(indentNode(TREE, 3)[0].children).toEqual([{ kpID: 2, children: [{ kpID: 3, children: [leaf(4)] }] }]);
    expect(indentNode(TREE, 1)).toEqual(TREE);
    const out = outdentNode(TREE, 3);
    expect(out.map((node) => node.kpID)).toEqual([1, 3, 5]);
    expect(out[1].children).toEqual([leaf(4)]);
    expect(outdentNode(TREE, 1)).toEqual(TREE);
  });

  it('says which moves the selected node allows', () => {
    expect(movesOf(TREE, 1)).toEqual({ up: false, down: true, indent: false, outdent: false, addChild: true });
    expect(movesOf(TREE, 3)).toEqual({ up: true, down: false, indent: true, outdent: true, addChild: true });
    const deep = [1, 2, 3, 4, 5].reduceRight<TreeNode[]>((children, kpID) => [{ kpID, children }], [leaf(6)]);
    expect(movesOf(deep, 6).addChild).toBe(false);
  });

  it('numbers the nodes as the learner view does', () => {
    expect(Object.fromEntries(seqnamesOf(TREE))).toEqual({ 1: '1', 2: '1.1', 3: '1.2', 4: '1.2.1', 5: '2' });
  });
});
