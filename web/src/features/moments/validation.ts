import { charCount, MOMENT_LIMITS } from './model';
import { MOMENT_TEXT } from './texts';

export interface MomentDraft {
  content: string;
  /** Paths of images whose upload finished. */
  imageCount: number;
  /** Images still being sent. */
  uploading: number;
}

/** The server's rules for a new moment, checked before sending; null when the draft may be published. */
export function momentDraftError({ content, imageCount, uploading }: MomentDraft): string | null {
  if (uploading > 0) return MOMENT_TEXT.uploadsPending;
  if (content.trim() === '' && imageCount === 0) return MOMENT_TEXT.contentOrImageRequired;
  if (charCount(content) > MOMENT_LIMITS.contentChars) return MOMENT_TEXT.contentTooLong;
  if (imageCount > MOMENT_LIMITS.images) return MOMENT_TEXT.tooManyImages;
  return null;
}

/** A picked file must be an image of at most 5 MB; the server checks again by decoding it. */
export function imageFileError(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return MOMENT_TEXT.notAnImage;
  if (file.size > MOMENT_LIMITS.imageBytes) return MOMENT_TEXT.imageTooLarge;
  return null;
}

export function commentError(content: string): string | null {
  if (content.trim() === '') return MOMENT_TEXT.commentRequired;
  if (charCount(content) > MOMENT_LIMITS.commentChars) return MOMENT_TEXT.commentTooLong;
  return null;
}

/** Degrees from the form become integers of degrees × 10000, as the server stores coordinates. */
export function toCoordinate(degrees: number | null | undefined): number | null {
  return degrees === null || degrees === undefined || !Number.isFinite(degrees) ? null : Math.round(degrees * 10000);
}
