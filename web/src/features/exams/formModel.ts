import type { ExamDetail, SaveExamRequest } from '../../api/generated/types.gen';
import { draftFromQuestions, draftFromStored, fenToYuan, type QuestionsDraft } from './model';

/** Everything the create and edit form holds (spec 2 section 3, Exam). */
export interface ExamFormValues {
  examName: string;
  profile: string;
  description: string;
  questionCount: number;
  timeLimit: number;
  /** Yuan, two decimals. */
  fee: number;
  praise: number;
  categoryId: number;
  free: boolean;
  oneFree: boolean;
  isHot: boolean;
  homeDisplay: boolean;
  removed: boolean;
  healthScreening: boolean;
  auditStatus: number;
  auditMessage: string;
  questionsType: 'bar' | 'options';
  cover: string;
  thumb: string;
  questions: QuestionsDraft;
  summarys: string;
  crisis: string;
  stops: string;
  feedbacks: string;
  originalQuestions: string;
  evaluatorUserIds: string;
  evaluateeUserIds: string;
  reportAverageUserIds: string;
  reportDetailUserIds: string;
}

/** Spec 2 sections 5 and 9: question count 1, no time limit, fee 0. */
export function emptyFormValues(): ExamFormValues {
  return {
    examName: '',
    profile: '',
    description: '',
    questionCount: 1,
    timeLimit: 0,
    fee: 0,
    praise: 0,
    categoryId: 0,
    free: true,
    oneFree: false,
    isHot: false,
    homeDisplay: false,
    removed: false,
    healthScreening: false,
    auditStatus: 0,
    auditMessage: '',
    questionsType: 'options',
    cover: '',
    thumb: '',
    questions: draftFromQuestions([]),
    summarys: '',
    crisis: '',
    stops: '',
    feedbacks: '',
    originalQuestions: '',
    evaluatorUserIds: '',
    evaluateeUserIds: '',
    reportAverageUserIds: '',
    reportDetailUserIds: '',
  };
}

/** JSON text as an admin reads it: indented when it parses. */
function pretty(text: string | null | undefined): string {
  if (!text?.trim()) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** An assessment as the edit form starts (the detail's fee is fen; the form takes yuan). */
export function formValuesOf(exam: ExamDetail): ExamFormValues {
  const questions = draftFromStored(exam.questions);
  return {
    examName: exam.examName,
    profile: exam.profile,
    description: exam.description,
    questionCount: questions.questions.length || exam.questionCount,
    timeLimit: exam.timeLimit,
    fee: fenToYuan(exam.fee),
    praise: exam.praise,
    categoryId: exam.categoryId,
    free: exam.fee <= 0,
    oneFree: exam.oneFree === 1,
    isHot: exam.isHot === 1,
    homeDisplay: exam.homeDisplay === 1,
    removed: exam.removed === 1,
    healthScreening: exam.healthScreening === 1,
    auditStatus: exam.auditStatus,
    auditMessage: exam.auditMessage,
    questionsType: exam.questionsType,
    cover: exam.cover,
    thumb: exam.thumb,
    questions,
    summarys: pretty(exam.summarys),
    crisis: pretty(exam.crisis),
    stops: exam.stops ?? '',
    feedbacks: exam.feedbacks ?? '',
    originalQuestions: exam.originalQuestions ?? '',
    evaluatorUserIds: exam.evaluatorUserIds ?? '',
    evaluateeUserIds: exam.evaluateeUserIds ?? '',
    reportAverageUserIds: exam.reportAverageUserIds ?? '',
    reportDetailUserIds: exam.reportDetailUserIds ?? '',
  };
}

const flag = (on: boolean) => (on ? 1 : 0);
const ids = (text: string) => text.replace(/\s+/g, '');

/** What create and update take: flags as 0/1, the fee in yuan, the questions as JSON text. */
export function saveRequestOf(values: ExamFormValues): SaveExamRequest {
  const fee = values.free ? 0 : Math.round((values.fee ?? 0) * 100) / 100;
  return {
    examName: values.examName.trim(),
    profile: values.profile.trim(),
    description: values.description,
    questionCount: values.questions.questions.length,
    timeLimit: values.timeLimit,
    fee,
    free: flag(fee === 0),
    oneFree: flag(values.oneFree),
    isHot: flag(values.isHot),
    homeDisplay: flag(values.homeDisplay),
    removed: flag(values.removed),
    healthScreening: flag(values.healthScreening),
    praise: values.praise ?? 0,
    categoryId: values.categoryId ?? 0,
    auditStatus: values.auditStatus,
    auditMessage: values.auditMessage ?? '',
    questionsType: values.questionsType,
    cover: values.cover ?? '',
    thumb: values.thumb ?? '',
    questions: JSON.stringify(values.questions.questions),
    summarys: values.summarys?.trim() ?? '',
    crisis: values.crisis?.trim() ?? '',
    stops: values.stops ?? '',
    feedbacks: values.feedbacks ?? '',
    originalQuestions: values.originalQuestions ?? '',
    evaluatorUserIds: ids(values.evaluatorUserIds ?? ''),
    evaluateeUserIds: ids(values.evaluateeUserIds ?? ''),
    reportAverageUserIds: ids(values.reportAverageUserIds ?? ''),
    reportDetailUserIds: ids(values.reportDetailUserIds ?? ''),
  };
}
