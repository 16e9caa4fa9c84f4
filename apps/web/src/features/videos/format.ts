import { perLocale } from '../../lib/i18n/locale-format';

/** A duration or position as a player shows it: m:ss, or h:mm:ss past an hour. */
export function formatClock(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Bytes in megabytes with one decimal, as the upload form writes sizes. */
export function formatMegabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

const postedFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));

export function formatPostedOn(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : postedFormat().format(date);
}
