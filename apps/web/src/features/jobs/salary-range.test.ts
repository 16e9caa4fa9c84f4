import { describe, expect, it } from 'vitest';
import { salaryRangeText } from './salary-range';

const job = (over: Partial<Parameters<typeof salaryRangeText>[0]>) => ({
  currency: 'KES' as const,
  salary_min: null,
  salary_max: null,
  salary_period: null,
  ...over,
});

describe('salaryRangeText (docs/design.md#money-in-kenya-shillings)', () => {
  it('writes a range, one end or one amount in the job’s currency, with its period', () => {
    expect(salaryRangeText(job({ salary_min: 30000, salary_max: 40000, salary_period: 'month' }))).toBe(
      'KSh 30,000 – KSh 40,000 per month',
    );
    expect(salaryRangeText(job({ salary_min: 1500, salary_period: 'day' }))).toBe('From KSh 1,500 per day');
    expect(salaryRangeText(job({ salary_max: 250, currency: 'USD' }))).toBe('Up to US$250');
    expect(salaryRangeText(job({ salary_min: 500, salary_max: 500, salary_period: 'project' }))).toBe(
      'KSh 500 per project',
    );
    expect(salaryRangeText(job({}))).toBeNull();
  });
});
