import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createQueryCounter } from '../../test/query-counter';
import { makeBid, makeOffer, makeUser } from '../../test/factories';

const queryCounter = createQueryCounter();

describe('bids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dbPlugins: [queryCounter.plugin] });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const notificationsOf = (userId: number) =>
    t.db
      .selectFrom('notifications')
      .select(['message', 'type'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  describe('POST /api/bids', () => {
    it('posts a bid request as the caller, Open with no offers', async () => {
      const client = await makeUser(t, { name: 'Peter Kariuki' });
      const res = await call('POST', '/api/bids', client.auth, {
        job_title: ' Website for an athletics camp ',
        max_price: '1200.5',
        description: 'Five pages, Swahili and English.',
        client_id: 1,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        job_title: 'Website for an athletics camp',
        client_id: client.id,
        max_price: 1200.5,
        description: 'Five pages, Swahili and English.',
        name: 'Peter Kariuki',
        username: client.username,
        profile_pic: null,
        status: 'Open',
        offers: [],
      });
    });

    it('checks the title and a positive max price; 401 to a visitor', async () => {
      const client = await makeUser(t);
      const res = await call('POST', '/api/bids', client.auth, { job_title: '', max_price: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        job_title: 'Job title is required',
        max_price: 'Max price must be more than 0',
      });
      const missing = await call('POST', '/api/bids', client.auth, { job_title: 'Logo' });
      expect(missing.json().errors.max_price).toBe('Max price is required');
      const negative = await call('POST', '/api/bids', client.auth, { job_title: 'Logo', max_price: -5 });
      expect(negative.statusCode).toBe(400);
      const huge = await call('POST', '/api/bids', client.auth, { job_title: 'Logo', max_price: 1e12 });
      expect(huge.json().errors.max_price).toBe('Max price is too large');
      expect((await call('POST', '/api/bids', {}, { job_title: 'Logo', max_price: 5 })).statusCode).toBe(401);
    });
  });

  describe('GET /api/bids', () => {
    it('lists bids newest first with the poster, status and every offer with its bidder', async () => {
      const t2 = await buildTestApp();
      try {
        const client = await makeUser(t2, { name: 'Lilian Chebet' });
        const bidder = await makeUser(t2, { name: 'Daniel Mutua' });
        const older = await makeBid(t2, client, { job_title: 'Soil testing', minutesAgo: 10 });
        const newer = await makeBid(t2, bidder, { job_title: 'Cold room repair', minutesAgo: 5 });
        const o1 = await makeOffer(t2, older, bidder, { offer_price: 250.75, message: 'Lab certified.' });
        const res = await t2.app.inject({ method: 'GET', url: '/api/bids', headers: client.auth });
        expect(res.statusCode).toBe(200);
        const list = res.json();
        expect(list.map((b: { id: number }) => b.id)).toEqual([newer.id, older.id]);
        expect(list[0].offers).toEqual([]);
        expect(list[1]).toMatchObject({ name: 'Lilian Chebet', status: 'Open', max_price: 500 });
        expect(list[1].offers).toEqual([
          {
            id: o1.id,
            bid_id: older.id,
            user_id: bidder.id,
            offer_price: 250.75,
            message: 'Lab certified.',
            name: 'Daniel Mutua',
            username: bidder.username,
            profile_pic: null,
            created_at: expect.any(String),
            accepted: false,
            client_id: client.id,
          },
        ]);
        const mine = await t2.app.inject({
          method: 'GET',
          url: `/api/bids?user_id=${bidder.id}`,
          headers: client.auth,
        });
        expect(mine.json().map((b: { id: number }) => b.id)).toEqual([newer.id]);
        const searched = await t2.app.inject({
          method: 'GET',
          url: '/api/bids?search=SOIL',
          headers: client.auth,
        });
        expect(searched.json().map((b: { id: number }) => b.id)).toEqual([older.id]);
        expect((await t2.app.inject({ method: 'GET', url: '/api/bids' })).statusCode).toBe(401);
      } finally {
        await t2.close();
      }
    });

    it('reads a page in the same number of queries whatever its size, and walks pages once each', async () => {
      const t2 = await buildTestApp({ dbPlugins: [queryCounter.plugin] });
      try {
        const client = await makeUser(t2);
        const bidders = await Promise.all([makeUser(t2), makeUser(t2)]);
        for (let i = 0; i < 30; i++) {
          const bid = await makeBid(t2, client, { minutesAgo: i });
          for (const bidder of bidders) await makeOffer(t2, bid, bidder);
        }
        const count = async (limit: number) => {
          queryCounter.count = 0;
          queryCounter.on = true;
          const res = await t2.app.inject({
            method: 'GET',
            url: `/api/bids?limit=${limit}`,
            headers: client.auth,
          });
          queryCounter.on = false;
          expect(res.json()).toHaveLength(limit);
          expect(res.json().every((b: { offers: unknown[] }) => b.offers.length === 2)).toBe(true);
          return queryCounter.count;
        };
        expect(await count(3)).toBe(await count(30));

        const seen: number[] = [];
        let cursor: string | undefined;
        do {
          const res = await t2.app.inject({
            method: 'GET',
            url: `/api/bids?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
            headers: client.auth,
          });
          seen.push(...res.json().map((b: { id: number }) => b.id));
          cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
        } while (cursor);
        expect(seen).toHaveLength(30);
        expect(new Set(seen).size).toBe(30);
      } finally {
        queryCounter.on = false;
        await t2.close();
      }
    });
  });

  describe('POST /api/bids/offer', () => {
    it('places an offer as the caller (user_id ignored), answers Bid Submitted and tells the owner', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t, { name: 'Brian Otieno' });
      const someoneElse = await makeUser(t);
      const bid = await makeBid(t, client, { job_title: 'Translate a manual', max_price: 400 });
      const res = await call('POST', '/api/bids/offer', bidder.auth, {
        bid_id: bid.id,
        user_id: someoneElse.id,
        offer_price: 400,
        message: 'Native Swahili speaker.',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        message: 'Bid Submitted',
        offer: expect.objectContaining({
          bid_id: bid.id,
          user_id: bidder.id,
          offer_price: 400,
          message: 'Native Swahili speaker.',
          name: 'Brian Otieno',
          accepted: false,
          client_id: client.id,
        }),
      });
      expect(await notificationsOf(client.id)).toEqual([
        { message: 'Brian Otieno placed an offer of $400 on your bid Translate a manual', type: 'info' },
      ]);
      const offers = await call('GET', `/api/bids/offers/${bid.id}`, client.auth);
      expect(offers.statusCode).toBe(200);
      expect(offers.json().map((o: { user_id: number }) => o.user_id)).toEqual([bidder.id]);
    });

    it('requires a price above 0 and at most the max price, and a message', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const bid = await makeBid(t, client, { max_price: 100 });
      const offer = (body: object) =>
        call('POST', '/api/bids/offer', bidder.auth, { bid_id: bid.id, ...body });
      const empty = await offer({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({
        offer_price: 'Price is required',
        message: 'Message is required',
      });
      expect((await offer({ offer_price: 0, message: 'x' })).json().errors.offer_price).toBe(
        'Price must be more than 0',
      );
      expect((await offer({ offer_price: 10, message: '   ' })).json().errors.message).toBe(
        'Message is required',
      );
      const tooHigh = await offer({ offer_price: 100.01, message: 'Slightly over' });
      expect(tooHigh.statusCode).toBe(400);
      expect(tooHigh.json().errors.offer_price).toBe('Price cannot be more than the max price of $100');
      expect((await offer({ offer_price: 100, message: 'At the max' })).statusCode).toBe(201);
      const noBid = await call('POST', '/api/bids/offer', bidder.auth, { offer_price: 5, message: 'x' });
      expect(noBid.json().errors.bid_id).toBe('Bid is required');
    });

    it('refuses one’s own bid (403), a Closed bid (409 BID_CLOSED), an unknown bid (404), a visitor (401)', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const open = await makeBid(t, client);
      const closed = await makeBid(t, client, { status: 'Closed' });
      const body = { offer_price: 10, message: 'Hello' };
      const own = await call('POST', '/api/bids/offer', client.auth, { bid_id: open.id, ...body });
      expect(own.statusCode).toBe(403);
      expect(own.json().code).toBe('FORBIDDEN');
      const onClosed = await call('POST', '/api/bids/offer', bidder.auth, { bid_id: closed.id, ...body });
      expect(onClosed.statusCode).toBe(409);
      expect(onClosed.json().code).toBe('BID_CLOSED');
      expect(
        (await call('POST', '/api/bids/offer', bidder.auth, { bid_id: 99999999, ...body })).statusCode,
      ).toBe(404);
      expect((await call('POST', '/api/bids/offer', {}, { bid_id: open.id, ...body })).statusCode).toBe(401);
    });
  });

  describe('GET /api/bids/offers/:bidId', () => {
    it('lists a bid’s offers oldest first; 404 for an unknown bid; 401 to a visitor', async () => {
      const client = await makeUser(t);
      const [a, b] = await Promise.all([makeUser(t), makeUser(t)]);
      const bid = await makeBid(t, client);
      const first = await makeOffer(t, bid, a);
      const second = await makeOffer(t, bid, b);
      const res = await call('GET', `/api/bids/offers/${bid.id}`, a.auth);
      expect(res.json().map((o: { id: number }) => o.id)).toEqual([first.id, second.id]);
      expect((await call('GET', '/api/bids/offers/99999999', a.auth)).statusCode).toBe(404);
      expect((await call('GET', `/api/bids/offers/${bid.id}`)).statusCode).toBe(401);
    });
  });

  describe('PUT /api/bids/offer/accept/:offerId', () => {
    it('lets the owner accept one offer: the offer is accepted, the bid Closed, the bidder told', async () => {
      const client = await makeUser(t);
      const winner = await makeUser(t);
      const loser = await makeUser(t);
      const bid = await makeBid(t, client, { job_title: 'Cold room repair' });
      const won = await makeOffer(t, bid, winner);
      const lost = await makeOffer(t, bid, loser);
      const res = await call('PUT', `/api/bids/offer/accept/${won.id}`, client.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: won.id, accepted: true, bid_id: bid.id, client_id: client.id });
      const after = (await call('GET', `/api/bids/${bid.id}`, client.auth)).json();
      expect(after.status).toBe('Closed');
      expect(after.offers.map((o: { id: number; accepted: boolean }) => [o.id, o.accepted])).toEqual([
        [won.id, true],
        [lost.id, false],
      ]);
      expect(await notificationsOf(winner.id)).toEqual([
        { message: 'Your offer on Cold room repair was accepted', type: 'success' },
      ]);
      // No second acceptance, and no reverse transition.
      for (const offerId of [lost.id, won.id]) {
        const again = await call('PUT', `/api/bids/offer/accept/${offerId}`, client.auth);
        expect(again.statusCode).toBe(409);
        expect(again.json().code).toBe('OFFER_ALREADY_ACCEPTED');
      }
      const late = await call('POST', '/api/bids/offer', loser.auth, {
        bid_id: bid.id,
        offer_price: 5,
        message: 'x',
      });
      expect(late.json().code).toBe('BID_CLOSED');
    });

    it('answers 403 to anyone but the owner (the bidder and admins included), 404 unknown, 401 visitor', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const bid = await makeBid(t, client);
      const offer = await makeOffer(t, bid, bidder);
      for (const who of [bidder, admin]) {
        const res = await call('PUT', `/api/bids/offer/accept/${offer.id}`, who.auth);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await call('PUT', `/api/bids/offer/accept/${offer.id}`)).statusCode).toBe(401);
      expect((await call('PUT', '/api/bids/offer/accept/99999999', client.auth)).statusCode).toBe(404);
      const row = await t.db
        .selectFrom('offers')
        .select('accepted')
        .where('id', '=', offer.id)
        .executeTakeFirstOrThrow();
      expect(row.accepted).toBe(false);
    });

    it('accepts exactly one offer when 20 accepts of different offers arrive at once', async () => {
      const client = await makeUser(t);
      const bid = await makeBid(t, client);
      const bidders = await Promise.all(Array.from({ length: 20 }, () => makeUser(t)));
      const offers = await Promise.all(bidders.map((b) => makeOffer(t, bid, b)));
      const answers = await Promise.all(
        offers.map((o) => call('PUT', `/api/bids/offer/accept/${o.id}`, client.auth)),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      expect(
        answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'OFFER_ALREADY_ACCEPTED'),
      ).toBe(true);
      await expectOneAccepted(bid.id);
    });

    it('accepts once when the same offer is accepted 20 times at once', async () => {
      const client = await makeUser(t);
      const bid = await makeBid(t, client);
      const offer = await makeOffer(t, bid, await makeUser(t));
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
      await expectOneAccepted(bid.id);
      const notes = await notificationsOf(offer.user_id);
      expect(notes).toHaveLength(1);
    });

    it('has the database refuse a second accepted offer even without the lock', async () => {
      const client = await makeUser(t);
      const bid = await makeBid(t, client);
      const a = await makeOffer(t, bid, await makeUser(t), { accepted: true });
      const b = await makeOffer(t, bid, await makeUser(t));
      await expect(
        t.db.updateTable('offers').set({ accepted: true }).where('id', '=', b.id).execute(),
      ).rejects.toMatchObject({ code: '23505' });
      expect(a.accepted).toBe(true);
    });

    async function expectOneAccepted(bidId: number) {
      const accepted = await t.db
        .selectFrom('offers')
        .select('id')
        .where('bid_id', '=', bidId)
        .where('accepted', '=', true)
        .execute();
      expect(accepted).toHaveLength(1);
      const bid = await t.db
        .selectFrom('bids')
        .select('status')
        .where('id', '=', bidId)
        .executeTakeFirstOrThrow();
      expect(bid.status).toBe('Closed');
    }
  });
});
