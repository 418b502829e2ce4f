import type { ExerciseQuestion } from '../../../api/generated/types.gen';
import { ApiError } from '../../../lib/apiError';
import { formatYuan } from '../../../lib/money';
import { KA_TEXT } from './texts';

/** Spec 3 section 9: list cells hold at most 50 characters. */
export const TRUNCATE_AT = 50;

/**
 * The first `max` characters and an ellipsis, or the text itself when it fits. Counted in code
 * points, so an emoji is never cut in half.
 */
export function truncate(text: string, max = TRUNCATE_AT): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : text;
}

/**
 * Spec 3 section 8: 401 and 403 have fixed words; any other refusal shows the server's message
 * (a cycle of prerequisites, a course already sold), or the screen's own text without one.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 401) return KA_TEXT.sessionExpired;
    if (error.code === 403) return KA_TEXT.forbidden;
    if (error.message) return error.message;
  }
  return fallback;
}

/** A course's price as the table shows it: ¥19.90, or 免费 for 0. */
export function priceText(fee: number): string {
  return fee > 0 ? formatYuan(fee) : KA_TEXT.free;
}

/** One item a line (examples, references): trimmed, blank lines dropped. */
export function linesOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A path on this site: one leading slash, no spaces or quotes (the server's rule). */
function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !/[\\\s"'<>]/.test(value);
}

/** A resource's link, as the server takes it: empty, a path on this site, or an http(s) address. */
export function isResourceUrl(raw: string | undefined): boolean {
  const value = (raw ?? '').trim();
  if (value === '' || isSitePath(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Spec 3 section 2: a resource's points as one line of names, 未绑定 for none, 未知知识点 for an id
 * no loaded point has (deleted since, or the points failed to load).
 */
export function boundPointsText(kpIds: readonly number[], names: ReadonlyMap<number, string>): string {
  if (kpIds.length === 0) return KA_TEXT.unbound;
  return kpIds.map((kpId) => names.get(kpId) ?? KA_TEXT.unknownPointName).join('，');
}

/** Words that match a point or course by name, category or description (case-insensitive). */
export function matchesWords(words: string, ...fields: string[]): boolean {
  const needle = words.trim().toLowerCase();
  return needle === '' || fields.some((field) => field.toLowerCase().includes(needle));
}

/** Spec 3 sections 5 and 9: a course banner is an image under 2 MB. */
export const BANNER_MAX_BYTES = 2 * 1024 * 1024;

export function bannerFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return KA_TEXT.bannerNotImage;
  if (file.size >= BANNER_MAX_BYTES) return KA_TEXT.bannerTooLarge;
  return null;
}

/** The server's limits on an exercise (issue 18): 30 questions, 2 to 6 options each. */
export const MAX_QUESTIONS = 30;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;
export const QUESTION_MAX_CHARS = 500;
export const OPTION_MAX_CHARS = 200;
/** Four options, as the demo quizzes and most printed single-choice tests have. */
const NEW_QUESTION_OPTIONS = 4;

/**
 * A question being edited. Keys stay with a question or option while others move or go, so an
 * input keeps its focus and the radios their place; `answer` is null until one is chosen, since a
 * preset answer would be saved unnoticed.
 */
export interface QuestionDraft {
  key: number;
  question: string;
  options: OptionDraft[];
  answer: number | null;
}

export interface OptionDraft {
  key: number;
  text: string;
}

let lastKey = 0;
const nextKey = () => ++lastKey;

export const blankOption = (): OptionDraft => ({ key: nextKey(), text: '' });

export function blankQuestion(): QuestionDraft {
  return {
    key: nextKey(),
    question: '',
    options: Array.from({ length: NEW_QUESTION_OPTIONS }, blankOption),
    answer: null,
  };
}

export function questionDrafts(questions: readonly ExerciseQuestion[] | null | undefined): QuestionDraft[] {
  return (questions ?? []).map((question) => ({
    key: nextKey(),
    question: question.question,
    options: question.options.map((text) => ({ key: nextKey(), text })),
    answer: question.answer >= 0 && question.answer < question.options.length ? question.answer : null,
  }));
}

/** The drafts as the server takes them, trimmed as it would trim them. */
export function questionsOf(drafts: readonly QuestionDraft[]): ExerciseQuestion[] {
  return drafts.map((draft) => ({
    question: draft.question.trim(),
    options: draft.options.map((option) => option.text.trim()),
    answer: draft.answer ?? -1,
  }));
}

const length = (text: string) => Array.from(text.trim()).length;

export const optionProblem = (text: string) => length(text) === 0 || length(text) > OPTION_MAX_CHARS;

/** Which part of a question the server would refuse: its text, its options or its answer. */
export type QuestionFault = 'text' | 'options' | 'answer';

export function questionFault(draft: QuestionDraft): QuestionFault | null {
  const textLength = length(draft.question);
  if (textLength === 0 || textLength > QUESTION_MAX_CHARS) return 'text';
  const count = draft.options.length;
  if (count < MIN_OPTIONS || count > MAX_OPTIONS || draft.options.some((option) => optionProblem(option.text))) {
    return 'options';
  }
  if (draft.answer === null || draft.answer < 0 || draft.answer >= count) return 'answer';
  return null;
}

const FAULT_TEXT: Record<QuestionFault, (number: number) => string> = {
  text: KA_TEXT.questionTextInvalid,
  options: KA_TEXT.optionsInvalid,
  answer: KA_TEXT.answerInvalid,
};

/**
 * The first problem of the questions, checked in the server's order and words, so the form says
 * before saving what the server would refuse. None at all is allowed: it removes the questions.
 */
export function questionsProblem(drafts: readonly QuestionDraft[]): string | null {
  if (drafts.length > MAX_QUESTIONS) return KA_TEXT.tooManyQuestions;
  for (const [index, draft] of drafts.entries()) {
    const fault = questionFault(draft);
    if (fault) return FAULT_TEXT[fault](index + 1);
  }
  return null;
}

/** The list moved one place: `from` to `to`, the others keeping their order. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Removing an option keeps the answer on the same option, or clears it if that one goes. */
export function withoutOption(draft: QuestionDraft, index: number): QuestionDraft {
  const answer =
    draft.answer === null || draft.answer === index ? null : draft.answer > index ? draft.answer - 1 : draft.answer;
  return { ...draft, options: draft.options.filter((_, at) => at !== index), answer };
}

/** A, B, C… before each option, as the learner's exercise shows them. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);
