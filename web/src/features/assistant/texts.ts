/**
 * Every text of the AI chat page. Spec 3 fixes 发送请求时出错，请重试 (section 8); the server
 * words its own refusals (AI 聊天未配置, the daily budget), which are shown as it sends them.
 */
export const AI_CHAT_TEXT = {
  heading: 'AI 聊天',
  subtitle: '情感与自我成长的 AI 助手',
  history: '对话记录',
  openHistory: '查看对话记录',
  newConversation: '新对话',
  untitled: '新对话',
  noConversations: '还没有对话记录，问一个问题就会开始第一段对话。',
  listFailed: '对话记录加载失败',
  retry: '重试',
  loadMore: '加载更多',
  more: (title: string) => `“${title}”的更多操作`,
  rename: '重命名',
  renameTitle: '重命名对话',
  renamePlaceholder: '给这段对话起个名字',
  renameEmpty: '请输入对话标题',
  renamed: '已重命名',
  renameFailed: '重命名失败，请重试',
  delete: '删除',
  deleteTitle: '确定要删除这个对话吗？',
  deleteContent: '删除后，这段对话的全部消息都无法恢复。',
  deleted: '对话已删除',
  deleteFailed: '删除失败，请重试',
  loadFailed: '对话加载失败',
  welcomeTitle: '你好，我是心桥 AI 助手',
  welcomeText: '可以和我聊聊恋爱里的困惑、相处中的小摩擦，或是想更了解自己的地方。我会认真听，也会给你一些实用的建议。',
  suggestionsLabel: '可以这样问我',
  suggestions: [
    '第一次约会，聊些什么话题比较自然？',
    '吵架之后，怎么开口和好比较好？',
    '怎样更好地向对方表达自己的感受？',
    '我总是很在意别人的看法，该怎么调整？',
  ],
  you: '我',
  assistant: 'AI 助手',
  thinking: 'AI 助手正在输入',
  stopped: '已停止',
  stoppedSaved: '已显示的部分已保存到对话记录',
  incomplete: '回复未完成',
  /** spec 3 section 8 */
  sendFailed: '发送请求时出错，请重试',
  interrupted: '回复意外中断',
  unreadable: '回复的内容无法识别',
  notConfigured: 'AI 聊天未配置',
  notConfiguredDetail: '本站还没有接入 AI 模型服务，暂时无法回答问题。请稍后再来，或通过意见反馈告诉我们。',
  feedback: '意见反馈',
  placeholder: '说说你想聊的话题…（Enter 发送，Shift+Enter 换行）',
  inputLabel: '输入消息',
  send: '发送',
  stop: '停止',
  jumpToLatest: '回到最新',
  disclaimer: 'AI 的回答仅供参考，不能替代专业的心理咨询或医疗建议',
  linkImage: (alt: string) => (alt ? `图片：${alt}` : '图片链接'),
} as const;

/** The server's bounds (crates/assistant service.rs): messages a request carries, characters each. */
export const MAX_MESSAGES = 40;
export const MAX_MESSAGE_CHARS = 4000;
/** Characters of a conversation title (the rename call's 1 to 40). */
export const TITLE_MAX_CHARS = 40;
