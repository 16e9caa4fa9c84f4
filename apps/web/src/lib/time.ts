import { perLocale } from './i18n/locale-format';

// In the member's language: "12 Mar 2025, 14:05" (en-KE), "12 Mac 2025, 14:05" (sw-KE).
const dateTime = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);
// "5 min ago" (en-KE), "dakika 5 zilizopita" (sw-KE).
const relative = perLocale(
  (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'narrow' }),
);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment in the member's local format, e.g. "12 Mar 2025, 14:05". Empty for a bad date. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTime().format(date) : '';
}

/** How long ago, for cards: "now", "5 min ago", "3 hr ago", "yesterday"; the date after a week. */
export function formatTimeAgo(iso: string, now = Date.now()): string {
  const date = parse(iso);
  if (!date) return '';
  const elapsed = now - date.getTime();
  if (elapsed < MINUTE) return relative().format(0, 'second');
  if (elapsed < HOUR) return relative().format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative().format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative().format(-Math.floor(elapsed / DAY), 'day');
  return dateTime().format(date);
}
