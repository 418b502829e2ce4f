/**
 * Every text of the people screens (recommendations, interactions, visitors, blacklist, search, my
 * page). The marked ones are fixed by spec 2 (sections 2.5-2.11, 8) and must stay exact.
 */
export const PEOPLE_TEXT = {
  likeSubtitle: '看看谁喜欢你，也别错过你喜欢的人',
  visitorsSubtitle: '谁来看过你，你又看过谁',
  blacklistSubtitle: '拉黑的人看不到你，你也不会在列表和动态里看到他们',
  recommendSubtitle: '按你的资料和择偶偏好，为你挑选合适的人',
  searchSubtitle: '按条件找到合适的人',

  /** spec 2 §2.6 tabs */
  tabLikedMe: '喜欢我的',
  tabLiked: '我喜欢的',
  tabMutual: '相互喜欢',
  /** spec 2 §2.7 tabs */
  tabVisitedMe: '谁看过我',
  tabVisited: '我看过谁',

  searchPlaceholder: '搜索昵称、年龄或城市',
  searchLabel: '搜索',
  refresh: '刷新',
  retry: '重试',
  total: (total: number) => `共 ${total} 人`,

  /** Card. */
  photoAlt: (name: string) => `${name}的照片`,
  lockedPhoto: '照片已模糊',
  age: (age: number) => `${age}岁`,
  heightCm: (height: number) => `${height}cm`,
  male: '男',
  female: '女',
  /** spec 2 §2.8 children tag */
  hasChildren: '有孩子',
  /** Passed real-name verification (spec 2 §3 isVerified). */
  verifiedBadge: '已实名',
  view: '查看',
  chat: '聊天',
  like: '喜欢',
  unlike: '取消喜欢',
  blacklist: '拉黑',
  unblock: '移出黑名单',
  actionsOf: (name: string) => `对 ${name} 的操作`,

  /** spec 2 §2.6, §4, §9: viewing a blurred profile costs 10 points. */
  unlockTitle: '查看照片',
  unlockConfirm: '您之前未访问过该用户，查看需要消耗10积分，是否继续？',
  confirm: '确定',
  cancel: '取消',
  blacklistTitle: (name: string) => `把 ${name} 加入黑名单？`,
  blacklistConfirm: '拉黑后你们互相看不到对方的资料和动态，可以随时在黑名单中移出。',

  /** spec 2 §8 successes and fallbacks */
  liked: '已添加到喜欢列表',
  unliked: '已取消喜欢',
  blacklisted: '已添加到黑名单',
  unblocked: '已从黑名单移除',
  operationFailed: '操作失败',
  blacklistFailed: '添加到黑名单失败',
  unblockFailed: 'failed to remove from blacklist',
  listFailed: '获取用户列表失败',
  blacklistListFailed: 'failed to get blacklist',
  recommendFailed: '获取推荐用户列表失败',
  searchFailed: 'failed to search users',
  loginFirst: '请先登录',

  /** Visits. */
  visitedMeTimes: (times: number) => `来访 ${times} 次`,
  visitedTimes: (times: number) => `看过 ${times} 次`,
  lastVisit: (when: string) => `最近 ${when}`,

  /** Recommendations. */
  score: '契合度',
  scoreLabel: (score: number) => `契合度 ${score} 分`,

  /** Advanced search (spec 2 §2.8). */
  filtersTitle: '筛选条件',
  keyword: '关键词',
  keywordPlaceholder: '昵称、城市或年龄',
  gender: '性别',
  anyGender: '不限',
  ageRange: '年龄',
  heightRange: '身高',
  weightRange: '体重',
  boysRange: '男孩数量',
  girlsRange: '女孩数量',
  lowerEnd: (label: string) => `${label}下限`,
  upperEnd: (label: string) => `${label}上限`,
  yearsUnit: '岁',
  cmUnit: 'cm',
  kgUnit: 'kg',
  childrenUnit: '个',
  rangeValue: (low: number, high: number, unit: string) => `${low}–${high}${unit}`,
  education: '学历',
  maritalStatus: '婚姻状况',
  hobbies: '兴趣爱好',
  anyChoice: '不限',
  verifiedOnly: '只看实名认证',
  search: '搜索',
  reset: '重置',
  resultsTitle: '搜索结果',

  /** My page (spec 2 §2.11). */
  regularUser: '普通用户',
  vip: (level: number) => `VIP ${level}`,
  vipExpires: (date: string) => `会员到期：${date}`,
  verified: '已实名认证',
  recharge: '充值',
  rechargeRecords: '充值记录',
  bills: '账单明细',
  realName: '实名认证',
  balance: '余额',
  points: '积分',
  statsTitle: '我的数据',
  sectionsTitle: '我的空间',
  momentsStatsTitle: '动态统计',
  statsFailed: '获取用户信息失败',
  avatarAlt: (name: string) => `${name}的头像`,

  /** Empty states. */
  emptyLikedMe: '还没有人喜欢你，完善资料会更容易被看到',
  emptyLiked: '你还没有喜欢的人，去推荐里看看吧',
  emptyMutual: '还没有相互喜欢的人，遇到心动的人就主动一点吧',
  emptyVisitedMe: '还没有人看过你，完善资料、多发动态会更容易被看到',
  emptyVisited: '你还没有看过别人的主页，去推荐里看看吧',
  emptyBlacklist: '黑名单是空的',
  emptyRecommend: '暂时没有合适的推荐，完善资料后推荐会更准',
  emptySearch: '没有找到符合条件的人，试试放宽条件',
  noMatch: (keyword: string) => `没有找到与“${keyword}”相关的人`,
  completeProfile: '完善资料',
  goRecommend: '去看看推荐',
} as const;
