import type { ComponentType } from 'react';
import HomePage from '../features/home/routes/HomePage';
import { LEGAL_PATHS } from '../features/site/legal';
import type { PageProps } from '../lib/page';

/** none: anyone; auth: a signed-in member; admin: a signed-in admin or superadmin. */
export type Access = 'none' | 'auth' | 'admin';

type PageModule = () => Promise<{ default: ComponentType<PageProps> }>;

interface RouteBase {
  path: string;
  access: Access;
  title: string;
  /**
   * An admin route's own screen for a signed-in member without admin rights, in place of the
   * shared 需要管理员权限: spec 3 section 2 gives the knowledge point and resource admin their own
   * notice, with the way back to the courses. Loaded only when shown.
   */
  forbidden?: () => Promise<{ default: ComponentType }>;
}

/**
 * A page is a lazily loaded module, except the landing page: it is built without antd and ships
 * in the entry chunk, so a first visit renders it in one pass from one download (issue 5).
 */
export type AppRoute = RouteBase & ({ page: PageModule } | { landing: ComponentType<PageProps> });

/**
 * Spec 3 section 2 "Full route table", plus /register, the help sub-pages linked from spec 1, the
 * sandbox payment page (issue 11), the user agreement and privacy policy (issue 12) and the
 * back office's feedback list, audit log, moderation queue and sensitive words.
 */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', access: 'none', title: '首页', landing: HomePage },
  { path: '/login', access: 'none', title: '登录', page: () => import('../features/auth/routes/LoginPage') },
  { path: '/register', access: 'none', title: '注册', page: () => import('../features/auth/routes/RegisterPage') },
  {
    path: '/password/forgot',
    access: 'none',
    title: '找回密码',
    page: () => import('../features/auth/routes/ForgotPasswordPage'),
  },
  { path: '/about', access: 'none', title: '关于我们', page: () => import('../features/site/routes/AboutPage') },
  {
    path: '/wechatcallback',
    access: 'none',
    title: '微信登录',
    page: () => import('../features/auth/routes/WeChatCallbackPage'),
  },
  {
    path: '/officialcallback',
    access: 'none',
    title: '微信公众号登录',
    page: () => import('../features/auth/routes/OfficialCallbackPage'),
  },
  { path: '/moment', access: 'none', title: '动态', page: () => import('../features/moments/routes/MomentFeedPage') },
  {
    path: '/moment/create',
    access: 'none',
    title: '发布动态',
    page: () => import('../features/moments/routes/CreateMomentPage'),
  },
  { path: '/blog', access: 'none', title: '博客', page: () => import('../features/blog/routes/BlogListPage') },
  {
    path: '/blog/create',
    access: 'none',
    title: '写博客',
    page: () => import('../features/blog/routes/CreateBlogPage'),
  },
  {
    path: '/blog/edit/:id',
    access: 'none',
    title: '编辑博客',
    page: () => import('../features/blog/routes/EditBlogPage'),
  },
  {
    path: '/blog/:id',
    access: 'none',
    title: '博客文章',
    page: () => import('../features/blog/routes/BlogDetailPage'),
  },
  { path: '/feedback', access: 'none', title: '意见反馈', page: () => import('../features/site/routes/FeedbackPage') },
  { path: '/faq', access: 'none', title: '常见问题', page: () => import('../features/site/routes/FaqPage') },
  { path: '/help', access: 'none', title: '帮助中心', page: () => import('../features/site/routes/HelpPage') },
  {
    path: '/help/getting-started',
    access: 'none',
    title: '新手入门',
    page: () => import('../features/site/routes/HelpGettingStartedPage'),
  },
  {
    path: '/help/account',
    access: 'none',
    title: '账户设置帮助',
    page: () => import('../features/site/routes/HelpAccountPage'),
  },
  { path: '/help/docs', access: 'none', title: '使用文档', page: () => import('../features/site/routes/HelpDocsPage') },
  { path: '/team', access: 'none', title: '团队介绍', page: () => import('../features/site/routes/TeamPage') },
  { path: '/contact', access: 'none', title: '联系我们', page: () => import('../features/site/routes/ContactPage') },
  {
    path: LEGAL_PATHS.agreement,
    access: 'none',
    title: '用户协议',
    page: () => import('../features/site/routes/AgreementPage'),
  },
  {
    path: LEGAL_PATHS.privacy,
    access: 'none',
    title: '隐私政策',
    page: () => import('../features/site/routes/PrivacyPage'),
  },
  {
    path: '/user/info',
    access: 'none',
    title: '个人资料',
    page: () => import('../features/profile/routes/ProfileEditPage'),
  },
  {
    path: '/mentaltest',
    access: 'none',
    title: '心理健康小测试',
    page: () => import('../features/mentaltest/routes/MentalTestPage'),
  },
  { path: '/testlist', access: 'none', title: '测评列表', page: () => import('../features/exams/routes/ExamListPage') },
  {
    path: '/exam/list',
    access: 'none',
    title: '测评列表',
    page: () => import('../features/exams/routes/ExamListPage'),
  },
  { path: '/people', access: 'none', title: '推荐', page: () => import('../features/people/routes/RecommendPage') },
  { path: '/like', access: 'none', title: '互动', page: () => import('../features/people/routes/LikePage') },
  { path: '/my', access: 'none', title: '我的', page: () => import('../features/people/routes/MyPage') },
  {
    path: '/exam/create',
    access: 'none',
    title: '创建测评',
    page: () => import('../features/exams/routes/ExamCreatePage'),
  },
  {
    path: '/exam/edit/:id',
    access: 'none',
    title: '编辑测评',
    page: () => import('../features/exams/routes/ExamEditPage'),
  },
  {
    path: '/exam/:id',
    access: 'none',
    title: '测评详情',
    page: () => import('../features/exams/routes/ExamDetailPage'),
  },
  {
    path: '/profile/:id',
    access: 'none',
    title: '会员主页',
    page: () => import('../features/profile/routes/PublicProfilePage'),
  },
  { path: '/ai-chat', access: 'none', title: 'AI 聊天', page: () => import('../features/assistant/routes/AiChatPage') },
  {
    path: '/knowledge/demo',
    access: 'none',
    title: '知识课程演示',
    page: () => import('../features/knowledge/routes/KnowledgeDemoPage'),
  },
  {
    path: '/knowledge/courses',
    access: 'none',
    title: '知识课程',
    page: () => import('../features/knowledge/routes/CourseCatalogPage'),
  },
  {
    path: '/knowledge/courses/display/:courseId',
    access: 'none',
    title: '课程学习',
    page: () => import('../features/knowledge/routes/CourseDisplayPage'),
  },

  {
    path: '/blog/list/my',
    access: 'auth',
    title: '我的文章',
    page: () => import('../features/blog/routes/MyBlogsPage'),
  },
  {
    path: '/user/account',
    access: 'auth',
    title: '账户安全',
    page: () => import('../features/account/routes/AccountPage'),
  },
  {
    path: '/exam/take/:id',
    access: 'auth',
    title: '参加测试',
    page: () => import('../features/exams/routes/ExamTakePage'),
  },
  {
    path: '/exam/result/list/:id',
    access: 'auth',
    title: '测试结果列表',
    page: () => import('../features/exams/routes/ResultListPage'),
  },
  {
    path: '/exam/result/:id',
    access: 'auth',
    title: '测试结果',
    page: () => import('../features/exams/routes/ResultPage'),
  },
  { path: '/visite', access: 'auth', title: '访客', page: () => import('../features/people/routes/VisitorsPage') },
  { path: '/chat', access: 'auth', title: '消息', page: () => import('../features/chat/routes/ChatListPage') },
  { path: '/chat/:uuid', access: 'auth', title: '聊天', page: () => import('../features/chat/routes/ChatPage') },
  {
    path: '/blacklist',
    access: 'auth',
    title: '黑名单',
    page: () => import('../features/people/routes/BlacklistPage'),
  },
  {
    path: '/search',
    access: 'auth',
    title: '搜索',
    page: () => import('../features/people/routes/AdvancedSearchPage'),
  },
  {
    path: '/admin',
    access: 'auth',
    title: '管理后台',
    page: () => import('../features/admin/routes/AdminDashboardPage'),
  },
  {
    path: '/real-name-verification',
    access: 'auth',
    title: '实名认证',
    page: () => import('../features/realname/routes/RealNamePage'),
  },
  { path: '/recharge', access: 'auth', title: '充值', page: () => import('../features/wallet/routes/RechargePage') },
  {
    path: '/recharge/list',
    access: 'auth',
    title: '充值记录',
    page: () => import('../features/wallet/routes/RechargeListPage'),
  },
  {
    path: '/recharge/sandbox/:orderNo',
    access: 'none',
    title: '沙箱支付',
    page: () => import('../features/wallet/routes/SandboxPayPage'),
  },
  {
    path: '/transactions',
    access: 'auth',
    title: '交易明细',
    page: () => import('../features/wallet/routes/TransactionsPage'),
  },
  {
    path: '/knowledge/progress',
    access: 'auth',
    title: '我的学习进度',
    page: () => import('../features/knowledge/progress/ProgressPage'),
  },
  {
    path: '/knowledge/graph/editor',
    access: 'auth',
    title: '知识图谱编辑器',
    page: () => import('../features/knowledge/graph/routes/GraphEditorPage'),
  },
  {
    path: '/knowledge/graph/editor/jointjs',
    access: 'auth',
    title: '知识图谱编辑器（JointJS）',
    page: () => import('../features/knowledge/graph/routes/JointGraphEditorPage'),
  },

  {
    path: '/admin/users',
    access: 'admin',
    title: '用户管理',
    page: () => import('../features/admin/routes/UserManagementPage'),
  },
  {
    path: '/admin/user-audit',
    access: 'admin',
    title: '用户资料审核',
    page: () => import('../features/admin/routes/UserAuditPage'),
  },
  {
    path: '/admin/idcard-audit',
    access: 'admin',
    title: '身份证审核',
    page: () => import('../features/admin/routes/IdCardAuditPage'),
  },
  {
    path: '/admin/blogs',
    access: 'admin',
    title: '博客管理',
    page: () => import('../features/admin/routes/BlogManagementPage'),
  },
  {
    path: '/admin/images',
    access: 'admin',
    title: '圖片审核管理',
    page: () => import('../features/admin/routes/ImageAuditPage'),
  },
  {
    path: '/admin/feedback',
    access: 'admin',
    title: '反馈列表',
    page: () => import('../features/admin/routes/FeedbackListPage'),
  },
  {
    path: '/admin/audit-log',
    access: 'admin',
    title: '操作日志',
    page: () => import('../features/admin/routes/AuditLogPage'),
  },
  {
    path: '/admin/moderation',
    access: 'admin',
    title: '举报处理',
    page: () => import('../features/admin/routes/ModerationPage'),
  },
  {
    path: '/admin/sensitive-words',
    access: 'admin',
    title: '敏感词管理',
    page: () => import('../features/admin/routes/SensitiveWordsPage'),
  },
  {
    path: '/knowledge/courses/admin',
    access: 'admin',
    title: '课程管理',
    page: () => import('../features/knowledge/admin/routes/CourseAdminPage'),
  },
  {
    path: '/knowledge/points/admin',
    access: 'admin',
    title: '知识点管理',
    page: () => import('../features/knowledge/admin/routes/PointAdminPage'),
    forbidden: () => import('../features/knowledge/admin/components/AdminOnlyNotice'),
  },
  {
    path: '/knowledge/resource/admin',
    access: 'admin',
    title: '学习资源管理',
    page: () => import('../features/knowledge/admin/routes/ResourceAdminPage'),
    forbidden: () => import('../features/knowledge/admin/components/AdminOnlyNotice'),
  },
];
