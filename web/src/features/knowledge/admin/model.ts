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
