/**
 * Every text of the learner's knowledge screens (catalogue, course display, demo page, resource
 * view). The ones marked "spec" are fixed by spec 3 (sections 2, 4, 5 and 8); keep their meaning.
 */
export const KNOWLEDGE_TEXT = {
  /** The resource view. */
  locked: '购买课程后可查看',
  openLink: '打开链接',
  videoFailed: '视频加载失败，请稍后重试',
  videoUnsupported: '当前浏览器无法播放这段视频，请换用最新版的浏览器',
  audioFailed: '音频加载失败，请稍后重试',
  audioUnsupported: '当前浏览器无法播放这段音频，请换用最新版的浏览器',
  embeddedTitle: (name: string) => `${name}（嵌入页面）`,
  createdOn: (date: string) => `添加于 ${date}`,
  difficulty: (label: string) => `难度：${label}`,

  /** The catalogue (spec 3 section 2). */
  catalogueSubtitle: '关于亲密关系、沟通与认识自己的系统课程，由浅入深，按知识点一步步学。',
  searchPlaceholder: '搜索课程名称或简介',
  searchLabel: '搜索课程',
  allCategories: '全部分类',
  categoryLabel: '分类',
  allLevels: '全部难度',
  levelLabel: '难度',
  courseCount: (count: number) => `共 ${count} 门课程`,
  noCourses: '暂时还没有课程',
  noMatch: '没有找到符合条件的课程',
  clearFilters: '清除筛选',
  /** spec 8 */
  listFailed: '获取课程列表失败',
  retry: '重试',
  minutes: (minutes: number) => `约 ${minutes} 分钟`,
  pointCount: (count: number) => `${count} 个知识点`,
  /** spec */
  free: '免费',
  acquired: '已购买',
  bannerAlt: (name: string) => `${name}的封面`,
  preview: '预览',
  previewTitle: (name: string) => `课程结构 · ${name}`,
  /** spec */
  noStructure: '暂无课程结构信息',
  close: '关闭',
  /** spec: the four states of the card's button. */
  actionContinue: '继续学习',
  actionStart: '开始学习',
  actionBuy: '购买学习',
  actionLogin: '登录后学习',

  /** Buying (spec 3 sections 4, 5 and 8). */
  buyTitle: '购买课程',
  buyConfirm: (name: string, price: string) => `确定花费 ${price} 购买《${name}》吗？购买后即可学习课程的全部内容。`,
  buyOk: '确认购买',
  cancel: '取消',
  /** spec */
  bought: '购买成功，开始学习吧',
  /** spec 8: 'please log in first' */
  loginFirst: '请先登录',
  /** spec 8: 'insufficient balance, please recharge first' (a 402 from the server) */
  lowBalance: '余额不足，请先充值',
  /** spec 8: 'purchase failed, please retry' */
  buyFailed: '购买失败，请重试',

  /** The course display (spec 3 section 2). */
  backToList: '返回课程列表',
  /** spec 8 */
  courseNotFound: '课程不存在',
  courseFailed: '课程不存在或加载失败',
  pointMissing: '知识点信息不存在',
  nodeUnlinked: '该节点未关联知识点',
  structureTitle: '课程目录',
  showStructure: '展开课程目录',
  hideStructure: '收起课程目录',
  pointSearchPlaceholder: '搜索知识点',
  pointSearchLabel: '搜索知识点',
  noPointMatch: '没有找到相关的知识点',
  lockedCourseTitle: '这是一门付费课程',
  lockedCourseDetail: (price: string) =>
    `可以先浏览课程目录和知识点简介；购买（${price}）后即可阅读全部内容和学习资源。`,
  guestCourseDetail: '可以先浏览课程目录和知识点简介；登录并购买后即可阅读全部内容和学习资源。',
  loginToBuy: '登录后购买',
  buyNow: (price: string) => `购买课程 ${price}`,
  acquiredNote: '已购买，可以学习全部内容',
  freeNote: '免费课程，所有内容都可以学习',
  description: '简介',
  prerequisites: '前置知识点',
  noPrerequisites: '无，可以直接学习',
  outsidePrerequisite: '（其他课程）',
  content: '内容',
  noContent: '暂无内容',
  examples: '示例',
  references: '参考资料',
  resources: '学习资源',
  noResources: '这个知识点暂时没有学习资源',
  lockedContent: '购买课程后即可阅读这个知识点的内容、示例和参考资料。',
  choosePoint: '从课程目录中选择一个知识点开始学习',
  previous: '上一个知识点',
  next: '下一个知识点',

  /** /knowledge/demo (spec 3 section 2). */
  demoIntro:
    '心桥的知识课程把亲密关系、沟通、情绪和自我认知方面的知识，整理成一门门可以循序渐进学习的课程。这里介绍课程是怎样组织的，并通向课程管理和课程学习两个页面。',
  demoAdminTitle: '课程管理',
  demoAdminDetail: '管理员在这里创建和编辑课程、设置价格与封面，并用知识点搭建课程结构。需要管理员权限。',
  demoAdminLink: '进入课程管理',
  demoDisplayTitle: '课程学习',
  demoDisplayDetail: (name: string) => `打开课程《${name}》的学习页面：左侧是课程目录，右侧是知识点的内容和学习资源。`,
  demoDisplayFallback: '打开课程列表，选一门课程进入学习页面：左侧是课程目录，右侧是知识点的内容和学习资源。',
  demoDisplayLink: '打开课程学习页面',
  demoCatalogueLink: '浏览全部课程',
  demoConceptsTitle: '几个概念',
  demoConcepts: [
    {
      term: '课程',
      detail:
        '一组知识点按目录组织起来的学习单元，有分类、难度（初级、中级、高级）和价格；免费课程人人可学，付费课程用余额购买一次即可一直学习。',
    },
    {
      term: '知识点',
      detail: '课程中最小的学习单位：一段简介、正文内容、具体的示例和可以查证的参考资料。课程目录就是知识点组成的树。',
    },
    {
      term: '前置知识点',
      detail:
        '学习某个知识点之前最好先掌握的知识点，可能来自同一门课程，也可能来自其他课程；它们把知识点连成一张关系图。',
    },
    {
      term: '学习资源',
      detail:
        '绑定在知识点上的辅助材料：文本、讲义、习题、文档、音频、视频（支持 HLS 流媒体）和嵌入页面，一份资源可以同时服务多个知识点。',
    },
  ],
} as const;

/** Learning in the course display page (issue 18): mastery, prerequisite gating, exercises. */
export const LEARNING_TEXT = {
  treeMastered: '已掌握',
  treeLocked: '未解锁：需先掌握前置知识点',
  nextStep: '建议下一步：',
  goNext: '去学习',
  nextIsHere: '正在学习',
  myProgress: '我的学习进度',
  courseComplete: '这门课程的知识点已全部掌握，可以到学习进度页按时复习。',
  statusTitle: '学习状态',
  mastered: '已掌握',
  masteredScore: (score: number) => `已掌握 · 习题 ${score}/100`,
  /** The lock notice: the unmastered prerequisites, first to learn first. */
  needFirst: '需要先掌握：',
  alsoNeed: '还需要掌握：',
  lockedHint: '掌握前置知识点后，这个知识点就会解锁；现在也可以先浏览它的内容。',
  exerciseHint: (score: number) => `通过下方学习资源中的习题（${score} 分及以上）即可掌握这个知识点。`,
  markLearned: '标记为已学会',
  markHint: '读完内容、看过学习资源后，就可以标记为已学会。',
  markNeedsOpen: '请先学习这个知识点的内容',
  markNeedsPrerequisites: '需要先掌握前置知识点',
  /** What the server's refusal says when it gives no words. */
  markFailed: '操作失败，请重试',
  practice: '开始练习',
  questionCount: (count: number) => `共 ${count} 道题`,

  /** The exercise dialog. */
  exerciseTitle: (name: string) => `练习 · ${name}`,
  exerciseIntro: (count: number, pass: number) =>
    `共 ${count} 道单选题，${pass} 分及以上为通过；通过后，本习题对应的知识点即为已掌握。`,
  bestScore: (score: number) => `历史最好成绩：${score} 分`,
  questionLabel: (index: number) => `第 ${index} 题`,
  answered: (done: number, total: number) => `已答 ${done} / ${total}`,
  submit: '提交答案',
  exerciseFailed: '加载习题失败',
  submitFailed: '提交失败，请重试',
  scoreOutOf: '/ 100',
  passed: '通过',
  notPassed: '未通过',
  passLine: (pass: number) => `${pass} 分及以上通过`,
  correct: '回答正确',
  wrong: '回答错误',
  yourAnswer: '你的答案：',
  rightAnswer: '正确答案：',
  unanswered: '未作答',
  nowMastered: '已掌握：',
  blocked: '前置知识点尚未掌握，暂不计入：',
  otherCoursePoints: (count: number) => `其他课程的 ${count} 个知识点`,
  notPassedHint: '答错的题目再想一想：回看这些知识点的内容和资源，然后重新练习吧。',
  attemptsHint: (count: number) => `每道习题每小时最多提交 ${count} 次。`,
  /** What a 429 says when the server gives no words. */
  attemptsLimit: '提交次数已达上限，请稍后再试',
  tryAgain: '重新练习',
  close: '关闭',
} as const;

/** /knowledge/progress (spec 3 section 2 "Learning progress", section 8). */
export const PROGRESS_TEXT = {
  subtitle: '课程、知识点和学习时长，都来自你在课程里的真实学习记录。',
  /** spec */
  loadFailed: '加载学习进度失败',
  retry: '重试',
  totalCourses: '课程总数',
  completedCourses: '已完成',
  totalPoints: '知识点',
  masteredPoints: '已掌握',
  progress: '学习进度',
  progressNote: '学过的知识点占所学课程全部知识点的比例',
  mastery: '掌握程度',
  masteryNote: '已掌握的知识点占所学课程全部知识点的比例',
  studyTime: '学习时长',
  hours: '小时',
  thisWeek: (hours: string) => `本周 ${hours} 小时`,
  coursesTitle: '我的课程',
  coursePoints: (mastered: number, total: number) => `已掌握 ${mastered} / ${total} 个知识点`,
  courseOpened: (opened: number) => `学过 ${opened} 个`,
  courseProgress: (name: string) => `${name}的掌握进度`,
  /** spec */
  start: '开始学习',
  continue: '继续学习',
  details: '详情',
  recentTitle: '最近掌握',
  score: (score: number) => `${score}/100`,
  selfAssessed: '自评掌握',
  recentEmpty: '还没有掌握的知识点：通过知识点的习题，或学完后标记为已学会，就会出现在这里。',
  showAll: '查看全部',
  showLess: '收起',
  shownOf: (shown: number, total: number) => `显示最近 ${shown} 个，共 ${total} 个`,
  masteredFailed: '获取已掌握的知识点失败',
  reviewTitle: '待复习',
  reviewIntro: '先回想这个知识点讲了什么，再按记得的程度评分，系统会据此安排下一次复习。',
  reviewEmpty: '暂时没有需要复习的知识点',
  reviewDue: (date: string) => `应复习：${date}`,
  /** Ratings 1 to 4, as FSRS takes them. */
  ratings: ['忘记了', '有点难', '记得', '很轻松'],
  reviewed: (name: string, date: string) => `「${name}」已复习，下次复习：${date}`,
  reviewFailed: '提交复习结果失败，请重试',
  /** spec */
  empty: '还没有开始学习任何课程',
  goCourses: '去看看课程',
  recommendTitle: '推荐课程',
  recommendIntro: '根据你学过的内容推荐',
  /** spec */
  recommendFailed: '获取推荐课程失败',
  recommendEmpty: '暂时没有可推荐的课程',
  fit: (score: number) => `匹配度 ${score}`,
  preview: '预览',
  descriptionTitle: '课程简介',
  reasonTitle: '推荐理由',
  structureTitle: '课程结构',
  goLearn: '去学习',
} as const;
