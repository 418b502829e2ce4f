import type { OwnSubmissionData } from '../../api/generated/types.gen';
import { REAL_NAME_TEXT } from './texts';

/** Spec 3 section 4: where a member's submission stands (audit_status). */
export const AUDIT_STATUS = { none: 0, underReview: 1, passed: 2, rejected: 3 } as const;

/** Spec 3 section 3 "Real-name form": the four values the form sends. */
export interface RealNameForm {
  name: string;
  idcard: string;
  idcard_front: string;
  idcard_back: string;
}

/** Spec 3 section 5: an identity-card photo is an image of at most 5 MB. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const NUMBER_LENGTH = 18;

export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return REAL_NAME_TEXT.notAnImage;
  if (file.size > PHOTO_MAX_BYTES) return REAL_NAME_TEXT.tooLarge;
  return null;
}

/**
 * The form as verify/get answers it, so a rejected or waiting submission shows what was sent. The
 * server answers the number masked (1101**********1234): a waiting submission shows it as it is,
 * a rejected one leaves the field empty, since a resubmission needs the whole number typed again.
 */
export function formOf(own: OwnSubmissionData): RealNameForm {
  const idcard = own.audit_status === AUDIT_STATUS.underReview ? own.idcard : '';
  return { name: own.name, idcard, idcard_front: own.idcard_front, idcard_back: own.idcard_back };
}

/** The masked number of a rejected submission, to remind the member which one they sent; or null. */
export const previousNumber = (own: OwnSubmissionData): string | null =>
  own.audit_status === AUDIT_STATUS.rejected && own.idcard.trim() !== '' ? own.idcard : null;

/** Whether verify/get answered anything to put into the form. */
export const hasSubmission = (own: OwnSubmissionData): boolean =>
  [own.name, own.idcard, own.idcard_front, own.idcard_back].some((value) => value.trim() !== '');

/** Spec 3 section 5: submit is enabled only when all four are filled. */
export const isComplete = (form: Partial<RealNameForm>): boolean =>
  [form.name, form.idcard, form.idcard_front, form.idcard_back].every((value) => (value ?? '').trim() !== '');

/** Spec 3 section 5's sentences for what is still empty, in the form's order. */
export function missingParts(form: Partial<RealNameForm>): string[] {
  const blank = (value: string | undefined) => (value ?? '').trim() === '';
  return [
    blank(form.name) ? REAL_NAME_TEXT.nameRequired : '',
    blank(form.idcard) ? REAL_NAME_TEXT.numberRequired : '',
    blank(form.idcard_front) ? REAL_NAME_TEXT.frontRequired : '',
    blank(form.idcard_back) ? REAL_NAME_TEXT.backRequired : '',
  ].filter(Boolean);
}

/** What the number field keeps: no spaces, and the check character x as X. */
export const normaliseNumber = (value: string | undefined): string => (value ?? '').replace(/\s+/g, '').toUpperCase();

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

/** GB 11643: the 18th character of an identity number, from the first 17 digits. */
export function checkCharacter(first17: string): string {
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * WEIGHTS[index], 0);
  return CHECK_CHARACTERS[sum % 11];
}

/**
 * Hints while typing, or null; the server also checks the region, the birth date and the age, and
 * its words are the ones that count. The shape (digits, 18 of them, X only last) is worth saying
 * once the member leaves the field; a wrong GB 11643 check character as soon as all 18 are there.
 */
export function numberShapeHint(value: string | undefined): string | null {
  const number = normaliseNumber(value);
  if (number === '') return null;
  if (!/^\d*X?$/.test(number)) return REAL_NAME_TEXT.numberFormat;
  if (number.length !== NUMBER_LENGTH) return REAL_NAME_TEXT.numberLength;
  return null;
}

export function numberCheckHint(value: string | undefined): string | null {
  const number = normaliseNumber(value);
  if (!/^\d{17}[\dX]$/.test(number)) return null;
  return checkCharacter(number.slice(0, 17)) === number[17] ? null : REAL_NAME_TEXT.numberCheckDigit;
}
