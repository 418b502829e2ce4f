import type { Subject } from '../../api/generated/types.gen';
import { REPORT_REASONS } from './texts';

/** What a member can report; photos are flagged by the server, members report the profile. */
export type ReportSubject = Exclude<Subject, 'photo'>;

export type ReportReason = (typeof REPORT_REASONS)[number];

/** The preset that needs the member's own words. */
export const OTHER_REASON: ReportReason = '其他';

/** The server takes at most 200 characters (举报原因不能超过 200 个字符). */
export const REASON_MAX = 200;

const SEPARATOR = '：';

const characters = (text: string) => [...text].length;

/** Room left for the details after the longest preset and the separator, so any choice fits. */
export const DETAILS_MAX = REASON_MAX - Math.max(...REPORT_REASONS.map(characters)) - characters(SEPARATOR);

/** The reason sent: the preset, then the member's words after a full-width colon when given. */
export function composeReason(preset: ReportReason, details: string): string {
  const words = details.trim();
  return words ? `${preset}${SEPARATOR}${words}` : preset;
}

/** 其他 means nothing without the member's words. */
export function needsDetails(preset: ReportReason | undefined): boolean {
  return preset === OTHER_REASON;
}
