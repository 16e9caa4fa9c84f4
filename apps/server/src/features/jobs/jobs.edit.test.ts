import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeUser } from '../../test/factories';
import { expectOnlyOwnerEdits, expectOwnerEdit } from '../../test/owner-edit';

// Jobs in shillings with a salary range, and the poster's edit (docs/design.md#money-in-kenya-shillings, docs/design.md#offers-that-behave-like-a-marketplace).
describe('jobs: salary range, currency and PATCH /api/jobs/:id', () => {
  const t = useTestApp();

  const call = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method, url, headers, payload });

  it('keeps the free-text salary beside an optional range, period and currency (KES by default)', async () => {
    const poster = await makeUser(t);
    const res = await call('POST', '/api/jobs', poster.auth, {
      title: 'Driver',
      salary: 'KSh 30,000 – 40,000 a month',
      salary_min: 30000,
      salary_max: '40000',
      salary_period: 'month',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      salary: 'KSh 30,000 – 40,000 a month',
      currency: 'KES',
      salary_min: 30000,
      salary_max: 40000,
      salary_period: 'month',
      edited_at: null,
    });
    const plain = await call('POST', '/api/jobs', poster.auth, { title: 'Cook' });
    expect(plain.json()).toMatchObject({
      currency: 'KES',
      salary_min: null,
      salary_max: null,
      salary_period: null,
    });
    const usd = await call('POST', '/api/jobs', poster.auth, {
      title: 'Guide',
      currency: 'USD',
      salary_min: 50,
    });
    expect(usd.json()).toMatchObject({ currency: 'USD', salary_min: 50, salary_max: null });
  });

  it('refuses a range whose max is below its min, a period outside the five, a currency outside KES/USD', async () => {
    const poster = await makeUser(t);
    const reversed = await call('POST', '/api/jobs', poster.auth, {
      title: 'Nurse',
      salary_min: 50000,
      salary_max: 40000,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.salary_max).toBe('Maximum salary cannot be less than the minimum');
    const period = await call('POST', '/api/jobs', poster.auth, { title: 'Nurse', salary_period: 'year' });
    expect(period.json().errors.salary_period).toBe('Choose hour, day, week, month or project');
    const negative = await call('POST', '/api/jobs', poster.auth, { title: 'Nurse', salary_min: -1 });
    expect(negative.json().errors.salary_min).toBe('Minimum salary cannot be negative');
    const euro = await call('POST', '/api/jobs', poster.auth, { title: 'Nurse', currency: 'EUR' });
    expect(euro.json().errors.currency).toBe('Currency must be KES or USD');
  });

  it('lets the poster edit under the create rules, answering the job with edited_at; the range stays in order', async () => {
    const poster = await makeUser(t);
    const other = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const job = (
      await call('POST', '/api/jobs', poster.auth, {
        title: 'Welder',
        company: 'Jua Kali Works',
        salary_min: 20000,
      })
    ).json();
    await expectOwnerEdit(
      t,
      `/api/jobs/${job.id}`,
      poster,
      { title: ' Senior welder ', salary_max: 35000, salary_period: 'month' },
      {
        id: job.id,
        title: 'Senior welder',
        company: 'Jua Kali Works',
        salary_min: 20000,
        salary_max: 35000,
        salary_period: 'month',
      },
    );
    // One end against the stored other.
    const below = await call('PATCH', `/api/jobs/${job.id}`, poster.auth, { salary_max: 10000 });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors.salary_max).toBe('Maximum salary cannot be less than the minimum');
    const cleared = await call('PATCH', `/api/jobs/${job.id}`, poster.auth, {
      salary_min: null,
      salary_max: 10000,
    });
    expect(cleared.json()).toMatchObject({ salary_min: null, salary_max: 10000 });
    const empty = await call('PATCH', `/api/jobs/${job.id}`, poster.auth, { title: '' });
    expect(empty.json().errors.title).toBe('Job title is required');
    await expectOnlyOwnerEdits(t, {
      url: `/api/jobs/${job.id}`,
      unknownUrl: '/api/jobs/99999999',
      owner: poster,
      others: [other, admin],
      field: 'title',
    });
  });
});
