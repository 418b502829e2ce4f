import type { ImageUploadTexts } from '../../../components/ImageUploadField';

/**
 * Every text of the knowledge back office. The ones marked "spec" are fixed by spec 3 (sections
 * 2, 5 and 8, put into natural Simplified Chinese); keep them as they are.
 */
export const KA_TEXT = {
  /** spec 8 */
  sessionExpired: '登录已过期，请重新登录',
  /** spec 8 */
  forbidden: '权限不足，需要管理员权限才能执行此操作',
  /** spec 2 (knowledge point and resource admin) */
  adminOnly: '权限不足，您需要管理员权限才能访问此页面',
  adminOnlyDetail: '知识点和学习资源只由管理员维护。如果你有管理员账号，请退出后用管理员账号登录。',
  /** spec 2 */
  backToCourses: '返回课程页面',

  retry: '重试',
  edit: '编辑',
  delete: '删除',
  view: '查看',
  bind: '绑定',
  save: '保存',
  cancel: '取消',
  confirm: '确定',
  actions: '操作',
  search: '搜索',
  total: (total: number) => `共 ${total} 条`,
  none: '—',
  /** spec 2: a level or difficulty the labels do not know. */
  unknown: '未知',

  nav: '知识课程管理',
  navCourses: '课程管理',
  navPoints: '知识点管理',
  navResources: '学习资源管理',

  // ---------- courses ----------
  coursesSubtitle: '课程由知识点组成。在这里设置课程信息、价格、封面和知识点结构。',
  newCourse: '新建课程',
  courseName: '课程名称',
  courseCategory: '分类',
  courseLevel: '难度',
  courseBanner: '封面',
  coursePrice: '价格',
  coursePoints: '知识点',
  pointCount: (count: number) => `${count} 个`,
  /** spec 2 */
  free: '免费',
  bannerAlt: (name: string) => `${name}的封面`,
  coursesEmpty: '还没有课程，点击“新建课程”开始',
  searchCourses: '按名称或分类筛选',
  /** spec 8 */
  courseListFailed: '获取课程列表失败',
  /** spec 8 */
  courseCreated: '课程已创建',
  /** spec 8 */
  courseUpdated: '课程已更新',
  /** spec 8 */
  courseDeleted: '课程已删除',
  /** spec 8 */
  courseCreateFailed: '创建课程失败',
  /** spec 8 */
  courseUpdateFailed: '更新课程失败',
  /** spec 8 */
  courseDeleteFailed: '删除课程失败',
  deleteCourseQuestion: (name: string) => `确定要删除课程《${name}》吗？`,
  deleteCourseDetail: '删除后无法恢复。已有会员购买的课程不能删除，可以修改课程内容。',
  createCourseTitle: '新建课程',
  editCourseTitle: (name: string) => `编辑课程：${name}`,
  courseBasics: '基本信息',
  courseNameRequired: '请输入课程名称',
  courseCategoryRequired: '请输入课程分类',
  courseLevelRequired: '请选择课程难度',
  courseDescription: '课程描述',
  courseDescriptionRequired: '请输入课程描述',
  courseCategoryPlaceholder: '如：心理学、沟通、情绪',
  courseFee: '价格（元）',
  courseFeeHint: '0 为免费，最高 10000 元',
  courseBannerHint: '建议 16:7 的横图，小于 2MB；不上传时使用默认封面。',
  /** spec 5 */
  bannerNotImage: '只能上传图片文件!',
  /** spec 5 */
  bannerTooLarge: '图片大小不能超过 2MB!',

  // ---------- course structure ----------
  structure: '课程结构',
  structureHint: '从知识点库中选择知识点，组成课程的章节树。同一个知识点在一门课程中只能出现一次，最多 6 层。',
  structureEmpty: '还没有知识点。先选择一个知识点，添加为顶层知识点。',
  pickPoint: '选择知识点',
  pickPointPlaceholder: '搜索知识点名称或分类',
  addRoot: '添加为顶层知识点',
  addChild: '添加为所选节点的子节点',
  selected: (name: string) => `已选中：${name}`,
  noneSelected: '点击结构中的节点可以选中它，再调整位置或添加子节点。',
  moveUp: '上移',
  moveDown: '下移',
  outdent: '提升一级',
  indent: '降低一级',
  remove: '移除',
  removeWithChildren: (count: number) => `移除（含 ${count} 个子节点）`,
  tooDeep: '已经是第 6 层，不能再添加子节点',
  unknownPoint: (kpId: number) => `未知知识点（编号 ${kpId}）`,
  pointsLoadFailed: '获取知识点列表失败，暂时无法编辑课程结构',
  structureCount: (count: number) => `共 ${count} 个知识点`,

  // ---------- points ----------
  pointsSubtitle: '知识点是课程的基本单元。可以设置讲解内容、示例、参考资料和前置知识点。',
  newPoint: '新建知识点',
  pointName: '知识点名称',
  pointCategory: '分类',
  pointLevel: '难度',
  pointDescription: '描述',
  pointPrerequisites: '前置知识点',
  pointsEmpty: '还没有知识点，点击“新建知识点”开始',
  searchPoints: '按名称、分类或描述筛选',
  /** spec 8 */
  pointListFailed: '获取知识点列表失败',
  prerequisitesFailed: '获取前置关系失败，前置知识点暂时无法显示',
  /** spec 8 */
  pointCreated: '知识点已创建',
  /** spec 8 */
  pointUpdated: '知识点已更新',
  /** spec 8 */
  pointDeleted: '知识点已删除',
  /** spec 8 */
  pointCreateFailed: '创建知识点失败',
  /** spec 8 */
  pointUpdateFailed: '更新知识点失败',
  /** spec 8 */
  pointDeleteFailed: '删除知识点失败',
  deletePointQuestion: (name: string) => `确定要删除知识点“${name}”吗？`,
  deletePointDetail: '它的前置关系和资源绑定会一起删除；在课程结构中，它的子节点会接替它的位置。',
  createPointTitle: '新建知识点',
  editPointTitle: (name: string) => `编辑知识点：${name}`,
  pointNameRequired: '请输入知识点名称',
  pointCategoryRequired: '请输入知识点分类',
  pointLevelRequired: '请选择知识点难度',
  pointCategoryPlaceholder: '如：心理学',
  pointContent: '讲解内容（HTML）',
  pointContentHint: '可以使用 <h3>、<p>、<ul>、<strong>、<a> 等标签；保存时会去掉脚本、样式和内嵌页面。',
  contentPreview: '预览',
  contentPreviewEmpty: '输入内容后，这里显示学员看到的样子。',
  pointExamples: '示例',
  pointExamplesHint: '每行一条，最多 20 条。',
  pointReferences: '参考资料',
  pointReferencesHint: '每行一条（书名或链接），最多 20 条。',
  prerequisitesPlaceholder: '选择学习本知识点之前需要掌握的知识点',
  prerequisitesHint: '与知识点一起保存；形成循环依赖的设置会被拒绝。',
  prerequisitesUnknown: '前置关系没有加载成功，这次保存不会改动前置知识点。',
  noPrerequisites: '无',

  // ---------- resources ----------
  resourcesSubtitle: '讲义、音视频、习题和嵌入页面。绑定到知识点后，学员在对应知识点下看到它们。',
  newResource: '新建资源',
  resourceName: '资源名称',
  resourceType: '类型',
  resourceDifficulty: '难度',
  resourceContent: '内容',
  resourceUrl: '链接',
  resourceIframe: '嵌入地址',
  resourcePoints: '绑定知识点',
  resourceCreatedAt: '创建时间',
  /** spec 2 */
  unbound: '未绑定',
  /** spec 2 */
  unknownPointName: '未知知识点',
  resourcesEmpty: '没有找到资源',
  searchResources: '按名称或内容搜索',
  filterByPoint: '按知识点筛选',
  /** spec 8 */
  resourceListFailed: '获取资源列表失败',
  /** spec 8 */
  resourceCreated: '资源创建成功',
  /** spec 8 */
  resourceUpdated: '资源更新成功',
  /** spec 8 */
  resourceDeleted: '资源删除成功',
  /** spec 8 */
  bound: '绑定成功',
  /** spec 8 */
  operationFailed: '操作失败',
  /** spec 8 */
  deleteFailed: '删除失败',
  /** spec 8 */
  bindFailed: '绑定失败',
  /** spec 5 */
  deleteResourceQuestion: '确定要删除这个资源吗？',
  deleteResourceDetail: (name: string) => `“${name}”和它的知识点绑定会一起删除，无法恢复。`,
  createResourceTitle: '新建资源',
  editResourceTitle: (name: string) => `编辑资源：${name}`,
  viewResourceTitle: (name: string) => `查看资源：${name}`,
  bindTitle: (name: string) => `绑定知识点：${name}`,
  bindHint: '选中的知识点会替换这个资源原有的全部绑定；不选任何知识点即解除绑定。',
  bindPlaceholder: '选择知识点',
  boundUnknown: '当前的绑定没有加载成功。保存后，这个资源只绑定下面选中的知识点。',
  resourceNameRequired: '请输入资源名称',
  resourceContentPlaceholder: '文字说明、讲义正文或习题',
  resourceUrlPlaceholder: 'https://… 或本站路径，如 /media/knowledge/intro/index.m3u8',
  resourceUrlHint: '以 .m3u8 结尾的地址按流媒体视频播放。',
  resourceUrlInvalid: '请输入正确的链接地址',
  resourceIframePlaceholder: 'https://… 或 /media/ 下的页面，也可以粘贴 <iframe> 代码',
  resourceIframeHint: '只允许本站 /media/ 下的页面和管理员允许的 https 站点；以沙箱方式显示。',

  // ---------- exercise questions (issue 18) ----------
  questions: '题目',
  questionsHint: '单选题。学员提交之前看不到正确答案；得分 80 分及以上（满分 100）为通过，通过后可以掌握绑定的知识点。',
  questionsCount: (count: number, max: number) => `共 ${count} 道题，最多 ${max} 道`,
  questionsEmpty: '还没有题目。没有题目的习题只展示上面的内容，学员不能在线作答。',
  addQuestion: '添加题目',
  questionNumber: (number: number) => `第 ${number} 题`,
  questionText: '题目',
  questionPlaceholder: '如：争吵中感到情绪淹没时，哪种做法最合适？',
  options: '选项',
  optionsHint: '点选正确答案前面的圆点',
  optionPlaceholder: (letter: string) => `选项 ${letter}`,
  addOption: '添加选项',
  rightAnswer: '正确答案',
  questionField: (number: number) => `第 ${number} 题 题目`,
  optionField: (number: number, letter: string) => `第 ${number} 题 选项 ${letter}`,
  answerField: (number: number, letter: string) => `第 ${number} 题 选项 ${letter} 为正确答案`,
  removeOptionOf: (number: number, letter: string) => `删除第 ${number} 题的选项 ${letter}`,
  moveQuestionUp: (number: number) => `上移第 ${number} 题`,
  moveQuestionDown: (number: number) => `下移第 ${number} 题`,
  removeQuestion: (number: number) => `删除第 ${number} 题`,
  /** The server's words for the same checks (issue 18). */
  tooManyQuestions: '习题最多 30 道',
  questionTextInvalid: (number: number) => `第 ${number} 题的题目须为 1 到 500 个字`,
  optionsInvalid: (number: number) => `第 ${number} 题须有 2 到 6 个选项，每个 1 到 200 个字`,
  answerInvalid: (number: number) => `第 ${number} 题的答案须是它的一个选项`,
  questionsDropped: (count: number) => `这个资源原有 ${count} 道题。改成其他类型后，保存时会删除这些题目。`,
  questionsUnknown: '题目没有加载成功，这次保存不会改动题目。',
  /** Beside the 习题 tag in the resource list. */
  questionTally: (count: number) => `${count} 题`,
} as const;

/** The course banner picker's words (spec 8: 图片上传成功, 图片上传失败). */
export const BANNER_UPLOAD_TEXT: ImageUploadTexts = {
  preview: '课程封面预览',
  progress: '封面上传进度',
  upload: '上传封面',
  replace: '更换封面',
  remove: '移除封面',
  uploaded: '图片上传成功',
  failed: '图片上传失败',
  retry: '图片上传失败，请检查网络后重试',
};
