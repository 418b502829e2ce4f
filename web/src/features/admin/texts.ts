/**
 * Every text of the back-office screens. The ones marked "spec" are fixed by spec 3 (sections 2, 4
 * and 8); keep them exactly.
 */
export const ADMIN_TEXT = {
  dashboardSubtitle: '审核会员提交的资料、照片和实名认证，处理举报，管理用户、博客与反馈。',
  backToDashboard: '返回管理后台',
  retry: '重试',
  open: '进入',
  pendingCount: (count: number) => `${count} 待审核`,
  openCount: (count: number) => `${count} 未处理`,
  countFailed: '数量获取失败',
  total: (count: number) => `共 ${count} 条`,
  notFilled: '未填写',
  none: '—',
  confirm: '确定',
  cancel: '取消',

  /** Dashboard cards (spec 3 §2: the five back-office pages, plus the feedback list). */
  cardUsers: '用户管理',
  cardUsersDetail: '查找会员，修改角色与资料，删除账号。',
  cardUserAudit: '用户资料审核',
  cardUserAuditDetail: '会员修改的昵称、头像和个人介绍，审核通过后才对他人可见。',
  cardIdCardAudit: '身份证审核',
  cardIdCardAuditDetail: '核对实名认证提交的身份证照片与信息。',
  cardBlogs: '博客管理',
  cardBlogsDetail: '编辑、发布、审核或删除博客文章。',
  cardImages: '图片审核',
  cardImagesDetail: '会员上传的相册照片，审核通过后才会出现在主页上。',
  cardFeedback: '反馈列表',
  cardFeedbackDetail: '访客和会员通过“意见反馈”发来的留言。',
  cardAuditLog: '操作日志',
  cardAuditLogDetail: '后台每一次修改、删除与审核的记录（仅系统管理员可查看）。',
  cardModeration: '举报处理',
  cardModerationDetail: '会员举报和敏感词命中的资料、动态、评论、文章与私信，逐条保留或删除。',
  cardSensitiveWords: '敏感词管理',
  cardSensitiveWordsDetail: '新发布的内容含有这些词时，会自动标记，等待管理员处理。',

  /** spec 3 §2 User profile audit (the page titles are the route table's). */
  userAuditSubtitle: '以下会员提交了资料修改，逐项核对后决定通过或拒绝。',
  columnNickname: '昵称',
  columnUuid: 'UUID',
  columnSex: '性别',
  columnAge: '年龄',
  columnCity: '城市',
  columnOccupation: '职业',
  columnUpdatedAt: '提交时间',
  columnActions: '操作',
  review: '审核',
  age: (age: number) => `${age} 岁`,
  sexMale: '男',
  sexFemale: '女',
  noPendingProfiles: '没有待审核的资料修改',
  /** spec 3 §8 */
  profileListFailed: '获取待审核用户列表失败',

  /** The detail dialog. */
  auditDialogTitle: (name: string) => `审核资料：${name}`,
  submittedAt: (time: string) => `提交于 ${time}`,
  changedFields: '修改内容',
  fieldColumn: '字段',
  oldValue: '原资料',
  newValue: '新资料',
  currentValue: '当前资料',
  noFieldChanges: '资料字段没有变化',
  /** spec 3 §8 (warning) */
  originalFailed: '获取原始资料失败，将显示当前资料',
  originalPhotos: '原照片',
  newPhotos: '新照片',
  noPhotos: '没有照片',
  morePhotos: (count: number) => `+${count}`,
  morePhotosLabel: (count: number) => `还有 ${count} 张`,
  awaitingReview: '待审核',
  photoAlt: (n: number) => `照片 ${n}`,
  avatarAlt: '头像',
  pass: '通过',
  reject: '拒绝',
  passProfileQuestion: '确定通过这些资料修改吗？',
  passProfileDetail: '通过后，新的昵称、头像和个人介绍将对其他会员可见。',
  rejectProfileQuestion: '确定拒绝这些资料修改吗？',
  rejectProfileDetail: '拒绝后，会员提交的修改将被丢弃，资料保持原样。',
  /** spec 3 §8 */
  auditSucceeded: '审核提交成功',
  /** spec 3 §8 */
  auditFailed: '审核提交失败',

  /** spec 3 §2 Image audit management (the title keeps the spec's 圖). */
  imagesSubtitle: '会员上传的照片按上传时间从新到旧排列，待审核的照片可以通过或拒绝。',
  columnPhotoId: 'ID',
  columnUserId: '用户 ID',
  columnPreview: '预览',
  columnStatus: '状态',
  columnUploadedAt: '上传时间',
  columnAuditedAt: '审核时间',
  /** spec 3 §4 photo states */
  statusPending: '待审核',
  statusPassed: '已通过',
  statusRejected: '已拒绝',
  statusUnknown: '未知',
  viewProfile: '主页',
  photoPreviewAlt: (id: number) => `照片 ${id}`,
  passPhotoQuestion: '确定通过这张照片吗？',
  passPhotoDetail: '通过后，照片将出现在会员的公开主页上。',
  rejectPhotoQuestion: '确定拒绝这张照片吗？',
  rejectPhotoDetail: '拒绝后，照片文件将被删除，且无法恢复。',
  noPhotosListed: '还没有会员上传照片',
  /** spec 3 §8 */
  photoPassed: '图片通过成功',
  /** spec 3 §8 */
  photoRejected: '图片拒绝成功',
  /** spec 3 §8 */
  photoListFailed: '获取审核图片列表失败',
  /** spec 3 §8 */
  photoAuditFailed: '审核图片失败',

  /** The feedback list. */
  feedbackSubtitle: '通过“意见反馈”页面收到的留言，从新到旧排列；处理完的留言可以标记为已处理。',
  columnId: 'ID',
  columnName: '称呼',
  columnEmail: '邮箱',
  columnType: '类型',
  columnMessage: '内容',
  columnSender: '发送者',
  columnCreatedAt: '时间',
  guest: '访客',
  member: (userId: number) => `会员 #${userId}`,
  noFeedback: '还没有收到反馈',
  feedbackListFailed: '获取反馈列表失败',
  columnHandled: '处理',
  handled: '已处理',
  notHandled: '未处理',
  handledAt: (time: string) => `处理于 ${time}`,
  markHandled: '标记已处理',
  reopen: '重新打开',
  markedHandled: '已标记为已处理',
  reopened: '已重新打开',
  handleFailed: '操作失败',

  /** spec 3 §2 Identity-card audit. */
  idCardSubtitle: '会员提交的实名认证，核对身份证照片与填写的姓名、号码后决定通过或拒绝。',
  filterAll: '全部',
  columnMember: '会员',
  columnRealName: '姓名',
  columnIdNumber: '身份证号',
  columnSubmittedAt: '提交时间',
  columnDecidedAt: '审核时间',
  /** spec 3 §4 audit_status */
  idStatusNotUploaded: '未上传',
  idStatusReviewing: '审核中',
  idStatusPassed: '已通过',
  idStatusRejected: '已拒绝',
  approve: '通过',
  deny: '拒绝',
  details: '详情',
  noIdCards: '没有实名认证申请',
  approveIdCardQuestion: '确定通过这份实名认证吗？',
  approveIdCardDetail: (name: string) => `通过后，${name} 将显示为已实名认证。`,
  denyDialogTitle: (name: string) => `拒绝实名认证：${name}`,
  denyReason: '拒绝原因',
  denyPresets: '常用原因',
  denyPlaceholder: '选择上面的常用原因，或直接填写',
  idCardDialogTitle: (name: string) => `实名认证详情：${name}`,
  applicant: '会员填写',
  recognisedColumn: '证件识别',
  fieldRealName: '姓名',
  fieldIdNumber: '身份证号',
  matches: '一致',
  differs: '不一致',
  notRecognised: '未配置识别服务，请对照照片核验',
  /** The member who submitted is never told; the reviewer decides. */
  numberClash: '号码重复',
  numberClashNotice: (holders: string) =>
    `这个身份证号码也出现在其他账号的实名认证申请中：${holders}。同一号码只能有一个账号通过认证。`,
  photosAfterDecision: '审核结束后，身份证照片只对会员本人显示。',
  recognitionInfo: '识别信息',
  fieldGender: '性别',
  fieldEthnicity: '民族',
  fieldBirthday: '出生日期',
  fieldAddress: '住址',
  fieldAuthority: '签发机关',
  fieldValidity: '有效期限',
  genderMale: '男',
  genderFemale: '女',
  cardFront: '身份证正面',
  cardBack: '身份证反面',
  failReason: (reason: string) => `拒绝原因：${reason}`,
  decidedAt: (time: string) => `审核于 ${time}`,
  close: '关闭',
  /** spec 3 §5 */
  denyReasonRequired: '请填写拒绝原因',
  denyReasonTooLong: '拒绝原因不能超过 200 个字符',
  /** spec 3 §8 */
  idCardListFailed: '获取身份证审核列表失败',
  /** spec 3 §8 */
  idCardApproved: '审核通过成功',
  /** spec 3 §8 */
  idCardDenied: '审核拒绝成功',
  /** spec 3 §8 */
  idCardApproveFailed: '审核通过失败',
  /** spec 3 §8 */
  idCardDenyFailed: '审核拒绝失败',

  /** spec 3 §2 User management. */
  usersSubtitle: '按用户名查找会员，修改资料与角色，或删除账号。',
  searchUsername: '按用户名搜索',
  search: '搜索',
  toUserAudit: '用户资料审核',
  columnAvatar: '头像',
  columnUsername: '用户名',
  columnPhone: '手机号',
  columnRole: '角色',
  columnLoginAt: '登录时间',
  columnRegisteredAt: '注册时间',
  /** spec 3 §6 */
  roleUser: '普通用户',
  roleAdmin: '管理员',
  roleSuperadmin: '系统管理员',
  never: '从未登录',
  you: '我',
  edit: '编辑',
  delete: '删除',
  deleteSelected: (count: number) => `删除选中（${count}）`,
  noUsers: '没有找到用户',
  editUserTitle: (name: string) => `编辑用户：${name}`,
  save: '保存',
  fieldNickname: '昵称',
  fieldEmail: '邮箱',
  fieldPhone: '手机号',
  fieldRole: '角色',
  roleOnlySuperadmin: '只有系统管理员可以修改角色',
  adminAccountOnlySuperadmin: '只有系统管理员可以修改管理员账号',
  adminDeletionOnlySuperadmin: '只有系统管理员可以删除管理员账号',
  cannotDeleteSelf: '不能在后台删除自己的账号',
  roleChangeSignsOut: '修改角色后，该用户需要重新登录。',
  nicknameRequired: '请输入昵称',
  nicknameTooLong: '昵称不能超过32个字符',
  emailInvalid: '请输入有效的邮箱地址',
  phoneInvalid: '请输入有效的手机号码',
  deleteUserQuestion: (name: string) => `确定删除用户 ${name} 吗？`,
  deleteUsersQuestion: (count: number) => `确定删除选中的 ${count} 位用户吗？`,
  deleteUserDetail: '删除后，账号及其资料、照片、动态和消息将被清除，且无法恢复。',
  /** spec 3 §8 */
  userUpdated: '更新用户成功',
  /** spec 3 §8 */
  usersDeleted: '删除用户成功',
  /** spec 3 §8 */
  userListFailed: '获取用户列表失败',
  /** spec 3 §8 */
  userUpdateFailed: '更新用户失败',
  /** spec 3 §8 */
  userDeleteFailed: '删除用户失败',

  /** spec 3 §2 Blog management. */
  blogsSubtitle: '按标题查找文章，编辑、发布或撤回、审核或取消审核、删除。',
  searchTitle: '按标题搜索',
  columnTitle: '标题',
  columnBlogCreatedAt: '创建时间',
  columnAuthor: '作者',
  columnPublished: '发布状态',
  columnApproved: '审核状态',
  published: '已发布',
  draft: '草稿',
  approved: '已审核',
  notApproved: '未审核',
  publish: '发布',
  unpublish: '撤回',
  approveBlog: '审核通过',
  unapproveBlog: '取消审核',
  noBlogs: '没有找到文章',
  editBlogTitle: '编辑博客',
  fieldTitle: '标题',
  fieldContent: '内容（Markdown）',
  fieldStatus: '状态',
  titleRequired: '请输入标题',
  titleLength: '长度在 3 到 100 个字符',
  contentRequired: '请输入内容',
  contentTooShort: '内容至少需要 10 个字符',
  publishQuestion: (title: string) => `确定发布《${title}》吗？`,
  publishDetail: '发布后，文章将出现在博客列表中。',
  unpublishQuestion: (title: string) => `确定撤回《${title}》吗？`,
  unpublishDetail: '撤回后，文章变回草稿，只有作者和管理员可以看到。',
  approveQuestion: (title: string) => `确定审核通过《${title}》吗？`,
  unapproveQuestion: (title: string) => `确定取消《${title}》的审核吗？`,
  deleteBlogQuestion: (title: string) => `确定删除《${title}》吗？`,
  deleteBlogDetail: '删除后，文章及其评论将无法恢复。',
  blogPublished: '发布成功',
  blogUnpublished: '撤回成功',
  blogApproved: '已通过审核',
  blogUnapproved: '已取消审核',
  /** spec 3 §8 */
  blogUpdated: '更新博客成功',
  /** spec 3 §8 */
  blogDeleted: '删除博客成功',
  /** spec 3 §8 */
  blogListFailed: '获取博客列表失败',
  /** spec 3 §8 */
  blogUpdateFailed: '更新博客失败',
  /** spec 3 §8 */
  blogDeleteFailed: '删除博客失败',
  /** spec 3 §8 */
  approveFailed: '审核失败',
  /** spec 3 §8 */
  publishFailed: '发布失败',

  /** The audit log (superadmins only). */
  auditLogSubtitle: '后台的每一次修改、删除与审核：谁、做了什么、对象修改前后的内容。',
  auditLogSuperadminOnly: '仅系统管理员可查看操作日志',
  auditLogListFailed: '获取操作日志失败',
  columnActor: '操作人',
  columnAction: '操作',
  columnObject: '对象',
  columnTime: '时间',
  deletedActor: (id: number) => `已删除的账号 #${id}`,
  before: '修改前',
  after: '修改后',
  nothing: '（无）',
  changedKeys: (keys: string) => `变化：${keys}`,
  noAuditEntries: '还没有操作记录',

  /** The moderation queue (/admin/moderation). */
  moderationSubtitle:
    '会员举报与敏感词命中的内容，举报权重最高的排在最前：实名认证会员的举报计全额，注册满 3 天的未认证账号计一半，新注册账号和同一网络地址的重复举报不计。保留后内容恢复显示，删除后内容下架。',
  caseOpen: '待处理',
  caseKept: '已保留',
  caseRemoved: '已删除',
  columnContent: '内容',
  columnReports: '举报',
  columnDecision: '处理结果',
  contentGone: '内容已删除',
  viewContent: '查看原文',
  contentImageAlt: (n: number) => `内容图片 ${n}`,
  authorGone: '账号已注销',
  reporterGone: '已注销的会员',
  reporters: (count: number) => `${count} 人举报`,
  hiddenCharacter: (code: string) => `不可见字符 ${code}`,
  hiddenCharactersFound: '资料含有不可见字符（已用红框标出），可能是冒充其他会员或官方的相似名称',
  trustedReporters: (count: number) => `${count} 人实名`,
  reportWeight: { full: '全额', partial: '一半', none: '不计' } as Record<string, string>,
  reportWeightLabel: '举报权重',
  reportReasons: '举报原因',
  noReporters: '自动标记',
  held: '已隐藏',
  heldHint: '3 位实名认证会员从不同网络地址举报后自动隐藏，处理前只有作者本人能看到',
  keep: '保留',
  remove: '删除',
  removeAndSuspend: '删除并暂停账号',
  keepQuestion: '确定保留该内容吗？',
  keepDetail: '保留后，该内容将恢复对所有会员显示，这条举报将移到“已保留”。',
  removeQuestion: '确定删除该内容吗？',
  removeDetail: '删除后，该内容将从站内下架，且无法恢复。',
  suspendTitle: '删除并暂停账号',
  suspendQuestion: (name: string) => `确定删除该内容，并暂停 ${name} 的账号吗？`,
  suspendDetail: '暂停期间该会员无法登录，已登录的设备会被退出。',
  suspendDaysLabel: '暂停时长',
  suspendDays: (days: number) => `${days} 天`,
  suspendDaysRequired: '请选择暂停天数',
  decidedKept: '已保留',
  decidedRemoved: '已删除',
  decidedSuspended: (days: number) => `已删除，暂停账号 ${days} 天`,
  /** server */
  decided: '处理成功',
  decideFailed: '处理失败',
  moderationListFailed: '获取举报列表失败',
  noOpenCases: '没有待处理的举报',
  noKeptCases: '没有已保留的举报',
  noRemovedCases: '没有已删除的举报',

  /** The sensitive words (/admin/sensitive-words). */
  sensitiveWordsSubtitle:
    '新发布的动态、评论、文章、私信和资料含有这些词时，会自动标记并进入举报处理。已发布的内容不会重新检查。',
  currentWords: (count: number) => `当前敏感词（${count}）`,
  noWords: '还没有敏感词',
  editWords: '编辑敏感词',
  wordsLabel: '敏感词（每行一个）',
  wordsHint: '每个词不超过 20 个字符，最多 500 个；重复和空行会被忽略。',
  wordsPlaceholder: '每行一个词，例如：\n加微信\n转账',
  wordTooLong: (word: string) => `敏感词不能超过 20 个字符：${word}`,
  tooManyWords: '敏感词最多 500 个',
  wordsFailed: '获取敏感词失败',
  /** server */
  wordsSaved: '保存成功',
  wordsSaveFailed: '保存失败',
} as const;

/** What a case is about, in the queue's words. */
export const SUBJECT_LABEL: Record<string, string> = {
  profile: '资料',
  moment: '动态',
  comment: '评论',
  article: '文章',
  message: '私信',
  photo: '照片',
};

/** The suspensions an admin chooses from, in days. */
export const SUSPEND_DAYS = [1, 7, 30, 365] as const;

/** The server's limits on the sensitive-word list. */
export const WORD_MAX_CHARS = 20;
export const WORDS_MAX = 500;

/** The audit log's actions (server: platform audit, "<kind>.<verb>"), in words; others show as sent. */
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  'user.update': '修改用户',
  'user.delete': '删除用户',
  'blog.update': '编辑博客',
  'blog.delete': '删除博客',
  'blog.publish': '发布博客',
  'blog.unpublish': '撤回博客',
  'blog.approve': '审核博客',
  'blog.unapprove': '取消博客审核',
  'idcard.pass': '通过实名认证',
  'idcard.reject': '拒绝实名认证',
  'feedback.handle': '标记反馈已处理',
  'feedback.reopen': '重新打开反馈',
  'moderation.keep': '保留被举报内容',
  'moderation.remove': '删除被举报内容',
  'words.save': '修改敏感词',
};

export const AUDIT_KIND_LABEL: Record<string, string> = {
  user: '用户',
  blog: '博客',
  idcard: '实名认证',
  feedback: '反馈',
  photo: '照片',
  profile: '资料',
  moment: '动态',
  comment: '评论',
  article: '文章',
  message: '私信',
  sensitive_words: '敏感词',
};

/** Spec 3 section 5: the ten preset reasons of the quick deny. */
export const DENY_PRESETS = [
  '图片模糊不清',
  '照片不完整',
  '身份证已过期',
  '信息与用户输入不符',
  '疑似伪造证件',
  '反光严重',
  '非身份证照片',
  '拍摄角度不正',
  '信息无法识别',
  '重复提交',
] as const;

/** Spec 3 section 9: the quick-deny reason is at most 200 characters. */
export const DENY_REASON_MAX = 200;

/** The form's feedback types (features/site), in the back office's words. */
export const FEEDBACK_TYPE_LABEL: Record<string, string> = {
  suggestion: '建议',
  bug: '问题报告',
  feature: '功能需求',
  other: '其他',
};

/** Spec 3 section 9: admin tables default to 10 a page, with 10, 20, 50 and 100 to choose from. */
export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 10;

/** Spec 3 section 2: the audit dialog shows up to 3 original and 6 new photos, then "+N". */
export const ORIGINAL_PHOTO_LIMIT = 3;
export const NEW_PHOTO_LIMIT = 6;
