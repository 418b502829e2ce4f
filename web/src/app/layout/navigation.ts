import { LEGAL_PATHS } from '../../features/site/legal';

/** Top navigation of spec 1 sections 1-2; admin entries only for admin and superadmin. */
export interface NavEntry {
  path: string;
  label: string;
}

/** Entries under one label: a drop-down on the desktop bar, a fold in the phone's drawer. */
export interface NavGroup {
  label: string;
  entries: readonly NavEntry[];
}

export type NavItem = NavEntry | NavGroup;

export const isNavGroup = (item: NavItem): item is NavGroup => 'entries' in item;

/** The assessments and the mini test, which no menu reached before (issue 12). */
export const TESTS_NAV: NavGroup = {
  label: '心理测试',
  entries: [
    { path: '/testlist', label: '测评列表' },
    { path: '/mentaltest', label: '心理健康小测试' },
  ],
};

export const MAIN_NAV: readonly NavItem[] = [
  { path: '/', label: '首页' },
  { path: '/moment', label: '动态' },
  { path: '/blog', label: '博客' },
  TESTS_NAV,
  { path: '/knowledge/courses', label: '知识课程' },
  { path: '/ai-chat', label: 'AI 聊天' },
];

/** Grouped so the desktop bar stays on one line. */
export const MEET_NAV_LABEL = '缘分';
export const MEET_NAV: readonly NavEntry[] = [
  { path: '/people', label: '推荐' },
  { path: '/search', label: '搜索' },
  { path: '/like', label: '喜欢' },
  { path: '/visite', label: '访客' },
  { path: '/my', label: '我的' },
];

export const ADMIN_NAV_LABEL = '管理';
export const ADMIN_NAV: readonly NavEntry[] = [
  { path: '/admin', label: '管理后台' },
  { path: '/knowledge/courses/admin', label: '课程管理' },
  { path: '/knowledge/points/admin', label: '知识点管理' },
  { path: '/knowledge/resource/admin', label: '学习资源管理' },
  { path: '/knowledge/graph/editor', label: '知识图谱编辑器' },
  { path: '/knowledge/graph/editor/jointjs', label: '知识图谱编辑器（JointJS）' },
];

export const USER_NAV: readonly NavEntry[] = [
  { path: '/user/info', label: '个人资料' },
  { path: '/user/account', label: '账户安全' },
  { path: '/knowledge/progress', label: '我的学习进度' },
];

export const LAYOUT_TEXT = {
  login: '登录',
  register: '注册',
  logout: '退出登录',
  openMenu: '打开菜单',
  closeMenu: '关闭菜单',
  menuTitle: '菜单',
  mainNav: '主导航',
  footerAbout: '关于',
  footerSupport: '支持',
  footerFollow: '关注我们',
  footerLegal: '法律信息',
  followWeChat: '微信公众号：心桥 Xinqiao',
  tagline: '心桥 Xinqiao：真诚交友，用心相遇。',
  copyright: (year: number) => `© ${year} 心桥 Xinqiao 版权所有`,
} as const;

export const FOOTER_ABOUT: readonly NavEntry[] = [
  { path: '/about', label: '关于我们' },
  { path: '/team', label: '团队介绍' },
];

/** Beside the copyright line: what members accept at registration. */
export const FOOTER_LEGAL: readonly NavEntry[] = [
  { path: LEGAL_PATHS.agreement, label: '用户协议' },
  { path: LEGAL_PATHS.privacy, label: '隐私政策' },
];

export const FOOTER_SUPPORT: readonly NavEntry[] = [
  { path: '/help', label: '帮助中心' },
  { path: '/faq', label: '常见问题' },
  { path: '/contact', label: '联系我们' },
  { path: '/feedback', label: '意见反馈' },
];
