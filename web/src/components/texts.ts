/** Texts of the shared pieces; the marked ones are fixed by the spec. */
export const SHARED_TEXT = {
  /** spec 1 §5, spec 2 §8 */
  loginRequired: '请先登录',
  goLogin: '去登录',
  /** spec 1 §8 */
  confirm: '确定',
  /** spec 1 §8 */
  cancel: '取消',
} as const;

/** The help block of the mental test and of assessment results (心理援助热线 12356; 120 and 110). */
export const HELP_TEXT = {
  title: '现在就可以获得帮助',
  hotlineLabel: '全国心理援助热线',
  hotline: '12356',
  emergencyLabel: '紧急情况请拨打',
  ambulance: '120',
  police: '110',
  emergencyLine: '紧急情况请拨打 120（急救）或 110（报警）',
} as const;

/** A member without admin rights on a back-office page. */
export const ADMIN_REQUIRED_TEXT = {
  title: '需要管理员权限',
  detail: '这个页面只对管理员开放。如果你有管理员账号，请退出当前账号后用管理员账号登录。',
  backHome: '返回首页',
} as const;
