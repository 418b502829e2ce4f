import type { ExamCard, ExamDetail, ResultDetail } from '../../api/generated/types.gen';
import { formatYuan } from '../../lib/money';
import { EXAM_TEXT } from './texts';

/** Spec 2 section 9: answers are saved every 30 s; an option advances after 250 ms behind a 100 ms lock. */
export const AUTOSAVE_INTERVAL_MS = 30_000;
export const ADVANCE_DELAY_MS = 250;
export const CHOICE_LOCK_MS = 100;
/** Spec 2 sections 5 and 9. */
export const QUESTION_COUNT = { min: 1, max: 100 } as const;
export const TIME_LIMIT = { min: 0, max: 180 } as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Spec 2 section 9: a radar's indicator maximum when the result names none. */
export const RADAR_DEFAULT_MAX = 60;

/** A route's id: a positive integer written in digits only, else null (无效的测评ID / 无效的结果ID). */
export function parseId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const isPaid = (exam: Pick<ExamCard, 'fee'>) => exam.fee > 0;

/**
 * Spec 2 section 2.14: 购买并开始 instead of 开始测评 when the assessment is paid, no purchase still
 * covers an attempt, and the server does not let the caller take it anyway (an admin, an open attempt).
 */
export function needsPurchase(exam: Pick<ExamDetail, 'fee' | 'isAcquired' | 'canTake'>): boolean {
  return isPaid(exam) && exam.isAcquired === 0 && exam.canTake !== 1;
}

export interface FeeBadge {
  kind: 'free' | 'price' | 'acquired';
  text: string;
}

/** Spec 2 section 2.4: 免费, the price, or the price with 已购买 while purchases still cover an attempt. */
export function feeBadge(exam: Pick<ExamCard, 'fee' | 'isAcquired'>): FeeBadge {
  if (!isPaid(exam)) return { kind: 'free', text: EXAM_TEXT.free };
  const price = formatYuan(exam.fee);
  if (exam.isAcquired > 0) return { kind: 'acquired', text: `${price} ${EXAM_TEXT.acquired}` };
  return { kind: 'price', text: price };
}

/** The price as the detail page says it: 免费 or ¥x.xx. */
export function priceText(fen: number): string {
  return fen > 0 ? formatYuan(fen) : EXAM_TEXT.free;
}

/** Fen from the server as the yuan an editor types (create and update take yuan). */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** Which of the two bundled pictures stands in for a missing thumbnail; the same one for an id every time. */
export function stockPictureIndex(id: number): 0 | 1 {
  return Math.abs(Math.trunc(id)) % 2 === 0 ? 0 : 1;
}

/** The next page starts below the smallest id seen; an empty page ends the list. */
export function nextFromId(pages: readonly { exams: readonly Pick<ExamCard, 'id'>[] }[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.exams.length === 0) return undefined;
  return Math.min(...pages.flatMap((page) => page.exams.map((exam) => exam.id)));
}

/** 12:05 or 1:02:05, for the countdown. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

// ---------------------------------------------------------------------------------------------
// Results

/** A dimension key as members read it: `__1_外向性` → `外向性` (leading `__`, digits, then one `_`). */
export function displayName(key: string): string {
  if (!key.startsWith('__')) return key;
  const rest = key.slice(2).replace(/^\d+/, '');
  return rest.startsWith('_') ? rest.slice(1) : rest;
}

function orderPrefix(key: string): number {
  const match = /^__(\d+)/.exec(key);
  return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
}

/** Keys in the order their prefixes give (`__2_` before `__10_`), the rest as the server sent them. */
export function orderedKeys(map: Record<string, unknown>): string[] {
  return Object.keys(map)
    .map((key, index) => ({ key, index }))
    .sort((a, b) => orderPrefix(a.key) - orderPrefix(b.key) || a.index - b.index)
    .map(({ key }) => key);
}

/** Spec 2 section 9: the pole pairs, in their fixed order, with the names members read. */
export const POLE_PAIRS: readonly (readonly [string, string])[] = [
  ['E', 'I'],
  ['S', 'N'],
  ['T', 'F'],
  ['J', 'P'],
];

export const POLE_NAMES: Record<string, string> = {
  E: '外向',
  I: '内向',
  S: '实感',
  N: '直觉',
  T: '思考',
  F: '情感',
  J: '判断',
  P: '感知',
};

export interface Pole {
  letter: string;
  /** E 外向 */
  label: string;
  score: number;
  max: number;
}

export interface PoleBar {
  left: Pole;
  right: Pole;
  /** The higher side; the left one on a tie, as the server reads it. */
  winner: 'left' | 'right';
  /** The left side's share of the pair, 0–100. */
  leftPercent: number;
}

export interface Dimension {
  key: string;
  name: string;
  value: number;
  max: number;
}

export type ResultView =
  | { kind: 'bars'; bars: PoleBar[]; type: string }
  | { kind: 'single'; dimension: Dimension }
  | { kind: 'radar'; dimensions: Dimension[] }
  | { kind: 'empty' };

type Scores = Pick<ResultDetail, 'examResult' | 'maxScore' | 'questionsType'>;

function pole(letter: string, result: Scores): Pole {
  const name = POLE_NAMES[letter];
  return {
    letter,
    label: name ? `${letter} ${name}` : letter,
    score: result.examResult[letter] ?? 0,
    max: result.maxScore[letter] ?? 0,
  };
}

/** The pole pairs a result has (by display name, so `__1_E` counts as E), in E-I, S-N, T-F, J-P order. */
export function poleBars(result: Scores): PoleBar[] {
  const byName: Record<string, number> = {};
  const maxByName: Record<string, number> = {};
  for (const key of Object.keys(result.examResult)) {
    byName[displayName(key)] = result.examResult[key];
    maxByName[displayName(key)] = result.maxScore[key] ?? 0;
  }
  const named: Scores = { ...result, examResult: byName, maxScore: maxByName };
  return POLE_PAIRS.filter(([left, right]) => left in byName || right in byName).map(([l, r]) => {
    const left = pole(l, named);
    const right = pole(r, named);
    const total = left.score + right.score;
    return {
      left,
      right,
      winner: left.score >= right.score ? 'left' : 'right',
      leftPercent: total > 0 ? Math.round((left.score / total) * 100) : 50,
    };
  });
}

/** The dimensions of a result in order, each with its maximum (spec: a radar's default is 60). */
export function dimensionsOf(result: Scores, defaultMax = RADAR_DEFAULT_MAX): Dimension[] {
  return orderedKeys(result.examResult).map((key) => ({
    key,
    name: displayName(key),
    value: result.examResult[key],
    max: result.maxScore[key] ?? result.maxScore[displayName(key)] ?? defaultMax,
  }));
}

/** Spec 2 section 2.18: bars for `bar`; for `options` one dimension is a single value, several a radar. */
export function resultView(result: Scores): ResultView {
  if (result.questionsType === 'bar') {
    const bars = poleBars(result);
    if (bars.length > 0) {
      const type = bars.map((bar) => (bar.winner === 'left' ? bar.left.letter : bar.right.letter)).join('');
      return { kind: 'bars', bars, type };
    }
  }
  const dimensions = dimensionsOf(result);
  if (dimensions.length === 0) return { kind: 'empty' };
  if (dimensions.length === 1) return { kind: 'single', dimension: dimensions[0] };
  return { kind: 'radar', dimensions };
}

export interface ReadingRow {
  key: string;
  name: string;
  digest: string;
  description: string;
}

const POLE_ORDER = POLE_PAIRS.flat();

/**
 * The dimension table: each reading of the summary under its display name, in order; a bar
 * result's poles in E-I, S-N, T-F, J-P order and named as on the bars (E 外向).
 */
export function readingRows(
  summary: ResultDetail['summary'],
  questionsType: ResultDetail['questionsType'] = 'options',
): ReadingRow[] {
  const rows = orderedKeys(summary).map((key) => ({
    key,
    name: displayName(key),
    digest: summary[key].digest,
    description: summary[key].description,
  }));
  if (questionsType !== 'bar') return rows;
  const rank = (name: string) => {
    const index = POLE_ORDER.indexOf(name);
    return index === -1 ? POLE_ORDER.length : index;
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row.name) - rank(b.row.name) || a.index - b.index)
    .map(({ row }) => (POLE_NAMES[row.name] ? { ...row, name: `${row.name} ${POLE_NAMES[row.name]}` } : row));
}

/** A part of a whole as a whole percentage, for progress bars. */
export function percentOf(value: number, max: number): number {
  if (max <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((value / max) * 100)));
}

// ---------------------------------------------------------------------------------------------
// The questions editor

export interface EditableOption {
  oid: number;
  option: string;
  score: number;
}

/** A question as the editor (and the server's key) has it (spec 2 section 3, Question). */
export interface EditableQuestion {
  qid: number;
  question: string;
  question_key: string;
  question_tag: string;
  score: number;
  options: EditableOption[];
}

/** What the editor holds: the questions, the JSON text beside them, and why the text does not parse. */
export interface QuestionsDraft {
  questions: EditableQuestion[];
  text: string;
  /** Set while the JSON text cannot be read; the questions keep their last good value. */
  error: string | null;
}

export const QUESTIONS_JSON_ERROR = '题目 JSON 格式错误';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

const textOf = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

function optionOf(value: unknown, index: number): EditableOption {
  const item = isRecord(value) ? value : {};
  return { oid: numberOr(item.oid, index + 1), option: textOf(item.option), score: numberOr(item.score, 0) };
}

function questionOf(value: unknown, index: number): EditableQuestion {
  const item = isRecord(value) ? value : {};
  return {
    qid: numberOr(item.qid, index + 1),
    question: textOf(item.question),
    question_key: textOf(item.question_key),
    question_tag: textOf(item.question_tag),
    score: numberOr(item.score, 0),
    options: Array.isArray(item.options) ? item.options.map(optionOf) : [],
  };
}

export type ParsedQuestions = { ok: true; questions: EditableQuestion[] } | { ok: false; error: string };

/** Spec 2 section 3: the questions' JSON is an array, or an object with a `questions` array; empty is none. */
export function parseQuestionsText(text: string): ParsedQuestions {
  if (text.trim() === '') return { ok: true, questions: [] };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `${QUESTIONS_JSON_ERROR}：${(error as Error).message}` };
  }
  const list = Array.isArray(document) ? document : isRecord(document) ? document.questions : undefined;
  if (!Array.isArray(list)) return { ok: false, error: `${QUESTIONS_JSON_ERROR}：应为数组，或带 questions 数组的对象` };
  if (!list.every((item) => isRecord(item) && (item.options === undefined || Array.isArray(item.options)))) {
    return { ok: false, error: `${QUESTIONS_JSON_ERROR}：每道题应为对象，options 应为数组` };
  }
  return { ok: true, questions: list.map(questionOf) };
}

export function questionsText(questions: readonly EditableQuestion[]): string {
  return JSON.stringify(questions, null, 2);
}

/** A structured edit: the text follows the questions. */
export function draftFromQuestions(questions: EditableQuestion[]): QuestionsDraft {
  return { questions, text: questionsText(questions), error: null };
}

/** An edit of the JSON text: the questions follow when it parses, else they keep their last good value. */
export function draftFromText(text: string, previous: QuestionsDraft): QuestionsDraft {
  const parsed = parseQuestionsText(text);
  return parsed.ok ? { questions: parsed.questions, text, error: null } : { ...previous, text, error: parsed.error };
}

/** The stored text (from the detail) as a draft; text that does not parse stays for the admin to fix. */
export function draftFromStored(text: string | null | undefined): QuestionsDraft {
  const parsed = parseQuestionsText(text ?? '');
  if (!parsed.ok) return { questions: [], text: text ?? '', error: parsed.error };
  return draftFromQuestions(parsed.questions);
}

/** The server's rules (crates/exams questions.rs), checked before sending so the editor names the question. */
export function questionsProblem(questions: readonly EditableQuestion[]): string | null {
  if (questions.length < QUESTION_COUNT.min || questions.length > QUESTION_COUNT.max) {
    return '题目数量须在 1 到 100 之间';
  }
  const qids = new Set<number>();
  for (const question of questions) {
    const { qid } = question;
    if (!Number.isInteger(qid) || qid < 1 || qids.has(qid)) return `题号 ${qid} 无效或重复：题号须为不重复的正整数`;
    qids.add(qid);
    if (question.question.trim() === '') return `第 ${qid} 题：请填写题目内容`;
    if (question.options.length < 2 || question.options.length > 12) return `第 ${qid} 题：选项须为 2 到 12 个`;
    const oids = new Set<number>();
    for (const option of question.options) {
      if (!Number.isInteger(option.oid) || oids.has(option.oid)) return `第 ${qid} 题：选项编号 ${option.oid} 重复`;
      oids.add(option.oid);
      if (option.option.trim() === '') return `第 ${qid} 题：请填写选项内容`;
      if (!Number.isInteger(option.score)) return `第 ${qid} 题：选项分值须为整数`;
    }
  }
  return null;
}

/** A new question after the others: the next qid, the last question's key, tag and options to edit from. */
export function newQuestion(questions: readonly EditableQuestion[]): EditableQuestion {
  const last = questions[questions.length - 1];
  const qid = questions.reduce((max, question) => Math.max(max, question.qid), 0) + 1;
  const options = last
    ? last.options.map((option) => ({ ...option }))
    : [
        { oid: 1, option: '是', score: 1 },
        { oid: 2, option: '否', score: 0 },
      ];
  return {
    qid,
    question: '',
    question_key: last?.question_key ?? '',
    question_tag: last?.question_tag ?? '',
    score: 0,
    options,
  };
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The dimensions the questions score into (an empty key is 总分), for checking the readings. */
export function questionKeys(questions: readonly EditableQuestion[]): string[] {
  return [...new Set(questions.map((question) => question.question_key.trim() || '总分'))];
}

/** Spec: the summarys JSON maps each dimension to bands `[{min, max, digest, description}]`; empty is none. */
export function summarysProblem(text: string, keys: readonly string[]): string | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `结果解读 JSON 格式错误：${(error as Error).message}`;
  }
  if (!isRecord(value)) return '结果解读应为对象：{"维度": [分数段…]}';
  for (const [dimension, bands] of Object.entries(value)) {
    if (keys.length > 0 && !keys.includes(dimension)) return `结果解读中的维度「${dimension}」没有对应的题目`;
    if (!Array.isArray(bands)) return `维度「${dimension}」的分数段应为数组`;
    for (const band of bands) {
      if (!isRecord(band) || !Number.isInteger(band.min) || !Number.isInteger(band.max)) {
        return `维度「${dimension}」的每个分数段都要有整数 min 和 max`;
      }
      if (typeof band.digest !== 'string' || typeof band.description !== 'string') {
        return `维度「${dimension}」的每个分数段都要有 digest 和 description`;
      }
      if ((band.min as number) > (band.max as number)) {
        return `维度「${dimension}」的分数段 ${band.min}–${band.max} 无效`;
      }
    }
  }
  return null;
}

/** Spec: the help rules are `[{qid, atLeast}]` or `[{key, atLeast}]`; empty is none. */
export function crisisProblem(text: string, qids: readonly number[], keys: readonly string[]): string | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `求助提示规则 JSON 格式错误：${(error as Error).message}`;
  }
  if (!Array.isArray(value)) return '求助提示规则应为数组';
  for (const rule of value) {
    if (!isRecord(rule) || !Number.isInteger(rule.atLeast)) return '每条求助提示规则都要有整数 atLeast';
    if (Number.isInteger(rule.qid)) {
      if (qids.length > 0 && !qids.includes(rule.qid as number)) return `求助提示规则中的第 ${rule.qid} 题不存在`;
    } else if (typeof rule.key === 'string') {
      if (keys.length > 0 && !keys.includes(rule.key)) return `求助提示规则中的维度「${rule.key}」不存在`;
    } else {
      return '每条求助提示规则要有 qid（题号）或 key（维度）';
    }
  }
  return null;
}

/** Comma-separated user ids, or empty. */
export const USER_IDS_PATTERN = /^\s*(\d+\s*(,\s*\d+\s*)*)?$/;

/** Spec 2 section 5: a cover or thumbnail is an image of at most 2 MB. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return EXAM_TEXT.imageOnly;
  if (file.size > IMAGE_MAX_BYTES) return EXAM_TEXT.imageTooLarge;
  return null;
}
