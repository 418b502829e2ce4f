/** Spec 2 section 2.3: five questions, each answered 0-3, judged by the average. */
export const QUESTION_COUNT = 5;
export const MAX_ANSWER = 3;

/** Spec 2 sections 2.3 and 9: the average thresholds 1 and 2 (under 1 good, under 2 attention, else help). */
export const ATTENTION_FROM = 1;
export const SEEK_HELP_FROM = 2;

/** Spec 2 sections 2.3 and 5: age 18-100, 18 by default. */
export const MIN_AGE = 18;
export const MAX_AGE = 100;

export type Band = 'good' | 'attention' | 'seekHelp';
export type Gender = 'male' | 'female';

export interface BasicInfo {
  name: string;
  age: number;
  gender: Gender;
}

function checkedAnswers(answers: readonly number[]): readonly number[] {
  if (answers.length !== QUESTION_COUNT) {
    throw new RangeError(`expected ${QUESTION_COUNT} answers, got ${answers.length}`);
  }
  for (const answer of answers) {
    if (!Number.isInteger(answer) || answer < 0 || answer > MAX_ANSWER) {
      throw new RangeError(`an answer must be an integer from 0 to ${MAX_ANSWER}, got ${answer}`);
    }
  }
  return answers;
}

export function averageOf(answers: readonly number[]): number {
  return checkedAnswers(answers).reduce((sum, answer) => sum + answer, 0) / QUESTION_COUNT;
}

/** The result band of five answers; anything other than five integers 0-3 is a programming error. */
export function bandOf(answers: readonly number[]): Band {
  const average = averageOf(answers);
  if (average < ATTENTION_FROM) return 'good';
  if (average < SEEK_HELP_FROM) return 'attention';
  return 'seekHelp';
}

/** An average as shown: at most two decimals, no trailing zeros (0.8, 1, 1.2). */
export function formatAverage(average: number): string {
  return String(Math.round(average * 100) / 100);
}

/** A local calendar date as yyyy-mm-dd, for the report and its file name. */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
