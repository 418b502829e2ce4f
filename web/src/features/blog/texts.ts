import type { ImageUploadTexts } from '../../components/ImageUploadField';

/** Every text the blog screens show; spec 1 sections 2, 5 and 8 fix the marked ones. */
export const BLOG_TEXT = {
  listTitle: '博客',
  listSubtitle: '写下真实的故事，分享生活与情感的感悟',
  /** spec 1 §2 */
  write: '写博客',
  /** spec 1 §2 */
  empty: '暂无博客文章',
  loadMore: '加载更多',
  noMore: '已经到底啦',
  /** spec 1 §8 */
  listFailed: '获取博客列表失败',
  retry: '重试',
  edit: '编辑',
  view: '查看',
  articlesLabel: '博客文章',
  unknownAuthor: '心桥会员',

  /** spec 1 §2 */
  backToList: '返回博客列表',
  /** spec 1 §2 */
  notFound: '文章不存在或已被删除',
  /** spec 1 §8 */
  detailFailed: '获取文章失败',
  delete: '删除',
  deleteTitle: '删除文章',
  /** spec 1 §8 */
  deleteConfirm: '确定要删除这篇文章吗？',
  cancel: '取消',
  /** spec 1 §8 */
  detailDeleted: '文章删除成功',
  /** spec 1 §8 */
  detailDeleteFailed: '删除文章失败',
  /** spec 1 §4 */
  draft: '草稿',
  /** spec 1 §4 */
  published: '已发布',
  twitterBy: (name: string) => `Twitter：${name}`,
  categoriesLabel: '分类',
  tagsLabel: '标签',

  createTitle: '写博客',
  createSubtitle: '用文字记录心动与成长',
  editTitle: '编辑博客',
  titleLabel: '标题',
  titlePlaceholder: '给文章起个标题',
  tagsPlaceholder: '选择或输入标签，回车添加',
  categoriesPlaceholder: '选择或输入分类，回车添加',
  bannerLabel: '封面图',
  bannerHint: '支持 JPG、PNG、WEBP，不超过 2MB',
  bannerUpload: '上传封面',
  bannerReplace: '更换封面',
  bannerRemove: '移除封面',
  bannerAlt: '封面预览',
  twitterLabel: 'Twitter 作者',
  twitterPlaceholder: '可不填',
  authorsLabel: '作者',
  authorsPlaceholder: '输入用户名，回车或逗号分隔',
  authorsHint: '被点名的会员会收到邀请，接受后才会成为共同作者',
  summaryLabel: '摘要',
  summaryPlaceholder: '一两句话介绍这篇文章',
  contentLabel: '内容',
  contentPlaceholder: '在这里用 Markdown 写正文…',
  publishSwitchLabel: '发布状态',
  /** spec 1 §2: the switch reads 发布 when on, 草稿 when off */
  switchOn: '发布',
  switchOff: '草稿',
  submit: '提交',
  reset: '重置',
  save: '保存',
  editorLoading: '编辑器加载中…',

  /** spec 1 §5 */
  titleRequired: '请输入标题',
  /** spec 1 §5 */
  titleLength: '长度在 3 到 100 个字符',
  /** spec 1 §5 */
  contentRequired: '请输入内容',
  /** spec 1 §5 */
  contentTooShort: '内容至少需要 10 个字符',
  /** spec 1 §5 */
  notAnImage: '只能上传图片文件!',
  /** spec 1 §5 */
  bannerTooLarge: '图片大小不能超过 2MB!',
  loginRequiredDetail: '登录后才能写博客和编辑文章',
  noPermission: '你没有权限编辑这篇文章',

  /** spec 1 §8 */
  created: '博客发布成功',
  /** spec 1 §8 */
  createFailed: '博客发布失败',
  /** spec 1 §8 */
  createError: '博客发布失败，请重试',
  /** spec 1 §8 */
  updated: '文章更新成功',
  /** spec 1 §8 */
  updateFailed: '更新文章失败',
  /** spec 1 §8 */
  uploaded: '图片上传成功',
  /** spec 1 §8 */
  uploadFailed: '图片上传失败',
  /** spec 1 §8 */
  uploadError: '图片上传失败，请重试',
  uploadsPending: '封面还在上传，请稍候',

  /** spec 1 §2 */
  manageTitleAdmin: '文章管理',
  /** spec 1 §2 */
  manageTitleMember: '我的文章',
  manageSubtitle: '草稿只有你自己能看到，发布后所有人可见',
  adminEdit: '管理员编辑',
  publish: '发布',
  unpublish: '取消发布',
  /** spec 1 §8 */
  publishDone: '发布成功',
  /** spec 1 §8 */
  publishFailed: '发布失败',
  /** spec 1 §8 */
  unpublishDone: '已取消发布',
  /** spec 1 §8 */
  unpublishFailed: '操作失败',
  /** spec 1 §8 */
  deleteDone: '删除成功',
  /** spec 1 §8 */
  deleteFailed: '删除失败',
  /** spec 1 §8 */
  manageFailed: '获取文章列表失败',
  manageEmpty: '还没有文章，写下第一篇吧',

  invitationsTitle: '共同作者邀请',
  invitedBy: (name: string) => `${name} 邀请你成为这篇文章的共同作者`,
  accept: '接受',
  decline: '拒绝',
  accepted: '已接受邀请，你已成为共同作者',
  declined: '已拒绝邀请',
  answerFailed: '操作失败',
} as const;

/** The banner field's words, as the shared image upload field takes them. */
export const BANNER_UPLOAD_TEXT: ImageUploadTexts = {
  preview: BLOG_TEXT.bannerAlt,
  progress: BLOG_TEXT.bannerUpload,
  upload: BLOG_TEXT.bannerUpload,
  replace: BLOG_TEXT.bannerReplace,
  remove: BLOG_TEXT.bannerRemove,
  uploaded: BLOG_TEXT.uploaded,
  failed: BLOG_TEXT.uploadFailed,
  retry: BLOG_TEXT.uploadError,
};
