const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/** A post's age the way Chinese social apps say it; after a week, the date (with the year only when it differs). */
export function relativeTime(epochSeconds: number, nowMs = Date.now()): string {
  const elapsed = Math.floor(nowMs / 1000) - epochSeconds;
  if (elapsed < MINUTE) return '刚刚';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}分钟前`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}小时前`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}天前`;
  const date = new Date(epochSeconds * 1000);
  const now = new Date(nowMs);
  const monthDay = `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return date.getFullYear() === now.getFullYear() ? monthDay : `${date.getFullYear()}-${monthDay}`;
}

/** A calendar date, 2025-03-08, for articles (their age matters less than for posts). */
export function formatDate(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Date and time the zh-CN way (spec 2 section 9), for bills and orders. */
export function formatDateTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toLocaleString('zh-CN', { hour12: false });
}
