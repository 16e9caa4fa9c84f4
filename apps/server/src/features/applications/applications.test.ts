import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeJob, makeUser, multipart, notificationsOf } from '../../test/factories';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('job applications (docs/design.md#job-applications)', () => {
  const t = useTestApp();

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const applyWithCv = async (
    auth: Record<string, string>,
    jobId: number,
    data: Buffer,
    message = 'My CV is attached',
  ) => {
    const form = await multipart(
      { message },
      { field: 'cv', filename: 'cv.pdf', data, type: 'application/pdf' },
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/apply`,
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
  };
  const cvFiles = () => {
    const dir = path.join(t.dataDir, 'private', 'cv');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const setup = async () => {
    const poster = await makeUser(t, { name: 'Zawadi Mwangaza' });
    const applicant = await makeUser(t, { name: 'Tumaini Kipchirchir' });
    const job = await makeJob(t, poster, { title: 'Lab technician', company: 'Afya Labs' });
    return { poster, applicant, job };
  };

  describe('POST /api/jobs/:id/apply', () => {
    it('answers the application with its status and has_cv; twice is 409 ALREADY_APPLIED', async () => {
      const { poster, applicant, job } = await setup();
      const res = await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth, { message: ' Habari ' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        id: expect.any(Number),
        job_id: job.id,
        user_id: applicant.id,
        message: 'Habari',
        status: 'submitted',
        has_cv: false,
        created_at: expect.any(String),
      });
      const again = await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth, { message: 'x' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_APPLIED');
      expect(await notificationsOf(t, poster.id)).toEqual([
        { message: 'Tumaini Kipchirchir applied for your job Lab technician', type: 'info' },
      ]);
      const read = await call('GET', `/api/jobs/${job.id}`, applicant.auth);
      expect(read.json()).toMatchObject({ applied_by_me: true, my_application_status: 'submitted' });
    });

    it('takes a PDF CV in a multipart form and keeps it outside the public media folder', async () => {
      const { applicant, job } = await setup();
      const before = cvFiles().length;
      const res = await applyWithCv(applicant.auth, job.id, PDF);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ has_cv: true, message: 'My CV is attached' });
      expect(cvFiles()).toHaveLength(before + 1);
      const row = await t.db
        .selectFrom('job_applications')
        .select('cv_path')
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row.cv_path).toMatch(/^cv\/[0-9a-f-]{36}\.pdf$/);
      // Not served under /media.
      expect((await call('GET', `/media/${row.cv_path}`)).statusCode).toBe(404);
      expect((await call('GET', `/media/../private/${row.cv_path}`)).statusCode).toBe(404);
    });

    it('refuses a CV that is not a PDF by its bytes (400) and one over 5 MB (413); stores nothing', async () => {
      const { applicant, job } = await setup();
      const before = cvFiles().length;
      const fake = await applyWithCv(applicant.auth, job.id, Buffer.from('MZ\x90\x00 not a pdf at all'));
      expect(fake.statusCode).toBe(400);
      expect(fake.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { cv: 'The CV must be a PDF file' },
      });
      const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
      const tooLarge = await applyWithCv(applicant.auth, job.id, big);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');
      expect(cvFiles()).toHaveLength(before);
      // Neither counted as an application.
      expect((await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth)).statusCode).toBe(201);
    });

    it('refuses one’s own job (403), a long message (400), a closed or expired job (409 JOB_CLOSED)', async () => {
      const { poster, applicant, job } = await setup();
      expect((await call('POST', `/api/jobs/${job.id}/apply`, poster.auth)).statusCode).toBe(403);
      const long = await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth, {
        message: 'm'.repeat(2001),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors.message).toBe('Message can be at most 2000 characters');

      const close = await call('PATCH', `/api/jobs/${job.id}`, poster.auth, { status: 'closed' });
      expect(close.statusCode).toBe(200);
      expect(close.json()).toMatchObject({ status: 'closed', edited_at: null });
      const closed = await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('JOB_CLOSED');

      const expiring = await makeJob(t, poster);
      await t.db
        .updateTable('jobs')
        .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
        .where('id', '=', expiring.id)
        .execute();
      const expired = await call('POST', `/api/jobs/${expiring.id}/apply`, applicant.auth);
      expect(expired.statusCode).toBe(409);
      expect(expired.json().code).toBe('JOB_CLOSED');
    });

    it('lets exactly one of 20 parallel applies by one member land', async () => {
      const { applicant, job } = await setup();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? applyWithCv(applicant.auth, job.id, PDF)
            : call('POST', `/api/jobs/${job.id}/apply`, applicant.auth),
        ),
      );
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      const { count } = await t.db
        .selectFrom('job_applications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('job_id', '=', job.id)
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(1);
      // The losers' CV files were removed again.
      const withCv = await t.db
        .selectFrom('job_applications')
        .select('cv_path')
        .where('cv_path', 'is not', null)
        .execute();
      expect(cvFiles().sort()).toEqual(withCv.map((r) => r.cv_path!.slice('cv/'.length)).sort());
    });

    it('replays the answer for a repeated Idempotency-Key', async () => {
      const { applicant, job } = await setup();
      const headers = { ...applicant.auth, 'idempotency-key': `apply-${job.id}` };
      const first = await call('POST', `/api/jobs/${job.id}/apply`, headers, { message: 'Once' });
      const second = await call('POST', `/api/jobs/${job.id}/apply`, headers, { message: 'Once' });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json().id).toBe(first.json().id);
    });
  });

  describe('PATCH /api/applications/:id', () => {
    it('the poster moves it along and the applicant is told; the applicant withdraws; others 403', async () => {
      const { poster, applicant, job } = await setup();
      const other = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const { id } = (await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth)).json();
      const url = `/api/applications/${id}`;

      const shortlist = await call('PATCH', url, poster.auth, { status: 'shortlisted' });
      expect(shortlist.statusCode).toBe(200);
      expect(shortlist.json()).toMatchObject({
        id,
        status: 'shortlisted',
        status_changed_at: expect.any(String),
      });
      expect(await notificationsOf(t, applicant.id)).toEqual([
        { message: 'You were shortlisted for Lab technician', type: 'success' },
      ]);
      // The same status again changes nothing and tells nobody.
      expect((await call('PATCH', url, poster.auth, { status: 'shortlisted' })).statusCode).toBe(200);
      expect(await notificationsOf(t, applicant.id)).toHaveLength(1);

      for (const [auth, status] of [
        [poster.auth, 'withdrawn'],
        [poster.auth, 'submitted'],
        [applicant.auth, 'hired'],
        [other.auth, 'viewed'],
        [admin.auth, 'rejected'],
      ] as const) {
        const res = await call('PATCH', url, auth, { status });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await call('PATCH', url, poster.auth, { status: 'lost' })).statusCode).toBe(400);
      expect(
        (await call('PATCH', '/api/applications/99999999', poster.auth, { status: 'viewed' })).statusCode,
      ).toBe(404);
      expect((await call('PATCH', url, {}, { status: 'viewed' })).statusCode).toBe(401);

      const withdraw = await call('PATCH', url, applicant.auth, { status: 'withdrawn' });
      expect(withdraw.statusCode).toBe(200);
      expect(withdraw.json().status).toBe('withdrawn');
      const late = await call('PATCH', url, poster.auth, { status: 'hired' });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('APPLICATION_WITHDRAWN');
      expect(await notificationsOf(t, applicant.id)).toHaveLength(1);
    });
  });

  describe('lists', () => {
    it('GET /api/applications/me: mine, newest first, with the job’s title and company, keyset pages', async () => {
      const poster = await makeUser(t);
      const me = await makeUser(t);
      const first = await makeJob(t, poster, { title: 'Cashier', company: 'Duka Moja' });
      const second = await makeJob(t, poster, { title: 'Barista', company: '' });
      await call('POST', `/api/jobs/${first.id}/apply`, me.auth);
      await call('POST', `/api/jobs/${second.id}/apply`, me.auth, { message: 'Coffee' });
      await call('POST', `/api/jobs/${first.id}/apply`, (await makeUser(t)).auth);

      const page1 = await call('GET', '/api/applications/me?limit=1', me.auth);
      expect(page1.statusCode).toBe(200);
      expect(page1.json()).toEqual([
        {
          id: expect.any(Number),
          job_id: second.id,
          user_id: me.id,
          message: 'Coffee',
          status: 'submitted',
          has_cv: false,
          created_at: expect.any(String),
          status_changed_at: null,
          job_title: 'Barista',
          company: '',
        },
      ]);
      const cursor = page1.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
      expect(cursor).toBeTruthy();
      const page2 = await call(
        'GET',
        `/api/applications/me?limit=1&cursor=${encodeURIComponent(cursor)}`,
        me.auth,
      );
      expect(page2.json().map((a: { job_title: string }) => a.job_title)).toEqual(['Cashier']);
      expect(page2.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
      expect((await call('GET', '/api/applications/me')).statusCode).toBe(401);
    });

    it('GET /api/jobs/:id/applications: the poster and admins, with the applicant, filtered by status', async () => {
      const { poster, applicant, job } = await setup();
      const second = await makeUser(t, { name: 'Neema Wairimu' });
      const a1 = (await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth, { message: 'One' })).json();
      await applyWithCv(second.auth, job.id, PDF, 'Two');
      await call('PATCH', `/api/applications/${a1.id}`, poster.auth, { status: 'rejected' });

      const all = await call('GET', `/api/jobs/${job.id}/applications`, poster.auth);
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual([
        expect.objectContaining({
          message: 'Two',
          status: 'submitted',
          has_cv: true,
          applicant: { id: second.id, username: second.username, name: 'Neema Wairimu', profile_pic: null },
        }),
        expect.objectContaining({ id: a1.id, status: 'rejected', has_cv: false }),
      ]);
      const rejected = await call('GET', `/api/jobs/${job.id}/applications?status=rejected`, poster.auth);
      expect(rejected.json().map((a: { id: number }) => a.id)).toEqual([a1.id]);
      const admin = await makeUser(t, { role: 'admin' });
      expect((await call('GET', `/api/jobs/${job.id}/applications`, admin.auth)).json()).toHaveLength(2);
      const forbidden = await call('GET', `/api/jobs/${job.id}/applications`, applicant.auth);
      expect(forbidden.statusCode).toBe(403);
      expect(
        (await call('GET', `/api/jobs/${job.id}/applications?status=nope`, poster.auth)).statusCode,
      ).toBe(400);
      expect((await call('GET', '/api/jobs/99999999/applications', poster.auth)).statusCode).toBe(404);
    });
  });

  describe('GET /api/applications/:id/cv', () => {
    it('answers the PDF as an attachment to the poster and the applicant only; 404 without a CV', async () => {
      const { poster, applicant, job } = await setup();
      const { id } = (await applyWithCv(applicant.auth, job.id, PDF)).json();
      for (const auth of [poster.auth, applicant.auth]) {
        const res = await call('GET', `/api/applications/${id}/cv`, auth);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe('attachment; filename="cv.pdf"');
        expect(res.rawPayload.equals(PDF)).toBe(true);
      }
      for (const auth of [(await makeUser(t)).auth, (await makeUser(t, { role: 'admin' })).auth]) {
        expect((await call('GET', `/api/applications/${id}/cv`, auth)).statusCode).toBe(403);
      }
      expect((await call('GET', `/api/applications/${id}/cv`)).statusCode).toBe(401);
      const plain = (await call('POST', `/api/jobs/${job.id}/apply`, (await makeUser(t)).auth)).json();
      expect((await call('GET', `/api/applications/${plain.id}/cv`, poster.auth)).statusCode).toBe(404);
      expect((await call('GET', '/api/applications/99999999/cv', poster.auth)).statusCode).toBe(404);
    });

    it('erases the member’s CVs with their account, and a job’s CVs with the job', async () => {
      const { poster, applicant, job } = await setup();
      const sent = (await applyWithCv(applicant.auth, job.id, PDF)).json();
      const other = await makeUser(t);
      const otherJob = await makeJob(t, poster);
      const toDelete = (await applyWithCv(other.auth, otherJob.id, PDF)).json();
      const keyOf = async (id: number) =>
        (
          await t.db
            .selectFrom('job_applications')
            .select('cv_path')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).cv_path!;
      const sentFile = path.join(t.dataDir, 'private', await keyOf(sent.id));
      const jobFile = path.join(t.dataDir, 'private', await keyOf(toDelete.id));
      expect(existsSync(sentFile) && existsSync(jobFile)).toBe(true);

      expect((await call('DELETE', `/api/jobs/${otherJob.id}`, poster.auth)).statusCode).toBe(204);
      expect(existsSync(jobFile)).toBe(false);
      expect((await call('DELETE', `/api/users/${applicant.id}`, applicant.auth)).statusCode).toBe(204);
      expect(existsSync(sentFile)).toBe(false);
    });
  });

  describe('jobs that close and expire', () => {
    it('answers status and expires_at (30 days by default, 1–90 chosen); refuses other numbers', async () => {
      const poster = await makeUser(t);
      const res = await call('POST', '/api/jobs', poster.auth, { title: 'Fundi' });
      expect(res.statusCode).toBe(201);
      const days = (Date.parse(res.json().expires_at) - Date.now()) / 86_400_000;
      expect(res.json().status).toBe('open');
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      const short = await call('POST', '/api/jobs', poster.auth, { title: 'Fundi', expires_in_days: 7 });
      expect((Date.parse(short.json().expires_at) - Date.now()) / 86_400_000).toBeCloseTo(7, 1);
      for (const expires_in_days of [0, 91, 2.5]) {
        const bad = await call('POST', '/api/jobs', poster.auth, { title: 'Fundi', expires_in_days });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors.expires_in_days).toBeTruthy();
      }
      const longer = await call('PATCH', `/api/jobs/${short.json().id}`, poster.auth, {
        expires_in_days: 90,
      });
      expect(longer.statusCode).toBe(200);
      expect((Date.parse(longer.json().expires_at) - Date.now()) / 86_400_000).toBeCloseTo(90, 1);
      const other = await makeUser(t);
      expect(
        (await call('PATCH', `/api/jobs/${short.json().id}`, other.auth, { status: 'closed' })).statusCode,
      ).toBe(403);
    });

    it('closed and expired jobs leave the public lists, not the poster’s profile or their direct read', async () => {
      const poster = await makeUser(t);
      const title = `Hiring Zuhura ${Date.now()}`;
      const company = `Zuhura Works ${Date.now()}`;
      const open = await makeJob(t, poster, { title: `${title} open`, company });
      const closing = await makeJob(t, poster, { title: `${title} closing`, company: `${company} B` });
      const expiring = await makeJob(t, poster, { title: `${title} expiring`, company: `${company} C` });
      await call('PATCH', `/api/jobs/${closing.id}`, poster.auth, { status: 'closed' });
      await t.db
        .updateTable('jobs')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', expiring.id)
        .execute();
      const titles = (res: { json: () => { title: string }[] }) =>
        res
          .json()
          .map((j) => j.title)
          .sort();

      const feed = await call('GET', `/api/jobs?search=${encodeURIComponent(title)}`);
      expect(titles(feed)).toEqual([`${title} open`]);
      const hiring = await call('GET', `/api/hiring/explore?search=${encodeURIComponent(title)}`);
      expect(hiring.json().map((h: { role: string }) => h.role)).toEqual([`${title} open`]);
      const profile = await call('GET', `/api/jobs?user_id=${poster.id}`);
      expect(titles(profile)).toEqual([`${title} closing`, `${title} expiring`, `${title} open`]);
      const direct = await call('GET', `/api/jobs/${closing.id}`);
      expect(direct.json()).toMatchObject({ status: 'closed' });
      expect(open.id).toBeGreaterThan(0);

      // Reopening: a closed job that has not expired opens again; an expired one needs new days.
      const reopened = await call('PATCH', `/api/jobs/${closing.id}`, poster.auth, { status: 'open' });
      expect(reopened.json().status).toBe('open');
      const stale = await call('PATCH', `/api/jobs/${expiring.id}`, poster.auth, { status: 'open' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('JOB_CLOSED');
      const renewed = await call('PATCH', `/api/jobs/${expiring.id}`, poster.auth, {
        status: 'open',
        expires_in_days: 5,
      });
      expect(renewed.statusCode).toBe(200);
      expect(titles(await call('GET', `/api/jobs?search=${encodeURIComponent(title)}`))).toHaveLength(3);
    });
  });
});
