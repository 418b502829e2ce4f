import type { ExamCard } from '../../../api/generated/types.gen';
import { mediaUrl } from '../../../lib/media';
import { stockPictureIndex } from '../model';
import stockDusk from '../assets/stock-dusk.svg';
import stockRose from '../assets/stock-rose.svg';

const STOCK = [stockRose, stockDusk] as const;

/** The assessment's thumbnail, or (spec 2.4) one of two bundled pictures, the same one for an id every time. */
export function thumbSrc(exam: Pick<ExamCard, 'id' | 'thumb'>): string {
  return exam.thumb.trim() ? mediaUrl(exam.thumb.trim()) : STOCK[stockPictureIndex(exam.id)];
}

/** The detail page's banner: the cover, else the thumbnail, else the bundled picture. */
export function coverSrc(exam: Pick<ExamCard, 'id' | 'thumb' | 'cover'>): string {
  return exam.cover.trim() ? mediaUrl(exam.cover.trim()) : thumbSrc(exam);
}
