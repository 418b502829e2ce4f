import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cx } from '../../../../lib/classNames';
import {
  connectionLine,
  contentSize,
  LABEL_FONT_SIZE,
  labelLines,
  NODE_HEIGHT,
  NODE_WIDTH,
  nodeColor,
  SELECTED_STROKE,
  type BoardNode,
} from '../model';
import { GRAPH_TEXT } from '../texts';
import { carriesPoint, droppedPoint, type CanvasProps } from './canvas';
import styles from './SvgCanvas.module.css';

/** A press that travels less than this many pixels is a click, not a drag. */
const DRAG_THRESHOLD = 4;
const ARROW_ID = 'graph-arrow';
const ARROW_SELECTED_ID = 'graph-arrow-selected';

interface Drag {
  id: string;
  pointerId: number;
  /** Where the press landed, relative to the node's corner. */
  offsetX: number;
  offsetY: number;
  startX: number;
  startY: number;
  x: number;
  y: number;
  moved: boolean;
}

/** Enter or Space on a focused node or connection does what a click does. */
const activates = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

/**
 * The simple editor's canvas: plain SVG at scale 1 inside a box that scrolls both ways, so a large
 * board is reached by scrolling (on a phone, with a finger on the empty canvas). Nodes are dragged
 * with pointer events; a node takes the touch to itself, the empty canvas leaves it to scrolling.
 */
export function SvgCanvas({
  state,
  editable,
  onPickNode,
  onPickConnection,
  onPickBlank,
  onMoveNode,
  onDropPoint,
}: CanvasProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // A drag ends with a click on the node; that click must not select it or pick a connection end.
  const dragged = useRef(false);

  const nodes = drag
    ? state.nodes.map((node) => (node.id === drag.id ? { ...node, x: drag.x, y: drag.y } : node))
    : state.nodes;
  const size = contentSize(nodes);
  const canDrag = editable && !state.connecting;

  const local = (clientX: number, clientY: number) => {
    const rect = svgRef.current?.getBoundingClientRect();
    return { x: clientX - (rect?.left ?? 0), y: clientY - (rect?.top ?? 0) };
  };

  const pressNode = (event: PointerEvent<SVGGElement>, node: BoardNode) => {
    if (!canDrag || event.button !== 0) return;
    const at = local(event.clientX, event.clientY);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragged.current = false;
    setDrag({
      id: node.id,
      pointerId: event.pointerId,
      offsetX: at.x - node.x,
      offsetY: at.y - node.y,
      startX: event.clientX,
      startY: event.clientY,
      x: node.x,
      y: node.y,
      moved: false,
    });
  };

  const moveNode = (event: PointerEvent<SVGGElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const moved = drag.moved || Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) >= DRAG_THRESHOLD;
    if (!moved) return;
    const at = local(event.clientX, event.clientY);
    setDrag({ ...drag, moved, x: Math.max(0, at.x - drag.offsetX), y: Math.max(0, at.y - drag.offsetY) });
  };

  const releaseNode = (event: PointerEvent<SVGGElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (drag.moved) {
      dragged.current = true;
      onMoveNode(drag.id, drag.x, drag.y);
    }
    setDrag(null);
  };

  const clickNode = (id: string) => {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    onPickNode(id);
  };

  const selectedNode = state.selection?.kind === 'node' ? state.selection.id : null;
  const selectedConnection = state.selection?.kind === 'connection' ? state.selection.id : null;

  return (
    <div className={styles.scroller}>
      <svg
        ref={svgRef}
        className={styles.svg}
        width={size.width}
        height={size.height}
        role="group"
        aria-label={GRAPH_TEXT.canvasLabel}
        onDragOver={(event) => {
          if (!editable || !carriesPoint(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDrop={(event) => {
          if (!editable) return;
          const kpId = droppedPoint(event);
          if (kpId === null) return;
          event.preventDefault();
          const at = local(event.clientX, event.clientY);
          onDropPoint(kpId, at.x, at.y);
        }}
      >
        <defs>
          <marker id={ARROW_ID} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto">
            <path d="M0,0 L10,5 L0,10 z" className={styles.arrow} />
          </marker>
          <marker
            id={ARROW_SELECTED_ID}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="8"
            markerHeight="8"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" className={styles.arrowSelected} />
          </marker>
        </defs>
        <rect
          className={styles.blank}
          width={size.width}
          height={size.height}
          data-testid="graph-blank"
          onClick={onPickBlank}
        />
        {state.connections.map((connection) => {
          const from = nodes.find((node) => node.id === connection.from);
          const to = nodes.find((node) => node.id === connection.to);
          if (!from || !to) return null;
          const line = connectionLine(from, to);
          const selected = connection.id === selectedConnection;
          return (
            <g
              key={connection.id}
              role="button"
              tabIndex={0}
              aria-label={GRAPH_TEXT.connectionLabel(from.name, to.name)}
              aria-pressed={selected}
              className={cx(styles.connection, selected && styles.connectionSelected)}
              onClick={() => onPickConnection(connection.id)}
              onKeyDown={(event) => {
                if (!activates(event)) return;
                event.preventDefault();
                onPickConnection(connection.id);
              }}
            >
              <line {...line} className={styles.hit} />
              <line {...line} className={styles.line} markerEnd={`url(#${selected ? ARROW_SELECTED_ID : ARROW_ID})`} />
            </g>
          );
        })}
        {nodes.map((node) => {
          const color = nodeColor(state, node);
          const selected = node.id === selectedNode;
          const lines = labelLines(node.name);
          const firstY = node.y + NODE_HEIGHT / 2 - ((lines.length - 1) * (LABEL_FONT_SIZE + 3)) / 2;
          return (
            <g
              key={node.id}
              role="button"
              tabIndex={0}
              aria-label={GRAPH_TEXT.nodeLabel(node.name, node.category)}
              aria-pressed={selected || state.source === node.id}
              data-node={node.id}
              className={cx(
                styles.node,
                canDrag && styles.movable,
                drag?.id === node.id && drag.moved && styles.dragging,
              )}
              onPointerDown={(event) => pressNode(event, node)}
              onPointerMove={moveNode}
              onPointerUp={releaseNode}
              onPointerCancel={() => setDrag(null)}
              onClick={() => clickNode(node.id)}
              onKeyDown={(event) => {
                if (!activates(event)) return;
                event.preventDefault();
                onPickNode(node.id);
              }}
            >
              <title>{GRAPH_TEXT.nodeLabel(node.name, node.category)}</title>
              {selected && (
                <rect
                  x={node.x - 4}
                  y={node.y - 4}
                  width={NODE_WIDTH + 8}
                  height={NODE_HEIGHT + 8}
                  rx={11}
                  className={styles.halo}
                />
              )}
              <rect
                x={node.x}
                y={node.y}
                width={NODE_WIDTH}
                height={NODE_HEIGHT}
                rx={8}
                fill={color.fill}
                stroke={selected ? SELECTED_STROKE : 'none'}
                strokeWidth={selected ? 2 : 0}
              />
              <text
                x={node.x + NODE_WIDTH / 2}
                fill={color.text}
                fontSize={LABEL_FONT_SIZE}
                dominantBaseline="central"
                className={styles.label}
              >
                {lines.map((line, index) => (
                  <tspan key={index} x={node.x + NODE_WIDTH / 2} y={firstY + index * (LABEL_FONT_SIZE + 3)}>
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
