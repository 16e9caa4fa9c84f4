import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { injectCaller, useTestApp } from '../../test/use-test-app';
import { makeBid, makeJob, makeOffer, makeUser, notificationsOf } from '../../test/factories';
import { findRatingDrift } from '../../test/invariants';

type Member = Awaited<ReturnType<typeof makeUser>>;

describe('reviews', () => {
  const t = useTestApp();

  const call = injectCaller(t);
  const review = (member: Member, payload: object, headers: Record<string, string> = {}) =>
    call('POST', '/api/reviews', { ...member.auth, ...headers }, payload);

  /** A bid with two offers; the first accepted through the API, and the bid Completed when asked. */
  async function deal(opts: { complete?: boolean } = { complete: true }) {
    const client = await makeUser(t, { name: 'Client Wanjiru' });
    const winner = await makeUser(t, { name: 'Winner Kiprop' });
    const loser = await makeUser(t, { name: 'Loser Mwangi' });
    const bid = await makeBid(t, client, { job_title: 'Fence for a shamba' });
    const won = await makeOffer(t, bid, winner, { offer_price: 400 });
    await makeOffer(t, bid, loser, { offer_price: 450 });
    expect((await call('PUT', `/api/bids/offer/accept/${won.id}`, client.auth)).statusCode).toBe(200);
    if (opts.complete) {
      expect((await call('POST', `/api/bids/${bid.id}/complete`, client.auth)).statusCode).toBe(200);
    }
    return { client, winner, loser, bid };
  }

  describe('POST /api/reviews (bids)', () => {
    it('lets the owner and the winner review each other once after Completed; the reviewee is told', async () => {
      const { client, winner, bid } = await deal();
      const first = await review(client, { bid_id: bid.id, rating: 5, text: ' Fast and tidy work. ' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({
        id: expect.any(Number),
        reviewer: { id: client.id, username: client.username, name: 'Client Wanjiru', profile_pic: null },
        reviewee_id: winner.id,
        bid_id: bid.id,
        application_id: null,
        listing_title: 'Fence for a shamba',
        rating: 5,
        text: 'Fast and tidy work.',
        created_at: expect.any(String),
      });
      const back = await review(winner, { bid_id: bid.id, rating: 4, text: '' });
      expect(back.statusCode).toBe(201);
      expect(back.json()).toMatchObject({ reviewee_id: client.id, rating: 4, text: '' });

      const again = await review(client, { bid_id: bid.id, rating: 1, text: 'Changed my mind' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_REVIEWED');

      const told = (await notificationsOf(t, winner.id)).at(-1);
      expect(told).toEqual({
        message: 'Client Wanjiru reviewed you for Fence for a shamba: 5 stars',
        type: 'success',
      });
      const profile = await call('GET', `/api/users/${winner.id}`);
      expect(profile.json()).toMatchObject({ rating_avg: 5, rating_count: 1 });
      const clientProfile = await call('GET', `/api/users/${encodeURIComponent(client.username)}`);
      expect(clientProfile.json()).toMatchObject({ rating_avg: 4, rating_count: 1 });
    });

    it('refuses anyone else (403), a bid not yet Completed (409) and an unknown bid (404)', async () => {
      const { client, winner, loser, bid } = await deal({ complete: false });
      const stranger = await makeUser(t);
      for (const who of [loser, stranger]) {
        const res = await review(who, { bid_id: bid.id, rating: 3 });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      for (const who of [client, winner]) {
        const res = await review(who, { bid_id: bid.id, rating: 3 });
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('DEAL_NOT_COMPLETED');
      }
      // An Open bid has no winner yet: its owner is told to wait, everyone else refused.
      const open = await makeBid(t, client);
      await makeOffer(t, open, winner);
      expect((await review(client, { bid_id: open.id, rating: 3 })).json().code).toBe('DEAL_NOT_COMPLETED');
      expect((await review(winner, { bid_id: open.id, rating: 3 })).statusCode).toBe(403);
      const missing = await review(client, { bid_id: 999999, rating: 3 });
      expect(missing.statusCode).toBe(404);
      expect((await call('POST', '/api/reviews', {}, { bid_id: bid.id, rating: 3 })).statusCode).toBe(401);
      const { rating_count } = await t.db
        .selectFrom('users')
        .select('rating_count')
        .where('id', '=', winner.id)
        .executeTakeFirstOrThrow();
      expect(rating_count).toBe(0);
    });

    it('checks the rating, the text and that exactly one deal is named', async () => {
      const { client, bid } = await deal();
      const cases: [object, string, string][] = [
        [{ bid_id: bid.id, rating: 0 }, 'rating', 'Choose a rating from 1 to 5 stars'],
        [{ bid_id: bid.id, rating: 6 }, 'rating', 'Choose a rating from 1 to 5 stars'],
        [{ bid_id: bid.id, rating: 2.5 }, 'rating', 'Choose a rating from 1 to 5 stars'],
        [{ bid_id: bid.id }, 'rating', 'Choose a rating from 1 to 5 stars'],
        [
          { bid_id: bid.id, rating: 4, text: 'x'.repeat(1001) },
          'text',
          'Review can be at most 1000 characters',
        ],
        [{ rating: 4 }, 'bid_id', 'Name either the bid or the job application you are reviewing'],
        [
          { bid_id: bid.id, application_id: 1, rating: 4 },
          'bid_id',
          'Name either the bid or the job application you are reviewing',
        ],
      ];
      for (const [payload, field, message] of cases) {
        const res = await review(client, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors[field]).toBe(message);
      }
      expect((await review(client, { bid_id: bid.id, rating: 4, text: 'x'.repeat(1000) })).statusCode).toBe(
        201,
      );
    });

    it('answers exactly one of parallel duplicate reviews; the rating counts once', async () => {
      const { client, winner, bid } = await deal();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => review(client, { bid_id: bid.id, rating: 4, text: 'Good' })),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
      const row = await t.db
        .selectFrom('users')
        .select(['rating_sum', 'rating_count'])
        .where('id', '=', winner.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ rating_sum: 4, rating_count: 1 });
    });

    it('replays the answer of a repeated Idempotency-Key instead of a 409', async () => {
      const { client, bid } = await deal();
      const key = { 'idempotency-key': `review-${bid.id}` };
      const first = await review(client, { bid_id: bid.id, rating: 5 }, key);
      const repeat = await review(client, { bid_id: bid.id, rating: 5 }, key);
      expect(first.statusCode).toBe(201);
      expect(repeat.statusCode).toBe(201);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(repeat.json().id).toBe(first.json().id);
    });

    it('refuses a review across a block (403)', async () => {
      const { client, winner, bid } = await deal();
      await call('POST', `/api/users/${encodeURIComponent(winner.username)}/block`, client.auth);
      const res = await review(winner, { bid_id: bid.id, rating: 2 });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('BLOCKED');
    });
  });

  describe('POST /api/reviews (job applications)', () => {
    async function application(status: string) {
      const poster = await makeUser(t);
      const applicant = await makeUser(t);
      const job = await makeJob(t, poster);
      const { id } = await t.db
        .insertInto('job_applications')
        .values({ job_id: job.id, user_id: applicant.id, message: 'I keep books for two SACCOs.' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`update job_applications set status = ${status} where id = ${id}`.execute(t.db);
      return { poster, applicant, id };
    }

    it('lets the poster and the hired member review each other once', async () => {
      const { poster, applicant, id } = await application('hired');
      const res = await review(poster, { application_id: id, rating: 4, text: 'Reliable.' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ reviewee_id: applicant.id, bid_id: null, application_id: id });
      expect((await review(applicant, { application_id: id, rating: 5 })).statusCode).toBe(201);
      expect((await review(applicant, { application_id: id, rating: 5 })).json().code).toBe(
        'ALREADY_REVIEWED',
      );
    });

    it('refuses before a hire (409), anyone else (403), an unknown application (404)', async () => {
      const { poster, applicant, id } = await application('shortlisted');
      expect((await review(poster, { application_id: id, rating: 4 })).json().code).toBe(
        'DEAL_NOT_COMPLETED',
      );
      expect((await review(applicant, { application_id: id, rating: 4 })).statusCode).toBe(409);
      expect((await review(await makeUser(t), { application_id: id, rating: 4 })).statusCode).toBe(403);
      expect((await review(poster, { application_id: 999999, rating: 4 })).statusCode).toBe(404);
    });
  });

  describe('a review outlives its listing', () => {
    /** The member's reviews as the API lists them, and the rating their profile shows. */
    async function ratingOf(member: Member) {
      const listed = await call('GET', `/api/users/${member.id}/reviews`);
      const profile = (await call('GET', `/api/users/${member.id}`)).json();
      return { listed: listed.json(), rating_count: profile.rating_count, rating_avg: profile.rating_avg };
    }

    it('keeps both reviews of a Completed bid, with its title, when the owner deletes the bid', async () => {
      const { client, winner, bid } = await deal();
      expect((await review(client, { bid_id: bid.id, rating: 1, text: 'Never finished' })).statusCode).toBe(
        201,
      );
      expect((await review(winner, { bid_id: bid.id, rating: 5 })).statusCode).toBe(201);
      expect((await call('DELETE', `/api/bids/${bid.id}`, client.auth)).statusCode).toBe(204);

      const winnerRating = await ratingOf(winner);
      expect(winnerRating.listed).toEqual([
        expect.objectContaining({
          reviewer: expect.objectContaining({ id: client.id }),
          bid_id: null,
          application_id: null,
          listing_title: 'Fence for a shamba',
          rating: 1,
          text: 'Never finished',
        }),
      ]);
      expect(winnerRating).toMatchObject({ rating_count: 1, rating_avg: 1 });
      expect((await ratingOf(client)).listed).toEqual([
        expect.objectContaining({ listing_title: 'Fence for a shamba', rating: 5 }),
      ]);
      // The deal is gone: it takes no new review (its reviews stay), and the ratings add up.
      expect((await review(winner, { bid_id: bid.id, rating: 2 })).statusCode).toBe(404);
      expect(await findRatingDrift(t.db)).toEqual([]);
    });

    it('keeps the reviews of a hire when the poster deletes the job', async () => {
      const poster = await makeUser(t);
      const hired = await makeUser(t);
      const job = await makeJob(t, poster, { title: 'Bookkeeper for a chama' });
      const applied = await call('POST', `/api/jobs/${job.id}/apply`, hired.auth, { message: 'Ready' });
      expect(applied.statusCode).toBe(201);
      const applicationId = applied.json().id as number;
      const hire = await call('PATCH', `/api/applications/${applicationId}`, poster.auth, {
        status: 'hired',
      });
      expect(hire.statusCode).toBe(200);
      const written = await review(poster, { application_id: applicationId, rating: 4, text: 'Careful' });
      expect(written.json()).toMatchObject({
        listing_title: 'Bookkeeper for a chama',
        application_id: applicationId,
      });
      expect((await call('DELETE', `/api/jobs/${job.id}`, poster.auth)).statusCode).toBe(204);

      const rating = await ratingOf(hired);
      expect(rating.listed).toEqual([
        expect.objectContaining({ application_id: null, listing_title: 'Bookkeeper for a chama', rating: 4 }),
      ]);
      expect(rating).toMatchObject({ rating_count: 1, rating_avg: 4 });
      expect(await findRatingDrift(t.db)).toEqual([]);
    });

    it('keeps a listing’s review when an admin removes the listing', async () => {
      const { client, winner, bid } = await deal();
      const admin = await makeUser(t, { role: 'admin' });
      expect((await review(client, { bid_id: bid.id, rating: 3 })).statusCode).toBe(201);
      expect((await call('DELETE', `/api/bids/${bid.id}`, admin.auth)).statusCode).toBe(204);
      expect(await ratingOf(winner)).toMatchObject({
        rating_count: 1,
        listed: [expect.objectContaining({ rating: 3 })],
      });
      expect(await findRatingDrift(t.db)).toEqual([]);
    });

    it('erases the reviews a deleted member wrote and received; the other party is counted again', async () => {
      const { client, winner, bid } = await deal();
      expect((await review(client, { bid_id: bid.id, rating: 2 })).statusCode).toBe(201);
      expect((await review(winner, { bid_id: bid.id, rating: 5 })).statusCode).toBe(201);
      expect((await call('DELETE', `/api/bids/${bid.id}`, client.auth)).statusCode).toBe(204);
      // The reviewer goes: their review of the winner goes with them, and so does the winner's of them.
      expect((await call('DELETE', `/api/users/${client.id}`, client.auth)).statusCode).toBe(204);
      expect(await ratingOf(winner)).toMatchObject({ listed: [], rating_count: 0, rating_avg: null });
      expect(
        await t.db.selectFrom('reviews').select('id').where('reviewee_id', '=', client.id).execute(),
      ).toEqual([]);
      expect(await findRatingDrift(t.db)).toEqual([]);
    });
  });

  describe('GET /api/users/:username/reviews', () => {
    it('lists a member’s reviews newest first in keyset pages; blocked pairs see none of each other', async () => {
      const t2 = await buildTestApp();
      try {
        const worker = await makeUser(t2, { name: 'Worker Atieno' });
        const clients: Member[] = [];
        for (let i = 0; i < 3; i++) {
          const client = await makeUser(t2, { name: 'Client Number' });
          const bid = await makeBid(t2, client, { status: 'Closed' });
          await makeOffer(t2, bid, worker, { accepted: true });
          await t2.db.updateTable('bids').set({ status: 'Completed' }).where('id', '=', bid.id).execute();
          const res = await t2.app.inject({
            method: 'POST',
            url: '/api/reviews',
            headers: client.auth,
            payload: { bid_id: bid.id, rating: 3 + i, text: `Review ${i}` },
          });
          expect(res.statusCode).toBe(201);
          clients.push(client);
        }
        const url = `/api/users/${encodeURIComponent(worker.username)}/reviews`;
        const first = await t2.app.inject({ method: 'GET', url: `${url}?limit=2` });
        expect(first.statusCode).toBe(200);
        expect(first.json().map((r: { text: string }) => r.text)).toEqual(['Review 2', 'Review 1']);
        const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
        expect(cursor).toBeTruthy();
        const second = await t2.app.inject({ method: 'GET', url: `${url}?limit=2&cursor=${cursor}` });
        expect(second.json().map((r: { text: string }) => r.text)).toEqual(['Review 0']);
        expect(second.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
        const byId = await t2.app.inject({ method: 'GET', url: `/api/users/${worker.id}/reviews` });
        expect(byId.json()).toHaveLength(3);
        const profile = await t2.app.inject({ method: 'GET', url: `/api/users/${worker.id}` });
        expect(profile.json()).toMatchObject({ rating_avg: 4, rating_count: 3 });

        // The reviewer of "Review 2" blocks a reader: that reader no longer sees their review.
        const reader = await makeUser(t2);
        await t2.app.inject({
          method: 'POST',
          url: `/api/users/${encodeURIComponent(reader.username)}/block`,
          headers: clients[2]!.auth,
        });
        const seen = await t2.app.inject({ method: 'GET', url, headers: reader.auth });
        expect(seen.json().map((r: { text: string }) => r.text)).toEqual(['Review 1', 'Review 0']);
        // A member who blocked the viewer is not found, as their profile is not.
        await t2.app.inject({
          method: 'POST',
          url: `/api/users/${encodeURIComponent(reader.username)}/block`,
          headers: worker.auth,
        });
        expect((await t2.app.inject({ method: 'GET', url, headers: reader.auth })).statusCode).toBe(404);
        expect(
          (await t2.app.inject({ method: 'GET', url: '/api/users/nobody_here/reviews' })).statusCode,
        ).toBe(404);
      } finally {
        await t2.close();
      }
    });
  });

  describe('ratings on people rows and offers', () => {
    it('carries rating_avg (one decimal) and rating_count on offers, followers and suggestions', async () => {
      const rated = await makeUser(t, { name: 'Rated Nduta', location: 'Eldoret' });
      await t.db
        .updateTable('users')
        .set({ rating_sum: 14, rating_count: 3 })
        .where('id', '=', rated.id)
        .execute();
      const client = await makeUser(t, { location: 'Eldoret' });
      const bid = await makeBid(t, client);
      await makeOffer(t, bid, rated);
      const offers = await call('GET', `/api/bids/offers/${bid.id}`, client.auth);
      expect(offers.json()[0]).toMatchObject({ user_id: rated.id, rating_avg: 4.7, rating_count: 3 });
      const bidRead = await call('GET', `/api/bids/${bid.id}`, client.auth);
      expect(bidRead.json().offers[0]).toMatchObject({ rating_avg: 4.7, rating_count: 3 });

      await call('POST', `/api/users/${encodeURIComponent(client.username)}/follow`, rated.auth);
      const followers = await call('GET', `/api/users/${encodeURIComponent(client.username)}/followers`);
      expect(followers.json()[0]).toMatchObject({ id: rated.id, rating_avg: 4.7, rating_count: 3 });

      const someone = await makeUser(t, { location: 'Eldoret' });
      const suggestions = await call('GET', '/api/users/suggestions?search=Rated%20Nduta', someone.auth);
      expect(suggestions.json()).toEqual([
        expect.objectContaining({ id: rated.id, rating_avg: 4.7, rating_count: 3, headline: '', skills: [] }),
      ]);
      const unrated = await call('GET', `/api/users/${client.id}`);
      expect(unrated.json()).toMatchObject({ rating_avg: null, rating_count: 0 });
    });
  });

  describe('headline and skills', () => {
    it('lets the owner set a headline and skills (trimmed, deduplicated), shown on profile and people rows', async () => {
      const owner = await makeUser(t, { name: 'Skilled Wairimu' });
      const res = await call('PUT', `/api/users/${owner.id}`, owner.auth, {
        headline: ' Solar installer and electrician ',
        skills: [' Solar PV ', 'Wiring', 'solar pv', 'WIRING', 'M-Pesa integrations'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        headline: 'Solar installer and electrician',
        skills: ['Solar PV', 'Wiring', 'M-Pesa integrations'],
      });
      const profile = await call('GET', `/api/users/${owner.id}`);
      expect(profile.json()).toMatchObject({
        headline: 'Solar installer and electrician',
        skills: ['Solar PV', 'Wiring', 'M-Pesa integrations'],
      });

      // Find People matches the headline and the skills.
      const searcher = await makeUser(t);
      for (const search of ['electrician', 'm-pesa integ']) {
        const found = await call(
          'GET',
          `/api/users/suggestions?search=${encodeURIComponent(search)}`,
          searcher.auth,
        );
        expect(found.json().map((p: { id: number }) => p.id)).toContain(owner.id);
      }
    });

    it('refuses a long headline, a long or empty skill and more than 20 skills', async () => {
      const owner = await makeUser(t);
      const put = (payload: object) => call('PUT', `/api/users/${owner.id}`, owner.auth, payload);
      expect((await put({ headline: 'x'.repeat(121) })).json().errors.headline).toBe('*Max 120 characters');
      expect((await put({ headline: 'see www.example.com/me' })).json().errors.headline).toBe(
        '*No URLs allowed',
      );
      expect((await put({ skills: ['x'.repeat(41)] })).json().errors.skills).toBe(
        '*Each skill is 1 to 40 characters',
      );
      expect((await put({ skills: ['Plumbing', '  '] })).json().errors.skills).toBe(
        '*Each skill is 1 to 40 characters',
      );
      const many = Array.from({ length: 21 }, (_, i) => `Skill ${i}`);
      expect((await put({ skills: many })).json().errors.skills).toBe('*At most 20 skills');
      // Twenty-one with one repeated is twenty.
      expect((await put({ skills: [...many.slice(0, 20), 'skill 3'] })).statusCode).toBe(200);
      expect((await put({ headline: 'x'.repeat(120), skills: [] })).json()).toMatchObject({ skills: [] });
    });
  });
});
