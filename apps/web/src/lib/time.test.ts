import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from './i18n';
import { formatDateTime, formatTimeAgo } from './time';

// 12 March 2025, 14:05 on this machine's clock, whatever its time zone.
const moment = new Date(2025, 2, 12, 14, 5).toISOString();
const minutes = (n: number) => n * 60_000;

describe('dates and times in the member’s language', () => {
  afterEach(() => loadLanguage('en'));

  it('writes Kenyan English by default', () => {
    expect(formatDateTime(moment)).toBe('12 Mar 2025, 14:05');
    expect(formatTimeAgo(moment, Date.parse(moment) + minutes(5))).toBe('5 min ago');
    expect(formatTimeAgo(moment, Date.parse(moment) + minutes(60 * 24))).toBe('yesterday');
  });

  it('writes Kiswahili (sw-KE) once the member reads Kiswahili, and English again after', async () => {
    await loadLanguage('sw');
    expect(formatDateTime(moment)).toBe('12 Mac 2025, 14:05');
    expect(formatTimeAgo(moment, Date.parse(moment) + minutes(5))).toBe('dakika 5 zilizopita');
    expect(formatTimeAgo(moment, Date.parse(moment) + minutes(60 * 24))).toBe('jana');
    // After a week, the date itself.
    expect(formatTimeAgo(moment, Date.parse(moment) + minutes(60 * 24 * 8))).toBe('12 Mac 2025, 14:05');

    await loadLanguage('en');
    expect(formatDateTime(moment)).toBe('12 Mar 2025, 14:05');
  });

  it('answers nothing for a date it cannot read', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTimeAgo('not a date')).toBe('');
  });
});
