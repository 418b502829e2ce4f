import type { ExamCard, ExamDetail, ExamSession, ResultDetail, Role } from '../../api/generated/types.gen';
import { startSession } from '../../lib/session';

/** An assessment on the list, as the server answers it; tests override what they look at. */
export function examCard(id: number, overrides: Partial<ExamCard> = {}): ExamCard {
  return {
    id,
    examName: `测评 ${id}`,
    profile: `第 ${id} 项测评的简介`,
    cover: '',
    thumb: '',
    createdAt: 1_750_000_000,
    fee: 0,
    free: 1,
    isAcquired: 0,
    oneFree: 0,
    isHot: 0,
    homeDisplay: 0,
    healthScreening: 0,
    praise: 0,
    questionCount: 3,
    questionsType: 'options',
    removed: 0,
    timeLimit: 0,
    ...overrides,
  };
}

export function examDetail(id: number, overrides: Partial<ExamDetail> = {}): ExamDetail {
  return {
    ...examCard(id),
    attemptsPerPurchase: 1,
    auditMessage: '',
    auditStatus: 1,
    auditTime: 0,
    canTake: 1,
    categoryId: 0,
    description: '测评说明',
    maxScore: { 总分: 15 },
    purchases: 0,
    questionKeys: '总分',
    questions: '[]',
    state: 0,
    ...overrides,
  };
}

const OPTIONS = [
  { oid: 1, option: '非常不符合' },
  { oid: 2, option: '比较不符合' },
  { oid: 3, option: '比较符合' },
];

/** An attempt of `count` questions (qid 1..count), with the choices already saved. */
export function examSession(
  count = 3,
  saved: { qid: number; oid: number }[] = [],
  overrides: Partial<ExamSession> = {},
) {
  const session: ExamSession = {
    examId: 7,
    examName: '性格小测',
    timeLimit: 0,
    startedAt: 1_750_000_000,
    remainingSeconds: 0,
    answers: saved,
    questions: Array.from({ length: count }, (_, index) => ({
      qid: index + 1,
      question: `问题 ${index + 1}`,
      question_tag: '性格',
      options: OPTIONS,
    })),
    ...overrides,
  };
  return session;
}

export function resultDetail(overrides: Partial<ResultDetail> = {}): ResultDetail {
  return {
    id: 42,
    examId: 7,
    examName: '大五人格测评',
    examProfile: '从五个维度认识自己。',
    totalTime: 321,
    createdAt: 1_750_000_000,
    crisis: 0,
    healthScreening: 0,
    inMatching: 0,
    matchable: 0,
    overtime: 0,
    questionsType: 'options',
    examResult: { __1_外向性: 30, __2_宜人性: 40 },
    maxScore: { __1_外向性: 50, __2_宜人性: 50 },
    summary: {
      __1_外向性: { digest: '外向性中等', description: '动静皆宜。' },
      __2_宜人性: { digest: '宜人性较高', description: '体贴友善。' },
    },
    answer: [{ qid: 1, quest: '在聚会上，我常常是带动气氛的那个人', oid: 4, option: '比较符合' }],
    ...overrides,
  };
}

/** Signs in as `username` with a role; the uuid is `uuid-<username>`. */
export function signInAs(username: string, sysRole: Role = 'user') {
  startSession({
    accessToken: `token-${username}`,
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: `uuid-${username}`,
    username,
    nickname: username,
    sysRole,
  });
}
