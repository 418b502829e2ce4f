import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Skeleton } from 'antd';
import { useMemo, useState, type DragEvent } from 'react';
import type { KnowledgePoint } from '../../../../api/generated/types.gen';
import { cx } from '../../../../lib/classNames';
import { categoryColor, matchingPoints, POINT_DRAG_TYPE } from '../model';
import { GRAPH_TEXT } from '../texts';
import styles from './PointPanel.module.css';

export interface PanelFailure {
  /** What did not load (spec 8: 获取知识点列表失败). */
  title: string;
  /** The server's words, if any. */
  detail: string;
  retry: () => void;
}

interface PointPanelProps {
  points: readonly KnowledgePoint[] | undefined;
  loading: boolean;
  failures: PanelFailure[];
  onBoard: ReadonlySet<number>;
  /** Points can be put on the board: an admin's board, with the prerequisite links loaded. */
  editable: boolean;
  onAdd: (point: KnowledgePoint) => void;
}

/** Lets a point travel to a canvas: its id for the drop, its name for anything else that takes text. */
function startDrag(event: DragEvent<HTMLElement>, point: KnowledgePoint) {
  event.dataTransfer.setData(POINT_DRAG_TYPE, String(point.kpId));
  event.dataTransfer.setData('text/plain', point.name);
  event.dataTransfer.effectAllowed = 'copy';
}

/**
 * Spec 3 section 2: the editors' left panel, every knowledge point with a search by name or
 * category. A point is dragged onto the canvas, or put on a free spot with 添加 (touch screens
 * cannot drag between the two); a point already on the board is marked and stays put.
 */
export function PointPanel({ points, loading, failures, onBoard, editable, onAdd }: PointPanelProps) {
  const [words, setWords] = useState('');
  const shown = useMemo(() => matchingPoints(points ?? [], words), [points, words]);
  const total = points?.length ?? 0;

  return (
    <section className={styles.panel} aria-labelledby="graph-point-panel-title">
      <div className={styles.head}>
        <h2 id="graph-point-panel-title" className={styles.title}>
          {GRAPH_TEXT.panelTitle}
        </h2>
        {points && <span className={styles.count}>{GRAPH_TEXT.pointCount(shown.length, total)}</span>}
      </div>
      <Input.Search
        allowClear
        className={styles.search}
        placeholder={GRAPH_TEXT.searchPlaceholder}
        aria-label={GRAPH_TEXT.searchLabel}
        onChange={(event) => setWords(event.target.value)}
      />
      {editable && (
        <p className={styles.hint}>
          <span className={styles.hintWide}>{GRAPH_TEXT.panelHint}</span>
          <span className={styles.hintNarrow}>{GRAPH_TEXT.panelHintPhone}</span>
        </p>
      )}
      {failures.map((failure) => (
        <Alert
          key={failure.title}
          type="error"
          showIcon
          className={styles.error}
          title={failure.title}
          description={failure.detail || undefined}
          action={
            <Button size="small" onClick={failure.retry}>
              {GRAPH_TEXT.retry}
            </Button>
          }
        />
      ))}
      {loading && <Skeleton active title={false} paragraph={{ rows: 6 }} />}
      {points && shown.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={total === 0 ? GRAPH_TEXT.noPoints : GRAPH_TEXT.noMatch}
        />
      )}
      {shown.length > 0 && (
        <ul className={styles.list} aria-label={GRAPH_TEXT.panelTitle}>
          {shown.map((point) => {
            const placed = onBoard.has(point.kpId);
            const draggable = editable && !placed;
            return (
              <li
                key={point.kpId}
                className={cx(styles.item, draggable && styles.draggable, placed && styles.placed)}
                draggable={draggable}
                onDragStart={draggable ? (event) => startDrag(event, point) : undefined}
              >
                <span
                  className={styles.swatch}
                  style={{ background: categoryColor(point.category).fill }}
                  aria-hidden
                />
                <span className={styles.text}>
                  <span className={styles.name}>{point.name}</span>
                  <span className={styles.category}>{point.category}</span>
                </span>
                {placed ? (
                  <span className={styles.placedTag}>{GRAPH_TEXT.onBoard}</span>
                ) : (
                  editable && (
                    <Button
                      size="small"
                      type="text"
                      icon={<PlusOutlined aria-hidden />}
                      aria-label={GRAPH_TEXT.addLabel(point.name)}
                      onClick={() => onAdd(point)}
                    >
                      {GRAPH_TEXT.add}
                    </Button>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
