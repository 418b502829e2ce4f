import { Empty, Tree, type TreeDataNode } from 'antd';
import type { Key } from 'react';
import type { KeyedNode } from '../model';
import { KNOWLEDGE_TEXT } from '../texts';
import styles from './CourseTree.module.css';

/** The tree widget's data: each node titled with its number and name, keyed by its position. */
export function toTreeData(nodes: readonly KeyedNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: (
      <span className={styles.title}>
        {node.seqname && <span className={styles.seq}>{node.seqname}</span>}
        <span>{node.name}</span>
      </span>
    ),
    children: toTreeData(node.children),
  }));
}

interface CourseTreeProps {
  nodes: readonly KeyedNode[];
  /** When given, nodes can be chosen (the learner view); otherwise the tree is only read (the preview). */
  selectedKey?: string | null;
  onSelect?: (key: string) => void;
  expandedKeys?: string[];
  onExpand?: (keys: string[]) => void;
  /** What an empty tree says; 暂无课程结构信息 unless the caller knows better (no search match). */
  emptyText?: string;
}

/** A course's knowledge points as spec 3 shows them: a tree of numbered names with their children. */
export function CourseTree({
  nodes,
  selectedKey,
  onSelect,
  expandedKeys,
  onExpand,
  emptyText = KNOWLEDGE_TEXT.noStructure,
}: CourseTreeProps) {
  if (nodes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  const selectable = onSelect !== undefined;
  return (
    <Tree
      className={styles.tree}
      treeData={toTreeData(nodes)}
      blockNode
      showLine={{ showLeafIcon: false }}
      selectable={selectable}
      defaultExpandAll={expandedKeys === undefined}
      {...(expandedKeys !== undefined && {
        expandedKeys,
        onExpand: (keys: Key[]) => onExpand?.(keys.map(String)),
      })}
      {...(selectable && {
        selectedKeys: selectedKey ? [selectedKey] : [],
        onSelect: (keys: Key[]) => {
          // Clicking the chosen node again would empty the selection; the learner keeps reading it.
          if (keys.length > 0) onSelect(String(keys[0]));
        },
      })}
    />
  );
}
