import { dia, highlighters, shapes } from '@joint/core';
import { useEffect, useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';
import { carriesPoint, droppedPoint, type CanvasProps } from '../components/canvas';
import {
  FIT_PADDING,
  LABEL_FONT_SIZE,
  labelLines,
  NODE_HEIGHT,
  NODE_WIDTH,
  nodeColor,
  PNG_FILE_NAME,
  SELECTED_STROKE,
  ZOOM_IN,
  ZOOM_OUT,
  type EditorState,
} from '../model';
import { GRAPH_TEXT } from '../texts';
import { downloadBlob, standaloneSvg, svgToPng } from './exportPng';
import styles from './JointCanvas.module.css';

/** The view tools the editor's buttons drive. */
export interface JointCanvasHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
  exportPng: () => Promise<void>;
}

const MIN_SCALE = 0.2;
const MAX_SCALE = 4;
/** The first view fits the board, but not so small that names become unreadable (a phone pans instead). */
const FIRST_VIEW = { minScale: 0.75, maxScale: 1 } as const;
/** The exported picture: a margin around the nodes, two pixels per board unit. */
const EXPORT_MARGIN = 24;
const EXPORT_PIXELS = 2;

const LINE_COLOR = '#8c6b78';
const FONT = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif";
const SELECTION = 'selection';
/** Connections run under the nodes, so a line crossing a node never hides its name or takes its clicks. */
const LINK_LAYER = 1;
const NODE_LAYER = 2;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** Draws the editor's state into the JointJS graph: cells added, changed or removed to match. */
function draw(graph: dia.Graph, paper: dia.Paper, state: EditorState) {
  const nodeIds = new Set(state.nodes.map((node) => node.id));
  const connectionIds = new Set(state.connections.map((connection) => connection.id));
  for (const cell of graph.getCells()) {
    const id = String(cell.id);
    if (cell.isElement() ? !nodeIds.has(id) : !connectionIds.has(id)) cell.remove();
  }

  const selected = state.selection;
  for (const node of state.nodes) {
    const color = nodeColor(state, node);
    const isSelected = selected?.kind === 'node' && selected.id === node.id;
    const name = GRAPH_TEXT.nodeLabel(node.name, node.category);
    const attrs = {
      root: {
        role: 'button',
        tabindex: 0,
        'aria-label': name,
        'aria-pressed': String(isSelected || state.source === node.id),
        title: name,
      },
      body: {
        fill: color.fill,
        stroke: isSelected ? SELECTED_STROKE : color.fill,
        strokeWidth: isSelected ? 2 : 1,
        rx: 8,
        ry: 8,
      },
      label: {
        text: labelLines(node.name).join('\n'),
        fill: color.text,
        fontSize: LABEL_FONT_SIZE,
        lineHeight: LABEL_FONT_SIZE + 3,
        fontFamily: FONT,
        fontWeight: 500,
      },
    };
    const existing = graph.getCell(node.id);
    if (existing?.isElement()) {
      const at = existing.position();
      if (at.x !== node.x || at.y !== node.y) existing.position(node.x, node.y);
      existing.attr(attrs);
    } else {
      graph.addCell(
        new shapes.standard.Rectangle({
          id: node.id,
          z: NODE_LAYER,
          position: { x: node.x, y: node.y },
          size: { width: NODE_WIDTH, height: NODE_HEIGHT },
          attrs,
        }),
      );
    }
    // Spec 3 section 2: the selected node is highlighted with an outline around it.
    const view = paper.findViewByModel(node.id);
    if (view) {
      const highlighted = highlighters.mask.get(view, SELECTION);
      if (isSelected && !highlighted) {
        highlighters.mask.add(view, 'body', SELECTION, {
          padding: 5,
          attrs: { stroke: '#c2185b', 'stroke-width': 3, 'stroke-opacity': 0.5, 'stroke-linejoin': 'round' },
        });
      } else if (!isSelected && highlighted) {
        highlighters.mask.remove(view, SELECTION);
      }
    }
  }

  for (const connection of state.connections) {
    const isSelected = selected?.kind === 'connection' && selected.id === connection.id;
    const from = state.nodes.find((node) => node.id === connection.from);
    const to = state.nodes.find((node) => node.id === connection.to);
    const stroke = isSelected ? '#c2185b' : LINE_COLOR;
    const attrs = {
      root: {
        role: 'button',
        tabindex: 0,
        'aria-label': GRAPH_TEXT.connectionLabel(from?.name ?? '', to?.name ?? ''),
        'aria-pressed': String(isSelected),
      },
      line: {
        stroke,
        strokeWidth: isSelected ? 3 : 2,
        targetMarker: { type: 'path', d: 'M 10 -5 0 0 10 5 z', fill: stroke, stroke },
      },
      // A wide invisible stroke makes a thin line easy to click or tap.
      wrapper: { strokeWidth: 14 },
    };
    const existing = graph.getCell(connection.id);
    if (existing?.isLink()) {
      existing.attr(attrs);
    } else {
      graph.addCell(
        new shapes.standard.Link({
          id: connection.id,
          z: LINK_LAYER,
          source: { id: connection.from },
          target: { id: connection.to },
          attrs,
        }),
      );
    }
  }
}

interface JointCanvasProps extends CanvasProps {
  ref?: Ref<JointCanvasHandle>;
}

/**
 * The second editor's canvas on JointJS (spec 3 section 2): nodes 120×60 dragged on the paper,
 * the empty paper panned by dragging, zoom by 1.2 and 0.8 (and a touchpad's pinch), fit to
 * the content with a padding of 50, and the board exported as a PNG. JointJS owns the paper's
 * DOM; React only hands it the state to draw and hears what was clicked.
 */
export function JointCanvas({ ref, ...props }: JointCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const paperRef = useRef<dia.Paper | null>(null);
  const graphRef = useRef<dia.Graph | null>(null);
  // The paper's listeners are bound once; they read the latest props through this.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const graph = new dia.Graph({}, { cellNamespace: shapes });
    const paper = new dia.Paper({
      el: host,
      model: graph,
      cellViewNamespace: shapes,
      width: '100%',
      height: '100%',
      gridSize: 10,
      async: false,
      background: { color: '#fffdfd' },
      clickThreshold: 5,
      moveThreshold: 3,
      defaultConnectionPoint: { name: 'boundary' },
      // Only nodes move, and only for an admin outside connection mode; links stay as drawn.
      interactive: (view) =>
        latest.current.editable && !latest.current.state.connecting && view.model.isElement()
          ? { elementMove: true, linkMove: false, labelMove: false }
          : false,
    });
    graphRef.current = paper.model;
    paperRef.current = paper;

    paper.on('element:pointerclick', (view: dia.ElementView) => latest.current.onPickNode(String(view.model.id)));
    paper.on('link:pointerclick', (view: dia.LinkView) => latest.current.onPickConnection(String(view.model.id)));
    paper.on('blank:pointerclick', () => latest.current.onPickBlank());
    paper.on('element:pointerup', (view: dia.ElementView) => {
      const id = String(view.model.id);
      const node = latest.current.state.nodes.find((candidate) => candidate.id === id);
      const at = (view.model as dia.Element).position();
      if (node && (node.x !== at.x || node.y !== at.y)) latest.current.onMoveNode(id, at.x, at.y);
    });

    // Dragging the empty paper pans it (a finger on a phone, the mouse on a desktop).
    let pan: { x: number; y: number; tx: number; ty: number } | null = null;
    paper.on('blank:pointerdown', (evt: dia.Event) => {
      const { tx, ty } = paper.translate();
      pan = { x: evt.clientX ?? 0, y: evt.clientY ?? 0, tx, ty };
    });
    paper.on('blank:pointermove', (evt: dia.Event) => {
      if (pan) paper.translate(pan.tx + (evt.clientX ?? 0) - pan.x, pan.ty + (evt.clientY ?? 0) - pan.y);
    });
    paper.on('blank:pointerup', () => {
      pan = null;
    });
    paper.on('paper:pinch', (_evt: dia.Event, x: number, y: number, scale: number) => {
      paper.scaleUniformAtPoint(clampScale(paper.scale().sx * scale), { x, y });
    });

    draw(graph, paper, latest.current.state);
    if (graph.getElements().length > 0) {
      paper.transformToFitContent({
        padding: FIT_PADDING,
        ...FIRST_VIEW,
        useModelGeometry: true,
        horizontalAlign: 'left',
        verticalAlign: 'top',
      });
    }
    return () => {
      paper.remove();
      paperRef.current = null;
      graphRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (paperRef.current && graphRef.current) draw(graphRef.current, paperRef.current, props.state);
  }, [props.state]);

  useImperativeHandle(ref, () => {
    const zoomBy = (factor: number) => {
      const paper = paperRef.current;
      const host = hostRef.current;
      if (!paper || !host) return;
      const rect = host.getBoundingClientRect();
      const centre = paper.clientToLocalPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      paper.scaleUniformAtPoint(clampScale(paper.scale().sx * factor), centre);
    };
    return {
      zoomIn: () => zoomBy(ZOOM_IN),
      zoomOut: () => zoomBy(ZOOM_OUT),
      fit: () => {
        const paper = paperRef.current;
        if (!paper || !graphRef.current?.getElements().length) return;
        paper.transformToFitContent({
          padding: FIT_PADDING,
          minScale: MIN_SCALE,
          maxScale: MAX_SCALE,
          useModelGeometry: true,
          horizontalAlign: 'middle',
          verticalAlign: 'middle',
        });
      },
      exportPng: async () => {
        const paper = paperRef.current;
        const graph = graphRef.current;
        if (!paper || !graph) return;
        const content = graph.getBBox();
        if (!content) return;
        const area = paper.localToPaperRect(content.inflate(EXPORT_MARGIN));
        const scale = EXPORT_PIXELS / paper.scale().sx;
        const { svg, width, height } = standaloneSvg(paper.svg, area, scale);
        downloadBlob(await svgToPng(svg, width, height), PNG_FILE_NAME);
      },
    };
  }, []);

  // Enter or Space on a focused node or connection does what a click does.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const view = paperRef.current?.findView(event.target as SVGElement);
    if (!view) return;
    event.preventDefault();
    const id = String(view.model.id);
    if (view.model.isElement()) props.onPickNode(id);
    else props.onPickConnection(id);
  };

  return (
    <div
      className={styles.host}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        if (!props.editable || !carriesPoint(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(event) => {
        const paper = paperRef.current;
        const kpId = droppedPoint(event);
        if (!props.editable || !paper || kpId === null) return;
        event.preventDefault();
        const at = paper.clientToLocalPoint(event.clientX, event.clientY);
        props.onDropPoint(kpId, at.x, at.y);
      }}
    >
      <div ref={hostRef} className={styles.paper} role="group" aria-label={GRAPH_TEXT.canvasLabel} />
    </div>
  );
}
