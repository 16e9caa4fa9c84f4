import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/use-test-app';
import { makeJob, makeUser, storedNotifications } from '../../test/factories';

type Job = { id: number; title: string };
const ids = (list: Job[]) => list.map((j) => j.id);

describe('jobs', () => {
  const t = useTestApp();

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  describe('POST /api/jobs', () => {
    it('posts a job as the caller and answers the job with its card fields', async () => {
      const poster = await makeUser(t, { name: 'Grace Njeri' });
      const res = await call('POST', '/api/jobs', poster.auth, {
        title: '  Site engineer ',
        company: '',
        location: 'Nakuru',
        type: 'Contract',
        description: 'Supervise a 4-storey build.',
        salary: 'KES 150,000',
        client_id: 999,
      });
      expect(res.statusCode).toBe(201);
      const job = res.json();
      expect(job).toMatchObject({
        title: 'Site engineer',
        company: '',
        location: 'Nakuru',
        type: 'Contract',
        job_type: 'Contract',
        description: 'Supervise a 4-storey build.',
        salary: 'KES 150,000',
        client_id: poster.id,
        name: 'Grace Njeri',
        username: poster.username,
        profile_pic: null,
        applied_by_me: false,
        saved_by_me: false,
        applicants_count: 0,
      });
      expect(job.applicants).toBeUndefined();
      expect(Number.isNaN(Date.parse(job.created_at))).toBe(false);
    });

    it('needs only a title; answers 400 with the field’s message, 401 to a visitor', async () => {
      const poster = await makeUser(t);
      const minimal = await call('POST', '/api/jobs', poster.auth, { title: 'Driver' });
      expect(minimal.statusCode).toBe(201);
      expect(minimal.json()).toMatchObject({
        company: '',
        location: '',
        type: '',
        description: '',
        salary: '',
      });
      for (const body of [{}, { title: '   ' }]) {
        const res = await call('POST', '/api/jobs', poster.auth, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: { title: 'Job title is required' },
        });
      }
      const long = await call('POST', '/api/jobs', poster.auth, { title: 'x', salary: 's'.repeat(101) });
      expect(long.json().errors.salary).toBe('Salary can be at most 100 characters');
      expect((await call('POST', '/api/jobs', {}, { title: 'Driver' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/jobs', () => {
    let t2: TestApp;
    const list = async (query = '', headers: Record<string, string> = {}) => {
      const res = await t2.app.inject({ method: 'GET', url: `/api/jobs${query}`, headers });
      expect(res.statusCode, query).toBe(200);
      return res.json() as Job[];
    };
    let jobs: Record<string, Job>;
    let ann: Awaited<ReturnType<typeof makeUser>>;
    let ben: Awaited<ReturnType<typeof makeUser>>;
    beforeAll(async () => {
      t2 = await buildTestApp();
      ann = await makeUser(t2, { name: 'Ann Wambui' });
      ben = await makeUser(t2);
      jobs = {
        accountant: await makeJob(t2, ann, {
          title: 'Accountant',
          company: 'Tujenge Ltd',
          location: 'Nairobi',
          type: 'Full-time',
          minutesAgo: 50,
        }),
        driver: await makeJob(t2, ben, {
          title: 'Driver',
          company: '',
          location: 'nairobi',
          type: 'Contract',
          minutesAgo: 40,
        }),
        percent: await makeJob(t2, ben, {
          title: 'Sales 100% commission',
          company: 'Soko_Bora',
          location: 'Mombasa',
          type: 'Part-time',
          minutesAgo: 30,
        }),
        plain: await makeJob(t2, ann, {
          title: 'Sales 100 commission',
          company: 'SokoXBora',
          location: 'Kisumu',
          type: 'full-time',
          minutesAgo: 20,
        }),
        backslash: await makeJob(t2, ann, {
          title: 'C:\\ admin',
          company: 'Tujenge Ltd',
          location: 'Eldoret',
          type: 'Contract',
          minutesAgo: 10,
        }),
      };
    });
    afterAll(() => t2.close());

    it('lists every job newest first to anyone, with the poster', async () => {
      const all = await list();
      expect(ids(all)).toEqual(
        ['backslash', 'plain', 'percent', 'driver', 'accountant'].map((k) => jobs[k]!.id),
      );
      expect(all.at(-1)).toMatchObject({ name: 'Ann Wambui', username: ann.username, client_id: ann.id });
    });

    it('filters by poster, type, location and company (case-insensitive)', async () => {
      expect(ids(await list(`?user_id=${ben.id}`))).toEqual([jobs.percent!.id, jobs.driver!.id]);
      expect(ids(await list('?type=Full-time'))).toEqual([jobs.plain!.id, jobs.accountant!.id]);
      expect(ids(await list('?location=NAIROBI'))).toEqual([jobs.driver!.id, jobs.accountant!.id]);
      expect(ids(await list('?company=tujenge%20ltd&type=Contract'))).toEqual([jobs.backslash!.id]);
      expect(await list('?location=Garissa')).toEqual([]);
    });

    it('searches title, company and location case-insensitively, with % _ and \\ taken literally', async () => {
      expect(ids(await list('?search=sales'))).toEqual([jobs.plain!.id, jobs.percent!.id]);
      expect(ids(await list(`?search=${encodeURIComponent('100%')}`))).toEqual([jobs.percent!.id]);
      expect(ids(await list(`?search=${encodeURIComponent('soko_')}`))).toEqual([jobs.percent!.id]);
      expect(ids(await list(`?search=${encodeURIComponent('%')}`))).toEqual([jobs.percent!.id]);
      expect(ids(await list(`?search=${encodeURIComponent('_')}`))).toEqual([jobs.percent!.id]);
      expect(ids(await list(`?search=${encodeURIComponent('C:\\')}`))).toEqual([jobs.backslash!.id]);
      expect(ids(await list('?search=MOMBASA'))).toEqual([jobs.percent!.id]);
    });

    it('walks the pages with the cursor, each job once; a bad cursor is 400', async () => {
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const res = await t2.app.inject({
          method: 'GET',
          url: `/api/jobs?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        });
        seen.push(...ids(res.json()));
        cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      } while (cursor);
      expect(seen).toEqual(ids(await list()));
      const bad = await t2.app.inject({ method: 'GET', url: '/api/jobs?cursor=abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('INVALID_CURSOR');
    });

    it('answers the distinct non-empty filter values, each once whatever its case', async () => {
      const res = await t2.app.inject({ method: 'GET', url: '/api/jobs/filters' });
      expect(res.statusCode).toBe(200);
      const { types, locations, companies } = res.json();
      expect(types).toHaveLength(3);
      expect(types.map((s: string) => s.toLowerCase())).toEqual(['contract', 'full-time', 'part-time']);
      expect(locations).toEqual(['Eldoret', 'Kisumu', 'Mombasa', expect.stringMatching(/^nairobi$/i)]);
      expect(companies).toEqual(['Soko_Bora', 'SokoXBora', 'Tujenge Ltd']);
    });

    it('tells the viewer which jobs they applied for and saved', async () => {
      const viewer = await makeUser(t2);
      await t2.app.inject({
        method: 'POST',
        url: `/api/jobs/${jobs.driver!.id}/apply`,
        headers: viewer.auth,
      });
      await t2.app.inject({
        method: 'POST',
        url: `/api/jobs/${jobs.percent!.id}/save`,
        headers: viewer.auth,
      });
      const seen = await list('', viewer.auth);
      const byId = new Map(seen.map((j) => [j.id, j as Job & Record<string, unknown>]));
      expect(byId.get(jobs.driver!.id)).toMatchObject({
        applied_by_me: true,
        saved_by_me: false,
        applicants_count: 1,
      });
      expect(byId.get(jobs.percent!.id)).toMatchObject({
        applied_by_me: false,
        saved_by_me: true,
        applicants_count: 0,
      });
      const anonymous = new Map((await list()).map((j) => [j.id, j as Job & Record<string, unknown>]));
      expect(anonymous.get(jobs.driver!.id)).toMatchObject({ applied_by_me: false, applicants_count: 1 });
    });
  });

  describe('GET /api/jobs/:id', () => {
    it('answers the job to anyone, with the applicants for its poster only', async () => {
      const poster = await makeUser(t);
      const applicant = await makeUser(t, { name: 'Omar Hassan' });
      const other = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const job = await makeJob(t, poster);
      await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth, {
        message: 'I have 5 years of experience.',
      });

      const asPoster = await call('GET', `/api/jobs/${job.id}`, poster.auth);
      expect(asPoster.statusCode).toBe(200);
      expect(asPoster.json().applicants).toEqual([
        {
          id: expect.any(Number),
          job_id: job.id,
          user_id: applicant.id,
          name: 'Omar Hassan',
          username: applicant.username,
          profile_pic: null,
          message: 'I have 5 years of experience.',
          status: 'submitted',
          has_cv: false,
          created_at: expect.any(String),
        },
      ]);
      for (const headers of [{}, other.auth, admin.auth, applicant.auth]) {
        const res = await call('GET', `/api/jobs/${job.id}`, headers);
        expect(res.statusCode).toBe(200);
        expect(res.json().applicants).toBeUndefined();
        expect(res.json().applicants_count).toBe(1);
      }
      expect((await call('GET', '/api/jobs/99999999')).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/jobs/:id', () => {
    it('lets the poster or an admin delete; 401 visitor, 403 other member, 404 unknown', async () => {
      const poster = await makeUser(t);
      const other = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const mine = await makeJob(t, poster);
      const moderated = await makeJob(t, poster);
      expect((await call('DELETE', `/api/jobs/${mine.id}`)).statusCode).toBe(401);
      const refused = await call('DELETE', `/api/jobs/${mine.id}`, other.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await call('DELETE', `/api/jobs/${mine.id}`, poster.auth)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/jobs/${moderated.id}`, admin.auth)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/jobs/${mine.id}`, poster.auth)).statusCode).toBe(404);
      expect((await call('GET', `/api/jobs/${moderated.id}`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/jobs/explore (Manage Jobs)', () => {
    it('answers admins by limit and offset; 401 to a visitor, 403 to a member', async () => {
      const t2 = await buildTestApp();
      try {
        const admin = await makeUser(t2, { role: 'admin' });
        const member = await makeUser(t2);
        const made = [];
        for (let i = 0; i < 5; i++)
          made.push(await makeJob(t2, member, { title: `Job ${i}`, minutesAgo: 10 - i }));
        const get = (url: string, headers: Record<string, string> = {}) =>
          t2.app.inject({ method: 'GET', url, headers });
        const all = await get('/api/jobs/explore?limit=100&offset=0', admin.auth);
        expect(all.statusCode).toBe(200);
        expect(ids(all.json())).toEqual(made.map((j) => j.id).reverse());
        const second = await get('/api/jobs/explore?limit=2&offset=2', admin.auth);
        expect(ids(second.json())).toEqual([made[2]!.id, made[1]!.id]);
        expect(ids((await get('/api/jobs/explore', admin.auth)).json())).toHaveLength(5);
        expect((await get('/api/jobs/explore?offset=-1', admin.auth)).statusCode).toBe(400);
        expect((await get('/api/jobs/explore')).statusCode).toBe(401);
        const member403 = await get('/api/jobs/explore', member.auth);
        expect(member403.statusCode).toBe(403);
        expect(member403.json().code).toBe('FORBIDDEN');
      } finally {
        await t2.close();
      }
    });
  });

  describe('POST /api/jobs/:id/apply', () => {
    it('applies once and notifies the poster; 409 ALREADY_APPLIED after', async () => {
      const poster = await makeUser(t);
      const applicant = await makeUser(t, { name: 'Faith Akinyi' });
      const job = await makeJob(t, poster, { title: 'Nurse' });
      const res = await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        job_id: job.id,
        user_id: applicant.id,
        name: 'Faith Akinyi',
        message: '',
      });
      const again = await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth, { message: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_APPLIED');
      const notes = (await storedNotifications(t, poster.id)).map(({ message, type, is_read }) => ({
        message,
        type,
        is_read,
      }));
      expect(notes).toEqual([
        { message: 'Faith Akinyi applied for your job Nurse', type: 'info', is_read: false },
      ]);
    });

    it('counts one application when a member clicks Apply several times at once', async () => {
      const poster = await makeUser(t);
      const applicant = await makeUser(t);
      const job = await makeJob(t, poster);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', `/api/jobs/${job.id}/apply`, applicant.auth)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      const { count } = await t.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', poster.id)
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(1);
    });

    it('refuses one’s own job (403), an unknown job (404), a visitor (401)', async () => {
      const poster = await makeUser(t);
      const job = await makeJob(t, poster);
      const own = await call('POST', `/api/jobs/${job.id}/apply`, poster.auth);
      expect(own.statusCode).toBe(403);
      expect((await call('POST', '/api/jobs/99999999/apply', poster.auth)).statusCode).toBe(404);
      expect((await call('POST', `/api/jobs/${job.id}/apply`)).statusCode).toBe(401);
      const long = await call('POST', `/api/jobs/${job.id}/apply`, (await makeUser(t)).auth, {
        message: 'm'.repeat(2001),
      });
      expect(long.statusCode).toBe(400);
    });
  });

  describe('saved jobs', () => {
    it('saves and unsaves idempotently and lists the saved jobs, latest saved first', async () => {
      const poster = await makeUser(t);
      const member = await makeUser(t);
      const first = await makeJob(t, poster, { title: 'First' });
      const second = await makeJob(t, poster, { title: 'Second' });
      const third = await makeJob(t, poster, { title: 'Third' });
      for (const job of [second, first, third, first]) {
        const res = await call('POST', `/api/jobs/${job.id}/save`, member.auth);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ saved: true });
      }
      const saved = await call('GET', '/api/jobs/saved', member.auth);
      expect(saved.statusCode).toBe(200);
      expect(ids(saved.json())).toEqual([third.id, first.id, second.id]);
      expect(saved.json().every((j: { saved_by_me: boolean }) => j.saved_by_me)).toBe(true);

      const page1 = await call('GET', '/api/jobs/saved?limit=2', member.auth);
      expect(ids(page1.json())).toEqual([third.id, first.id]);
      const cursor = page1.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      const page2 = await call('GET', `/api/jobs/saved?limit=2&cursor=${cursor}`, member.auth);
      expect(ids(page2.json())).toEqual([second.id]);
      expect(page2.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();

      for (let i = 0; i < 2; i++) {
        const res = await call('DELETE', `/api/jobs/${first.id}/save`, member.auth);
        expect(res.json()).toEqual({ saved: false });
      }
      expect(ids((await call('GET', '/api/jobs/saved', member.auth)).json())).toEqual([third.id, second.id]);
      expect((await call('GET', '/api/jobs/saved', poster.auth)).json()).toEqual([]);
    });

    it('answers 401 to a visitor and 404 for an unknown job', async () => {
      const member = await makeUser(t);
      expect((await call('GET', '/api/jobs/saved')).statusCode).toBe(401);
      expect((await call('POST', '/api/jobs/1/save')).statusCode).toBe(401);
      expect((await call('DELETE', '/api/jobs/1/save')).statusCode).toBe(401);
      expect((await call('POST', '/api/jobs/99999999/save', member.auth)).statusCode).toBe(404);
      expect((await call('DELETE', '/api/jobs/99999999/save', member.auth)).statusCode).toBe(404);
    });
  });
});
