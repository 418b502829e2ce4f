export const PLACEHOLDER_TEXT = {
  backHome: '返回首页',
  notFoundTitle: '页面不存在',
  notFoundDetail: '您访问的页面不存在或已被移除。',
} as const;
