import { CheckCircleFilled, LockOutlined } from '@ant-design/icons';
import { Empty, Tree, type TreeDataNode } from 'antd';
import type { Key } from 'react';
import type { PointMark } from '../learning/model';
import type { KeyedNode } from '../model';
import { KNOWLEDGE_TEXT, LEARNING_TEXT } from '../texts';
import styles from './CourseTree.module.css';

type MarkOf = (kpId: number) => PointMark;

function Mark({ mark }: { mark: PointMark }) {
  if (mark === 'mastered') {
    return <CheckCircleFilled className={styles.mastered} role="img" aria-label={LEARNING_TEXT.treeMastered} />;
  }
  if (mark === 'locked') {
    return <LockOutlined className={styles.locked} role="img" aria-label={LEARNING_TEXT.treeLocked} />;
  }
  return null;
}

/**
 * The tree widget's data: each node titled with its number and name, keyed by its position, and
 * for a member a ✓ on a mastered point or a lock on one whose prerequisites are not mastered.
 */
export function toTreeData(nodes: readonly KeyedNode[], markOf?: MarkOf): TreeDataNode[] {
  return nodes.map((node) => {
    const mark = markOf && node.kpID > 0 ? markOf(node.kpID) : null;
    return {
      key: node.key,
      title: (
        <span className={styles.title} data-mark={mark ?? undefined}>
          {node.seqname && <span className={styles.seq}>{node.seqname}</span>}
          <span>{node.name}</span>
          <Mark mark={mark} />
        </span>
      ),
      children: toTreeData(node.children, markOf),
    };
  });
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
  /** A signed-in learner's marks (mastered, locked); none for guests and previews. */
  markOf?: MarkOf;
}

/** A course's knowledge points as spec 3 shows them: a tree of numbered names with their children. */
export function CourseTree({
  nodes,
  selectedKey,
  onSelect,
  expandedKeys,
  onExpand,
  emptyText = KNOWLEDGE_TEXT.noStructure,
  markOf,
}: CourseTreeProps) {
  if (nodes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  const selectable = onSelect !== undefined;
  return (
    <Tree
      className={styles.tree}
      treeData={toTreeData(nodes, markOf)}
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
