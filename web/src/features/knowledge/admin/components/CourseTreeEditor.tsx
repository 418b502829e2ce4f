import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Empty, Select, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import type { KnowledgePoint } from '../../../../api/generated/types.gen';
import {
  addNode,
  countNodes,
  findNode,
  indentNode,
  MAX_NODES,
  moveNode,
  movesOf,
  outdentNode,
  pointIdsOf,
  removeNode,
  seqnamesOf,
  type TreeNode,
} from '../courseTree';
import { KA_TEXT } from '../texts';
import styles from './CourseTreeEditor.module.css';
import { POINT_SEARCH, pointOptions, renderPointOption, type PointOption } from './pointOptions';

interface CourseTreeEditorProps {
  value?: TreeNode[];
  onChange?: (nodes: TreeNode[]) => void;
  /** Every point, to pick from and to name the nodes. */
  points: readonly KnowledgePoint[];
  pointsLoading: boolean;
}

/**
 * The course structure (spec 3 section 3, kpTree): points picked from the whole list into a tree.
 * A point is added as a root or under the selected node; the selected node moves up and down,
 * one level out or in, or is removed with what hangs under it.
 */
export function CourseTreeEditor({ value = [], onChange, points, pointsLoading }: CourseTreeEditorProps) {
  const [picked, setPicked] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const names = useMemo(() => new Map(points.map((point) => [point.kpId, point.name])), [points]);
  const nameOf = (kpId: number) => names.get(kpId) ?? KA_TEXT.unknownPoint(kpId);
  const inTree = useMemo(() => new Set(pointIdsOf(value)), [value]);
  const seqnames = useMemo(() => seqnamesOf(value), [value]);
  const current = selected !== null && findNode(value, selected) ? selected : null;
  const moves = current !== null ? movesOf(value, current) : null;
  const full = countNodes(value) >= MAX_NODES;

  const change = (next: TreeNode[]) => onChange?.(next);

  const add = (parent: number | null) => {
    if (picked === null) return;
    change(addNode(value, picked, parent));
    if (parent !== null) setCollapsed((keys) => new Set([...keys].filter((key) => key !== parent)));
    setSelected(picked);
    setPicked(null);
  };

  const toTreeData = (nodes: readonly TreeNode[]): TreeDataNode[] =>
    nodes.map((node) => ({
      key: node.kpID,
      title: (
        <span className={styles.node}>
          <span className={styles.seq}>{seqnames.get(node.kpID)}</span>
          <span className={names.has(node.kpID) ? undefined : styles.unknown}>{nameOf(node.kpID)}</span>
        </span>
      ),
      children: toTreeData(node.children),
    }));

  const allKeys = pointIdsOf(value);
  const expandedKeys = allKeys.filter((key) => !collapsed.has(key));
  const removedCount = current !== null ? countNodes(findNode(value, current)?.children ?? []) : 0;

  const options = pointOptions(points.filter((point) => !inTree.has(point.kpId)));

  return (
    <div className={styles.editor}>
      <div className={styles.picker}>
        <Select<number, PointOption>
          showSearch={POINT_SEARCH}
          className={styles.select}
          aria-label={KA_TEXT.pickPoint}
          placeholder={KA_TEXT.pickPointPlaceholder}
          loading={pointsLoading}
          disabled={full}
          value={picked ?? undefined}
          onChange={(kpId) => setPicked(kpId)}
          options={options}
          optionRender={renderPointOption}
        />
        <div className={styles.addButtons}>
          <Button icon={<PlusOutlined aria-hidden />} disabled={picked === null} onClick={() => add(null)}>
            {KA_TEXT.addRoot}
          </Button>
          <Button
            icon={<PlusOutlined aria-hidden />}
            disabled={picked === null || current === null || !moves?.addChild}
            title={current !== null && !moves?.addChild ? KA_TEXT.tooDeep : undefined}
            onClick={() => add(current)}
          >
            {KA_TEXT.addChild}
          </Button>
        </div>
      </div>

      <div className={styles.treeBox}>
        {value.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={KA_TEXT.structureEmpty} />
        ) : (
          <>
            <p className={styles.count}>{KA_TEXT.structureCount(allKeys.length)}</p>
            <Tree
              blockNode
              showLine
              aria-label={KA_TEXT.structure}
              treeData={toTreeData(value)}
              selectedKeys={current !== null ? [current] : []}
              onSelect={(keys) => setSelected(keys.length > 0 ? Number(keys[0]) : null)}
              expandedKeys={expandedKeys}
              onExpand={(keys) => {
                const open = new Set(keys.map(Number));
                setCollapsed(new Set(allKeys.filter((key) => !open.has(key))));
              }}
            />
          </>
        )}
      </div>

      <div className={styles.nodeBar} aria-live="polite">
        {current === null || moves === null ? (
          <span className={styles.hint}>{KA_TEXT.noneSelected}</span>
        ) : (
          <>
            <span className={styles.selected}>{KA_TEXT.selected(nameOf(current))}</span>
            <span className={styles.moves}>
              <Button
                size="small"
                icon={<ArrowUpOutlined aria-hidden />}
                disabled={!moves.up}
                onClick={() => change(moveNode(value, current, -1))}
              >
                {KA_TEXT.moveUp}
              </Button>
              <Button
                size="small"
                icon={<ArrowDownOutlined aria-hidden />}
                disabled={!moves.down}
                onClick={() => change(moveNode(value, current, 1))}
              >
                {KA_TEXT.moveDown}
              </Button>
              <Button
                size="small"
                icon={<MenuFoldOutlined aria-hidden />}
                disabled={!moves.outdent}
                onClick={() => change(outdentNode(value, current))}
              >
                {KA_TEXT.outdent}
              </Button>
              <Button
                size="small"
                icon={<MenuUnfoldOutlined aria-hidden />}
                disabled={!moves.indent}
                onClick={() => change(indentNode(value, current))}
              >
                {KA_TEXT.indent}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => {
                  change(removeNode(value, current));
                  setSelected(null);
                }}
              >
                {removedCount > 0 ? KA_TEXT.removeWithChildren(removedCount) : KA_TEXT.remove}
              </Button>
            </span>
          </>
        )}
      </div>
    </div>
  );
}
