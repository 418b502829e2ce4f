import type { DragEvent } from 'react';
import { NODE_HEIGHT, NODE_WIDTH, POINT_DRAG_TYPE, type EditorState } from '../model';

/** What every editor's canvas draws and reports; the editor keeps the state and decides. */
export interface CanvasProps {
  state: EditorState;
  /** Members look only: nodes are not dragged and nothing is dropped. */
  editable: boolean;
  onPickNode: (id: string) => void;
  onPickConnection: (id: string) => void;
  onPickBlank: () => void;
  /** A node dragged to a new top-left corner. */
  onMoveNode: (id: string, x: number, y: number) => void;
  /** A point from the panel dropped with its node's centre at (x, y) in board coordinates. */
  onDropPoint: (kpId: number, x: number, y: number) => void;
}

/** Whether a drag carries a knowledge point from the panel. */
export const carriesPoint = (event: DragEvent) => event.dataTransfer.types.includes(POINT_DRAG_TYPE);

/** The point a drop carries, or null for anything else dropped on a canvas. */
export function droppedPoint(event: DragEvent): number | null {
  const kpId = Number(event.dataTransfer.getData(POINT_DRAG_TYPE));
  return Number.isInteger(kpId) && kpId > 0 ? kpId : null;
}

/** The top-left corner of a node centred on (x, y). */
export const cornerAt = (x: number, y: number) => ({ x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 });
