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
