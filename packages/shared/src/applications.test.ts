import { describe, expect, it } from 'vitest';
import { CV_MAX_BYTES, cvFileMessage, isPdfBytes } from './applications';
import { isJobExpired, isJobOpen } from './job-status';
import { JobInput, JobPatchInput } from './jobs';

const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('CV rules (docs/design.md#job-applications)', () => {
  it('judges a PDF by its first bytes', () => {
    expect(isPdfBytes(bytes('%PDF-1.7\n...'))).toBe(true);
    expect(isPdfBytes(bytes('%PDF'))).toBe(false);
    expect(isPdfBytes(bytes('<html>%PDF-'))).toBe(false);
  });

  it('checks a chosen file’s size and type in the browser', () => {
    expect(cvFileMessage({ size: 10, type: 'application/pdf', name: 'cv.pdf' })).toBeUndefined();
    expect(cvFileMessage({ size: 10, type: '', name: 'CV.PDF' })).toBeUndefined();
    expect(cvFileMessage({ size: 10, type: 'image/png', name: 'cv.png' })).toBe('The CV must be a PDF file');
    expect(cvFileMessage({ size: CV_MAX_BYTES + 1, type: 'application/pdf', name: 'cv.pdf' })).toBe(
      'The CV can be at most 5 MB',
    );
  });
});

describe('jobs that expire', () => {
  it('default to 30 days and take 1–90 whole days', () => {
    expect(JobInput.parse({ title: 'Fundi' }).expires_in_days).toBe(30);
    expect(JobInput.parse({ title: 'Fundi', expires_in_days: '7' }).expires_in_days).toBe(7);
    for (const days of [0, 91, 1.5, 'x']) {
      expect(JobInput.safeParse({ title: 'Fundi', expires_in_days: days }).success).toBe(false);
    }
    expect(JobInput.parse({ title: 'Fundi', expires_in_days: '' }).expires_in_days).toBe(30);
    expect(JobPatchInput.parse({ expires_in_days: '' }).expires_in_days).toBeUndefined();
    expect(JobPatchInput.safeParse({ status: 'paused' }).success).toBe(false);
  });

  it('are open only while open and before their end', () => {
    const now = Date.parse('2026-01-10T00:00:00Z');
    expect(isJobOpen({ status: 'open', expires_at: '2026-01-11T00:00:00Z' }, now)).toBe(true);
    expect(isJobOpen({ status: 'closed', expires_at: '2026-01-11T00:00:00Z' }, now)).toBe(false);
    expect(isJobOpen({ status: 'open', expires_at: '2026-01-09T00:00:00Z' }, now)).toBe(false);
    expect(isJobExpired({ expires_at: '2026-01-09T00:00:00Z' }, now)).toBe(true);
  });
});
