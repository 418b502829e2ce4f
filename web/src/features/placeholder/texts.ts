export const PLACEHOLDER_TEXT = {
  comingSoon: '即将上线',
  comingSoonDetail: '这个页面正在建设中，敬请期待。',
  backHome: '返回首页',
  notFoundTitle: '页面不存在',
  notFoundDetail: '您访问的页面不存在或已被移除。',
} as const;
