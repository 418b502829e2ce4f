/**
 * Every text of the two knowledge-graph editors. The ones marked "spec" are fixed by spec 3
 * (sections 2 and 8); keep them as they are.
 */
export const GRAPH_TEXT = {
  subtitle:
    '把知识点拖到画板上，用带箭头的连线标出学习顺序：箭头从前置知识点指向后续知识点。保存后，连线就是学员学习时要遵守的前置关系。',
  otherEditorSimple: '换用简易编辑器',
  otherEditorJoint: '换用 JointJS 编辑器',

  /** The board picker. */
  board: '画板',
  /** spec 2: kcId 0. */
  globalBoard: '全局关系图',
  courseBoard: (name: string) => `课程：${name}`,
  coursesFailed: '课程列表没有加载成功，暂时只能编辑全局关系图',
  boardFailed: '获取关系图失败',
  /** spec 8 */
  courseMissing: '课程不存在',
  backToGlobal: '打开全局关系图',
  retry: '重试',
  unsaved: '有未保存的修改',
  switchTitle: '切换画板',
  switchConfirm: '当前画板有未保存的修改，切换后这些修改会丢失。确定要切换吗？',
  switchOk: '切换',
  cancel: '取消',

  /** The knowledge point panel. */
  panelTitle: '知识点',
  searchPlaceholder: '搜索名称或分类',
  searchLabel: '搜索知识点',
  panelHint: '拖到右侧画板，或点击“添加”放到空位上。同一个知识点只能放一次。',
  panelHintPhone: '点击“添加”把知识点放到画板的空位上。',
  add: '添加',
  addLabel: (name: string) => `把“${name}”添加到画板`,
  onBoard: '已在画板',
  noPoints: '还没有知识点',
  noMatch: '没有找到相关的知识点',
  pointCount: (shown: number, total: number) => (shown === total ? `共 ${total} 个` : `${shown} / ${total} 个`),
  /** spec 8 */
  pointsFailed: '获取知识点列表失败',
  linksFailed: '获取前置关系失败，暂时不能往画板上添加知识点',

  /** The toolbar. */
  tools: '画板工具',
  connect: '连接模式',
  connectEnd: '退出连接',
  deleteSelected: '删除所选',
  clear: '清空画板',
  /** spec 5 */
  clearConfirm: '确定要清空整个画板吗？',
  clearDetail: '画板上的所有节点和连线都会移除，点击“保存”后才会生效。',
  clearOk: '清空',
  save: '保存',
  viewJson: '查看 JSON',
  zoomIn: '放大',
  zoomOut: '缩小',
  fit: '适应画布',
  exportPng: '导出 PNG',
  exportFailed: '导出图片失败，请重试',

  /** What the canvas says about the current step. */
  connectPickSource: '连接模式：先点击作为前置的知识点（起点）。',
  connectPickTarget: (name: string) => `起点是“${name}”，再点击要连到的知识点（终点）。按 Esc 或“退出连接”取消。`,
  selectedNode: (name: string) => `已选中知识点“${name}”`,
  selectedConnection: (from: string, to: string) => `已选中连线：${from} → ${to}`,
  emptyBoard: '画板是空的。从左侧把知识点拖到这里开始。',
  emptyBoardReadOnly: '这个画板上还没有知识点。',
  boardSection: '关系图',
  canvasLabel: '关系图画板',
  nodeLabel: (name: string, category: string) => (category ? `${name}（${category}）` : name),
  connectionLabel: (from: string, to: string) => `连线：${from} → ${to}`,
  help: '从画板移除知识点不会删除它已有的前置关系；删除两个知识点之间的连线并保存，才会删除这条前置关系。',

  /** Outcomes. */
  /** spec 8 */
  duplicate: '连接已存在',
  selfConnection: '不能把知识点连接到它自己',
  connected: (from: string, to: string) => `已连接：${from} → ${to}`,
  alreadyOnBoard: '这个知识点已经在画板上了',
  /** spec 8 */
  saved: '关系图已保存',
  saveFailed: '保存失败，请重试',
  /** The server's refusal, kept on screen: a cycle's message names the edge and is long. */
  saveRefused: '没有保存',
  /** A save from a board loaded before someone else changed the links (409; the server's words come first). */
  stale: '关系图已被他人修改，请重新加载后再保存',
  reload: '重新加载',
  reloadDrops: '重新加载会放弃本次未保存的修改。',
  /** spec 8 */
  sessionExpired: '登录已过期，请重新登录',
  /** spec 8 */
  forbidden: '权限不足，需要管理员权限才能执行此操作',

  /** Members. */
  readOnlyTitle: '只读视图',
  readOnly: '只有管理员可以修改和保存关系图。你可以查看知识点之间的前置关系，以及它们的 JSON。',

  /** The JSON dialog. */
  jsonTitle: '关系图 JSON',
  copy: '复制',
  close: '关闭',
  /** spec 8 */
  copied: 'JSON已复制到剪贴板',
  /** spec 8 */
  copyFailed: '复制失败',
} as const;
