import type { Course } from '../../../api/generated/types.gen';
import { mediaUrl } from '../../../lib/media';
import { bannerIndex } from '../model';
import banner0 from '../assets/banner-0.svg';
import banner1 from '../assets/banner-1.svg';
import banner2 from '../assets/banner-2.svg';
import banner3 from '../assets/banner-3.svg';
import banner4 from '../assets/banner-4.svg';

/** In bannerIndex order: rose, lavender, teal, amber, night. */
const BUNDLED = [banner0, banner1, banner2, banner3, banner4] as const;

/** The uploaded banner, or (spec 3) bundled banner number kcId mod 5, the same one for a course every time. */
export function bannerSrc(course: Pick<Course, 'kcId' | 'banner'>): string {
  const uploaded = course.banner.trim();
  return uploaded ? mediaUrl(uploaded) : BUNDLED[bannerIndex(course.kcId)];
}
