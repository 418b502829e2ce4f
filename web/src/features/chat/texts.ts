/** Every text of the chat screens (spec 2 does not show the chat; issue 14 describes it). */
export const CHAT_TEXT = {
  title: '消息',
  subtitle: '和心动的人聊聊天',
  empty: '还没有聊天，去推荐页认识新朋友吧',
  goMeet: '去看看推荐',
  picture: '[图片]',
  back: '返回消息列表',
  placeholder: '说点什么…（Enter 发送，Shift+Enter 换行）',
  send: '发送',
  sendPicture: '发送图片',
  read: '已读',
  unread: '未读',
  typing: '对方正在输入…',
  loadingOlder: '正在加载更早的消息…',
  noMore: '没有更早的消息了',
  firstMessage: '打个招呼，开始你们的对话吧',
  waitForReply: '对方回复前，你最多只能发送3条消息；互相喜欢后不受此限',
  remaining: (count: number) => `对方回复前，你还可以发送 ${count} 条消息`,
  sendFailed: '发送失败，请重试',
  loadFailed: '消息加载失败',
  retry: '重试',
  unreadBadge: (count: number) => (count > 0 ? `消息，${count} 条未读` : '消息'),
} as const;

/** The longest message the server accepts, in characters. */
export const MESSAGE_MAX_CHARS = 1000;
