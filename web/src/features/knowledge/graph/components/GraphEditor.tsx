import {
  ApiOutlined,
  ClearOutlined,
  CodeOutlined,
  DeleteOutlined,
  GlobalOutlined,
  SaveOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Select, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { GraphData } from '../../../../api/generated/types.gen';
import { useDeleteConfirmation } from '../../../../components/DeleteConfirmation';
import { QueryBody } from '../../../../components/QueryBody';
import { ApiError } from '../../../../lib/apiError';
import { useSession } from '../../../../lib/session';
import { useCourses } from '../../api/queries';
import { useSaveGraph } from '../api/actions';
import { useBoardPoints, useBoardPrerequisites, useGraphBoard } from '../api/queries';
import {
  addPoint,
  boardJson,
  clearBoard,
  deleteSelected,
  editorOf,
  moveNode,
  nodeById,
  pickBlank,
  pickConnection,
  pickNode,
  pointsOnBoard,
  saveRequestOf,
  stopConnecting,
  toggleConnecting,
  type BoardPoint,
  type EditorState,
} from '../model';
import { boardOf, withBoard } from '../paths';
import { GRAPH_TEXT } from '../texts';
import { cornerAt, type CanvasProps } from './canvas';
import styles from './GraphEditor.module.css';
import { JsonDialog } from './JsonDialog';
import { PointPanel } from './PointPanel';

export interface GraphEditorProps {
  title: string;
  /** Spec 3 section 3: the simple editor shows connections {from, to}, the second edges {source, target}. */
  jsonStyle: 'connections' | 'edges';
  /** The other editor, offered in the heading with the same board. */
  otherEditor: { path: string; label: string };
  renderCanvas: (props: CanvasProps) => ReactNode;
  /** Buttons over the canvas's corner that change only the view (zoom, fit): for members too. */
  canvasTools?: ReactNode;
  /** More tools in the toolbar that change nothing on the board (export): for members too. */
  viewTools?: ReactNode;
}

/**
 * Spec 3 section 3: a save's refusal in words. 401 and 403 have fixed texts; anything else the
 * server says (a cycle names its edge) is shown as it is.
 */
export function saveFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 401) return GRAPH_TEXT.sessionExpired;
    if (error.code === 403) return GRAPH_TEXT.forbidden;
    if (error.message) return error.message;
    if (error.code === 409) return GRAPH_TEXT.stale;
  }
  return GRAPH_TEXT.saveFailed;
}

/**
 * A save refused because the board is out of date: reloading it is the way on. The server's other
 * 409, 连接已存在, is about the drawing itself (the editors never send one), and a reload would not help.
 */
function isStaleSave(error: unknown): boolean {
  return error instanceof ApiError && error.code === 409 && error.message !== GRAPH_TEXT.duplicate;
}

const failureOf = (error: unknown) => (error instanceof ApiError ? error.message : '');

/**
 * The frame both knowledge-graph editors share (spec 3 section 2): the board picker, the point
 * panel, the tools, the JSON dialog and saving; each editor brings its own canvas.
 */
export function GraphEditor({ title, jsonStyle, otherEditor, renderCanvas, canvasTools, viewTools }: GraphEditorProps) {
  const viewer = useSession()?.user.uuid ?? null;
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const kcId = boardOf(params.get('kcId'));
  const courses = useCourses(viewer);
  const board = useGraphBoard(kcId, viewer);
  const [dirty, setDirty] = useState(false);
  // Bumped by a reload after a refused stale save: the workspace copies the fresh board anew.
  const [loads, setLoads] = useState(0);

  const reload = async () => {
    await board.refetch();
    setLoads((count) => count + 1);
  };

  const options = useMemo(() => {
    const list: { value: number; label: string }[] = [{ value: 0, label: GRAPH_TEXT.globalBoard }];
    for (const course of courses.data ?? []) list.push({ value: course.kcId, label: course.name });
    // A board opened by its link before (or without) the catalogue still reads as something.
    if (!list.some((option) => option.value === kcId)) list.push({ value: kcId, label: `#${kcId}` });
    return list;
  }, [courses.data, kcId]);

  const open = (next: number) => {
    if (next === kcId) return;
    const go = () => {
      setDirty(false);
      setParams(next > 0 ? { kcId: String(next) } : {});
    };
    if (!dirty) return go();
    modal.confirm({
      title: GRAPH_TEXT.switchTitle,
      content: GRAPH_TEXT.switchConfirm,
      okText: GRAPH_TEXT.switchOk,
      cancelText: GRAPH_TEXT.cancel,
      onOk: go,
    });
  };

  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <div className={styles.headingText}>
          <Typography.Title level={2} className={styles.title}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className={styles.subtitle}>
            {GRAPH_TEXT.subtitle}
          </Typography.Paragraph>
        </div>
        <Link className={styles.other} to={withBoard(otherEditor.path, kcId)}>
          <SwapOutlined aria-hidden /> {otherEditor.label}
        </Link>
      </header>
      <div className={styles.boardBar}>
        <label htmlFor="graph-board" className={styles.boardLabel}>
          {GRAPH_TEXT.board}
        </label>
        <Select
          id="graph-board"
          className={styles.boardSelect}
          value={kcId}
          options={options}
          onChange={open}
          showSearch={{ optionFilterProp: 'label' }}
          loading={courses.isPending}
          aria-label={GRAPH_TEXT.board}
        />
        {dirty && <Tag color="orange">{GRAPH_TEXT.unsaved}</Tag>}
      </div>
      {courses.isError && <Alert type="warning" showIcon className={styles.notice} title={GRAPH_TEXT.coursesFailed} />}
      <QueryBody
        query={board}
        notFoundTitle={GRAPH_TEXT.courseMissing}
        notFoundExtra={
          <Button icon={<GlobalOutlined aria-hidden />} onClick={() => open(0)}>
            {GRAPH_TEXT.backToGlobal}
          </Button>
        }
        errorTitle={GRAPH_TEXT.boardFailed}
        retryText={GRAPH_TEXT.retry}
      >
        {(data) => (
          <BoardWorkspace
            key={`${kcId}:${loads}`}
            data={data}
            viewer={viewer}
            jsonStyle={jsonStyle}
            renderCanvas={renderCanvas}
            canvasTools={canvasTools}
            viewTools={viewTools}
            onDirtyChange={setDirty}
            onReload={() => void reload()}
          />
        )}
      </QueryBody>
    </div>
  );
}

interface BoardWorkspaceProps extends Pick<
  GraphEditorProps,
  'jsonStyle' | 'renderCanvas' | 'canvasTools' | 'viewTools'
> {
  data: GraphData;
  viewer: string | null;
  onDirtyChange: (dirty: boolean) => void;
  /** Loads the board afresh, dropping the drawing (after a save refused as stale). */
  onReload: () => void;
}

/** What the status line says: the step of connection mode, the selection, or how to start. */
function statusOf(state: EditorState, editable: boolean): string {
  if (state.connecting) {
    const source = nodeById(state, state.source);
    return source ? GRAPH_TEXT.connectPickTarget(source.name) : GRAPH_TEXT.connectPickSource;
  }
  if (state.selection?.kind === 'node') {
    const node = nodeById(state, state.selection.id);
    if (node) return GRAPH_TEXT.selectedNode(node.name);
  }
  if (state.selection?.kind === 'connection') {
    const selected = state.selection.id;
    const connection = state.connections.find((candidate) => candidate.id === selected);
    const from = nodeById(state, connection?.from ?? null);
    const to = nodeById(state, connection?.to ?? null);
    if (from && to) return GRAPH_TEXT.selectedConnection(from.name, to.name);
  }
  if (state.nodes.length === 0) return editable ? GRAPH_TEXT.emptyBoard : GRAPH_TEXT.emptyBoardReadOnly;
  return '';
}

/**
 * Keys typed into a field (the panel's search) are the field's, and a dialog's keys are the
 * dialog's; the rest on the page drive the board.
 */
const boardKey = (event: globalThis.KeyboardEvent) => {
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (!target) return true;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return false;
  return target.closest('[role="dialog"]') === null;
};

/** One board, copied from the server's answer once and edited here until it is saved. */
function BoardWorkspace({
  data,
  viewer,
  jsonStyle,
  renderCanvas,
  canvasTools,
  viewTools,
  onDirtyChange,
  onReload,
}: BoardWorkspaceProps) {
  const { message } = App.useApp();
  const confirm = useDeleteConfirmation();
  const points = useBoardPoints(viewer);
  const saving = useSaveGraph(viewer);
  const [state, setState] = useState<EditorState>(() => editorOf(data));
  const links = useBoardPrerequisites(data.editable, state.version);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The links changed since the board was loaded: saving it would undo them, so it is reloaded first.
  const [stale, setStale] = useState(false);
  const [json, setJson] = useState<string | null>(null);
  const editable = data.editable;

  useEffect(() => onDirtyChange(state.dirty), [state.dirty, onDirtyChange]);

  // Closing or reloading the tab with a drawing not saved asks the browser's own question.
  useEffect(() => {
    if (!state.dirty) return;
    const keep = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', keep);
    return () => window.removeEventListener('beforeunload', keep);
  }, [state.dirty]);

  const pointById = useMemo(() => new Map((points.data ?? []).map((point) => [point.kpId, point])), [points.data]);
  const onBoard = useMemo(() => pointsOnBoard(state), [state]);

  // Points go on the board only with their links known: a save drops the links a board does not show.
  const canAdd = editable && links.isSuccess;

  const place = (point: BoardPoint, at?: { x: number; y: number }) => {
    if (!canAdd) return;
    const result = addPoint(state, point, at, links.data);
    if (result.outcome === 'present') message.info(GRAPH_TEXT.alreadyOnBoard);
    else setState(result.state);
  };

  const canvas: CanvasProps = {
    state,
    editable,
    onPickNode: (id) => {
      const result = pickNode(editable ? state : stopConnecting(state), id);
      if (result.outcome === 'duplicate') message.warning(GRAPH_TEXT.duplicate);
      else if (result.outcome === 'self') message.warning(GRAPH_TEXT.selfConnection);
      setState(result.state);
    },
    onPickConnection: (id) => setState(pickConnection(state, id)),
    onPickBlank: () => setState(pickBlank(state)),
    onMoveNode: (id, x, y) => {
      if (editable) setState(moveNode(state, id, x, y));
    },
    onDropPoint: (kpId, x, y) => {
      const point = pointById.get(kpId);
      if (point) place(point, cornerAt(x, y));
    },
  };

  const remove = () => setState(deleteSelected(state));

  const clear = () =>
    confirm({
      title: GRAPH_TEXT.clearConfirm,
      content: GRAPH_TEXT.clearDetail,
      onConfirm: () => setState((current) => clearBoard(current)),
    });

  const save = () => {
    setRefusal(null);
    setStale(false);
    saving.mutate(saveRequestOf(state), {
      onSuccess: (saved) => {
        setState(editorOf(saved));
        message.success(GRAPH_TEXT.saved);
      },
      onError: (error) => {
        setStale(isStaleSave(error));
        setRefusal(saveFailure(error));
      },
    });
  };

  // Esc leaves connection mode and Delete removes the selection wherever the focus is: a click
  // on a JointJS node does not focus it.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!boardKey(event)) return;
      if (event.key === 'Escape' && state.connecting) {
        setState(stopConnecting(state));
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && editable && state.selection) {
        event.preventDefault();
        setState(deleteSelected(state));
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [state, editable]);

  const status = statusOf(state, editable);

  return (
    <div className={styles.workspace}>
      <PointPanel
        points={points.data}
        loading={points.isPending}
        failures={[
          ...(points.isError
            ? [{ title: GRAPH_TEXT.pointsFailed, detail: failureOf(points.error), retry: () => void points.refetch() }]
            : []),
          ...(links.isError
            ? [{ title: GRAPH_TEXT.linksFailed, detail: failureOf(links.error), retry: () => void links.refetch() }]
            : []),
        ]}
        onBoard={onBoard}
        editable={canAdd}
        onAdd={(point) => place(point)}
      />
      <section className={styles.board} aria-label={GRAPH_TEXT.boardSection}>
        {!editable && (
          <Alert
            type="info"
            showIcon
            className={styles.notice}
            title={GRAPH_TEXT.readOnlyTitle}
            description={GRAPH_TEXT.readOnly}
          />
        )}
        <div className={styles.toolbar} role="toolbar" aria-label={GRAPH_TEXT.tools}>
          {editable && (
            <>
              <Button
                type={state.connecting ? 'primary' : 'default'}
                icon={<ApiOutlined aria-hidden />}
                aria-pressed={state.connecting}
                onClick={() => setState(toggleConnecting(state))}
              >
                {state.connecting ? GRAPH_TEXT.connectEnd : GRAPH_TEXT.connect}
              </Button>
              <Button icon={<DeleteOutlined aria-hidden />} disabled={state.selection === null} onClick={remove}>
                {GRAPH_TEXT.deleteSelected}
              </Button>
              <Button icon={<ClearOutlined aria-hidden />} disabled={state.nodes.length === 0} onClick={clear}>
                {GRAPH_TEXT.clear}
              </Button>
            </>
          )}
          {viewTools}
          <Button icon={<CodeOutlined aria-hidden />} onClick={() => setJson(boardJson(state, jsonStyle))}>
            {GRAPH_TEXT.viewJson}
          </Button>
          {editable && (
            <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={saving.isPending} onClick={save}>
              {GRAPH_TEXT.save}
            </Button>
          )}
        </div>
        {refusal !== null && (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setRefusal(null) }}
            className={styles.notice}
            title={GRAPH_TEXT.saveRefused}
            description={stale ? `${refusal} ${GRAPH_TEXT.reloadDrops}` : refusal}
            action={
              stale ? (
                <Button size="small" onClick={onReload}>
                  {GRAPH_TEXT.reload}
                </Button>
              ) : undefined
            }
          />
        )}
        <p className={styles.status} role="status">
          {status}
        </p>
        <div className={styles.canvasBox}>
          {renderCanvas(canvas)}
          {canvasTools && <div className={styles.canvasTools}>{canvasTools}</div>}
        </div>
        {editable && <p className={styles.help}>{GRAPH_TEXT.help}</p>}
      </section>
      <JsonDialog json={json} onClose={() => setJson(null)} />
    </div>
  );
}
