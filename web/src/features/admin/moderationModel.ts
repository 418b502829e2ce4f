import type { ModerationCase } from '../../api/generated/types.gen';
import { ADMIN_TEXT, SUBJECT_LABEL, WORD_MAX_CHARS, WORDS_MAX } from './texts';

export const subjectLabel = (subject: string) => SUBJECT_LABEL[subject] ?? subject;

/** The server records a suspension as `remove, suspend <days> days`. */
const SUSPENDED = /suspend (\d+) day/;

/** A decided case's outcome in words (empty while open). */
export function decisionText({ status, decision }: Pick<ModerationCase, 'status' | 'decision'>): string {
  if (status === 'kept') return ADMIN_TEXT.decidedKept;
  if (status !== 'removed') return '';
  const suspended = SUSPENDED.exec(decision);
  return suspended ? ADMIN_TEXT.decidedSuspended(Number(suspended[1])) : ADMIN_TEXT.decidedRemoved;
}

const characters = (text: string) => [...text].length;

/** The editor's lines as the list to save: trimmed, without blanks or repeats, in the order typed. */
export function wordsOf(text: string): string[] {
  const words = text.split('\n').map((line) => line.trim());
  return [...new Set(words.filter((word) => word !== ''))];
}

/** What the server would refuse in the list, in its words; null when it may be saved. */
export function wordsError(words: readonly string[]): string | null {
  const long = words.find((word) => characters(word) > WORD_MAX_CHARS);
  if (long) return ADMIN_TEXT.wordTooLong(long);
  if (words.length > WORDS_MAX) return ADMIN_TEXT.tooManyWords;
  return null;
}
