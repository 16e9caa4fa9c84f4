import { BID_OFFERS_IN_LIST, NEXT_CURSOR_HEADER } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { injectCaller, useTestApp } from '../../test/use-test-app';
import { createQueryCounter } from '../../test/query-counter';
import { makeBid, makeOffer, makeUser, notificationsOf } from '../../test/factories';
import { expectOnlyOwnerEdits, expectOwnerEdit } from '../../test/owner-edit';

const queryCounter = createQueryCounter();

describe('bids', () => {
  const t = useTestApp({ dbPlugins: [queryCounter.plugin] });

  const call = injectCaller(t);

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
        currency: 'KES',
        edited_at: null,
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
        expect(list[1]).toMatchObject({
          name: 'Lilian Chebet',
          status: 'Open',
          max_price: 500,
          offer_count: 1,
          pending_offer_count: 1,
        });
        expect(list[1].offers).toMatchObject([
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
            edited_at: null,
            accepted: false,
            status: 'pending',
            currency: 'KES',
            delivery_days: null,
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

    it(`carries ${BID_OFFERS_IN_LIST} offers a bid, the accepted and the reader’s own too, and counts them all`, async () => {
      const client = await makeUser(t);
      const bidders = await Promise.all(Array.from({ length: 8 }, () => makeUser(t)));
      const bid = await makeBid(t, client, { job_title: 'Borehole survey in Kitui' });
      const offers = [];
      for (const bidder of bidders) offers.push(await makeOffer(t, bid, bidder));
      const ids = (answer: { offers: { id: number }[] }) => answer.offers.map((o) => o.id);
      const listed = async (reader: { auth: Record<string, string> }) => {
        const res = await call('GET', '/api/bids?search=Kitui', reader.auth);
        expect(res.statusCode).toBe(200);
        return res.json()[0];
      };
      const firstFive = offers.slice(0, BID_OFFERS_IN_LIST).map((o) => o.id);

      // The last bidder sees the first five and their own, oldest first; the counts are of all eight.
      expect(await listed(bidders[7]!)).toMatchObject({ offer_count: 8, pending_offer_count: 8 });
      expect(ids(await listed(bidders[7]!))).toEqual([...firstFive, offers[7]!.id]);
      expect(ids(await listed(bidders[1]!))).toEqual(firstFive);

      // The accepted offer is always carried; it is no longer pending.
      await t.db
        .updateTable('offers')
        .set({ accepted: true, status: 'accepted' })
        .where('id', '=', offers[6]!.id)
        .execute();
      const owners = await listed(client);
      expect(ids(owners)).toEqual([...firstFive, offers[6]!.id]);
      expect(owners).toMatchObject({ offer_count: 8, pending_offer_count: 7 });

      // A hidden offer is neither shown nor counted for others; its author still sees and counts it.
      await t.db
        .updateTable('offers')
        .set({ moderation: 'hidden' })
        .where('id', '=', offers[0]!.id)
        .execute();
      const others = await listed(bidders[7]!);
      expect(ids(others)).toEqual([...offers.slice(1, 6).map((o) => o.id), offers[6]!.id, offers[7]!.id]);
      expect(others).toMatchObject({ offer_count: 7, pending_offer_count: 6 });
      expect(await listed(bidders[0]!)).toMatchObject({ offer_count: 8 });

      // One bid, and its offers route, carry every offer.
      const one = (await call('GET', `/api/bids/${bid.id}`, client.auth)).json();
      expect(one.offers).toHaveLength(7);
      expect(one).toMatchObject({ offer_count: 7, pending_offer_count: 6 });
      const all = await call('GET', `/api/bids/offers/${bid.id}`, client.auth);
      expect(all.json()).toHaveLength(7);
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
      expect(await notificationsOf(t, client.id)).toEqual([
        { message: 'Brian Otieno placed an offer of KSh 400 on your bid Translate a manual', type: 'info' },
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
      expect(tooHigh.json().errors.offer_price).toBe('Price cannot be more than the max price of KSh 100');
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

  describe('GET /api/bids/offers/:id', () => {
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
      expect(await notificationsOf(t, winner.id)).toEqual([
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
      const notes = await notificationsOf(t, offer.user_id);
      expect(notes).toHaveLength(1);
    });

    it('has the database refuse a second accepted offer even without the lock', async () => {
      const client = await makeUser(t);
      const bid = await makeBid(t, client);
      const a = await makeOffer(t, bid, await makeUser(t), { accepted: true });
      const b = await makeOffer(t, bid, await makeUser(t));
      await expect(
        t.db
          .updateTable('offers')
          .set({ accepted: true, status: 'accepted' })
          .where('id', '=', b.id)
          .execute(),
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

  describe('money in shillings (docs/design.md#money-in-kenya-shillings)', () => {
    it('keeps a bid’s currency (KES by default, USD when given) and gives it to its offers and messages', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t, { name: 'Faith Akinyi' });
      const usd = await call('POST', '/api/bids', client.auth, {
        job_title: 'Export price list',
        max_price: 250.5,
        currency: 'USD',
      });
      expect(usd.statusCode).toBe(201);
      expect(usd.json()).toMatchObject({ currency: 'USD', max_price: 250.5 });
      const over = await call('POST', '/api/bids/offer', bidder.auth, {
        bid_id: usd.json().id,
        offer_price: 251,
        message: 'x',
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().errors.offer_price).toBe('Price cannot be more than the max price of US$250.50');
      const placed = await call('POST', '/api/bids/offer', bidder.auth, {
        bid_id: usd.json().id,
        offer_price: 200,
        message: 'Two days.',
      });
      expect(placed.json().offer).toMatchObject({ currency: 'USD', offer_price: 200 });
      expect((await notificationsOf(t, client.id)).at(-1)!.message).toBe(
        'Faith Akinyi placed an offer of US$200 on your bid Export price list',
      );

      const kes = await call('POST', '/api/bids', client.auth, { job_title: 'Plumbing', max_price: 5000 });
      expect(kes.json().currency).toBe('KES');
      const above = await call('POST', '/api/bids/offer', bidder.auth, {
        bid_id: kes.json().id,
        offer_price: 5000.5,
        message: 'x',
      });
      expect(above.json().errors.offer_price).toBe('Price cannot be more than the max price of KSh 5,000');

      const euro = await call('POST', '/api/bids', client.auth, {
        job_title: 'X',
        max_price: 5,
        currency: 'EUR',
      });
      expect(euro.statusCode).toBe(400);
      expect(euro.json().errors.currency).toBe('Currency must be KES or USD');
      const mills = await call('POST', '/api/bids', client.auth, { job_title: 'X', max_price: 10.555 });
      expect(mills.json().errors.max_price).toBe('Max price can have at most 2 decimals');
    });
  });

  describe('one live offer per member (docs/design.md#offers-that-behave-like-a-marketplace)', () => {
    it('answers a second offer by the same member with 409 OFFER_EXISTS; a withdrawn one does not count', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const other = await makeUser(t);
      const bid = await makeBid(t, client);
      const body = { bid_id: bid.id, offer_price: 100, message: 'First', delivery_days: 5 };
      const first = await call('POST', '/api/bids/offer', bidder.auth, body);
      expect(first.statusCode).toBe(201);
      expect(first.json().offer).toMatchObject({ status: 'pending', delivery_days: 5, accepted: false });
      const second = await call('POST', '/api/bids/offer', bidder.auth, { ...body, message: 'Second' });
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('OFFER_EXISTS');
      expect((await call('POST', '/api/bids/offer', other.auth, body)).statusCode).toBe(201);

      const withdrawn = await call('DELETE', `/api/bids/offers/${first.json().offer.id}`, bidder.auth);
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json()).toMatchObject({
        id: first.json().offer.id,
        status: 'withdrawn',
        accepted: false,
      });
      const again = await call('POST', '/api/bids/offer', bidder.auth, { ...body, message: 'Again' });
      expect(again.statusCode).toBe(201);
      expect(await notificationsOf(t, client.id)).toHaveLength(3);
    });

    it('lets exactly one of 10 parallel offers by one member land', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const bid = await makeBid(t, client);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call('POST', '/api/bids/offer', bidder.auth, {
            bid_id: bid.id,
            offer_price: 10 + i,
            message: `Try ${i}`,
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
      expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'OFFER_EXISTS')).toBe(
        true,
      );
      const rows = await t.db.selectFrom('offers').select('id').where('bid_id', '=', bid.id).execute();
      expect(rows).toHaveLength(1);
      expect(await notificationsOf(t, client.id)).toHaveLength(1);
    });

    it('refuses delivery days outside 1–365', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const bid = await makeBid(t, client);
      for (const days of [0, 366, 1.5]) {
        const res = await call('POST', '/api/bids/offer', bidder.auth, {
          bid_id: bid.id,
          offer_price: 10,
          message: 'x',
          delivery_days: days,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.delivery_days).toEqual(expect.any(String));
      }
    });
  });

  describe('PATCH and DELETE /api/bids/offers/:id', () => {
    it('lets the author edit a pending offer (edited_at set) within the max price', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const bid = await makeBid(t, client, { max_price: 5000 });
      const offer = await makeOffer(t, bid, bidder, { offer_price: 4000 });
      const res = await call('PATCH', `/api/bids/offers/${offer.id}`, bidder.auth, {
        offer_price: 3500,
        message: ' Cheaper, same quality. ',
        delivery_days: 3,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: offer.id,
        offer_price: 3500,
        message: 'Cheaper, same quality.',
        delivery_days: 3,
        status: 'pending',
        edited_at: expect.any(String),
      });
      const above = await call('PATCH', `/api/bids/offers/${offer.id}`, bidder.auth, { offer_price: 5001 });
      expect(above.statusCode).toBe(400);
      expect(above.json().errors.offer_price).toBe('Price cannot be more than the max price of KSh 5,000');
      const empty = await call('PATCH', `/api/bids/offers/${offer.id}`, bidder.auth, { message: ' ' });
      expect(empty.json().errors.message).toBe('Message is required');
      const badDays = await call('PATCH', `/api/bids/offers/${offer.id}`, bidder.auth, {
        delivery_days: 400,
      });
      expect(badDays.statusCode).toBe(400);
    });

    it('answers 403 to anyone but the author (the bid’s owner and admins too), 404 unknown, 401 visitor', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const bid = await makeBid(t, client);
      const offer = await makeOffer(t, bid, bidder);
      for (const who of [client, admin]) {
        const edit = await call('PATCH', `/api/bids/offers/${offer.id}`, who.auth, { message: 'Mine now' });
        expect(edit.statusCode).toBe(403);
        expect((await call('DELETE', `/api/bids/offers/${offer.id}`, who.auth)).statusCode).toBe(403);
      }
      expect(
        (await call('PATCH', '/api/bids/offers/99999999', bidder.auth, { message: 'x' })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', '/api/bids/offers/99999999', bidder.auth)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/bids/offers/${offer.id}`)).statusCode).toBe(401);
      const row = await t.db
        .selectFrom('offers')
        .selectAll()
        .where('id', '=', offer.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', message: offer.message, edited_at: null });
    });

    it('answers 409 OFFER_NOT_PENDING once the offer is withdrawn, accepted or declined', async () => {
      const client = await makeUser(t);
      const [winner, loser, leaver] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      const bid = await makeBid(t, client);
      const won = await makeOffer(t, bid, winner);
      const lost = await makeOffer(t, bid, loser);
      const left = await makeOffer(t, bid, leaver);
      expect((await call('DELETE', `/api/bids/offers/${left.id}`, leaver.auth)).statusCode).toBe(200);
      const twice = await call('DELETE', `/api/bids/offers/${left.id}`, leaver.auth);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('OFFER_NOT_PENDING');
      const acceptWithdrawn = await call('PUT', `/api/bids/offer/accept/${left.id}`, client.auth);
      expect(acceptWithdrawn.statusCode).toBe(409);
      expect((await call('PUT', `/api/bids/offer/accept/${won.id}`, client.auth)).statusCode).toBe(200);
      for (const [offer, who] of [
        [won, winner],
        [lost, loser],
      ] as const) {
        const edit = await call('PATCH', `/api/bids/offers/${offer.id}`, who.auth, { message: 'Late' });
        expect(edit.statusCode).toBe(409);
        expect(edit.json().code).toBe('OFFER_NOT_PENDING');
        expect((await call('DELETE', `/api/bids/offers/${offer.id}`, who.auth)).statusCode).toBe(409);
      }
    });
  });

  describe('accepting declines the others and opens a conversation (docs/design.md#offers-that-behave-like-a-marketplace)', () => {
    it('declines every other pending offer, tells each author and the winner, and opens owner↔winner', async () => {
      const client = await makeUser(t, { name: 'Grace Njeri' });
      const [winner, loserA, loserB, leaver] = await Promise.all([
        makeUser(t),
        makeUser(t),
        makeUser(t),
        makeUser(t),
      ]);
      const bid = await makeBid(t, client, { job_title: 'Borehole survey' });
      const won = await makeOffer(t, bid, winner);
      await makeOffer(t, bid, loserA);
      await makeOffer(t, bid, loserB);
      const left = await makeOffer(t, bid, leaver);
      await call('DELETE', `/api/bids/offers/${left.id}`, leaver.auth);
      const res = await call('PUT', `/api/bids/offer/accept/${won.id}`, client.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'accepted', accepted: true });
      const after = (await call('GET', `/api/bids/${bid.id}`, client.auth)).json();
      expect(after.status).toBe('Closed');
      expect(after.offers.map((o: { user_id: number; status: string }) => [o.user_id, o.status])).toEqual([
        [winner.id, 'accepted'],
        [loserA.id, 'declined'],
        [loserB.id, 'declined'],
        [leaver.id, 'withdrawn'],
      ]);
      for (const loser of [loserA, loserB]) {
        expect(await notificationsOf(t, loser.id)).toEqual([
          {
            message: 'Your offer on Borehole survey was declined: the client chose another offer',
            type: 'info',
          },
        ]);
      }
      expect(await notificationsOf(t, leaver.id)).toEqual([]);
      expect(await notificationsOf(t, winner.id)).toEqual([
        { message: 'Your offer on Borehole survey was accepted', type: 'success' },
      ]);
      const [low, high] = [client.id, winner.id].sort((a, b) => a - b);
      const conversation = await t.db
        .selectFrom('conversations')
        .select(['context_type', 'context_id'])
        .where('user_a_id', '=', low!)
        .where('user_b_id', '=', high!)
        .executeTakeFirst();
      expect(conversation).toEqual({ context_type: 'bid', context_id: bid.id });
      const list = await call('GET', '/api/conversations', winner.auth);
      expect(list.json().map((c: { other: { id: number } }) => c.other.id)).toContain(client.id);
    });
  });

  describe('POST /api/bids/:id/complete', () => {
    it('lets the owner complete a bid after an accept (409 before or twice; 403 others; 404 unknown)', async () => {
      const client = await makeUser(t, { name: 'Omar Hassan' });
      const bidder = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const bid = await makeBid(t, client, { job_title: 'Boat engine service' });
      const offer = await makeOffer(t, bid, bidder);
      const early = await call('POST', `/api/bids/${bid.id}/complete`, client.auth);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('BID_NOT_ACCEPTED');
      await call('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth);
      for (const who of [bidder, admin]) {
        expect((await call('POST', `/api/bids/${bid.id}/complete`, who.auth)).statusCode).toBe(403);
      }
      const done = await call('POST', `/api/bids/${bid.id}/complete`, client.auth);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ id: bid.id, status: 'Completed' });
      expect((await notificationsOf(t, bidder.id)).at(-1)).toEqual({
        message: 'Omar Hassan marked Boat engine service as completed',
        type: 'success',
      });
      expect((await call('POST', `/api/bids/${bid.id}/complete`, client.auth)).statusCode).toBe(409);
      expect((await call('POST', '/api/bids/99999999/complete', client.auth)).statusCode).toBe(404);
      expect((await call('POST', `/api/bids/${bid.id}/complete`)).statusCode).toBe(401);
    });
  });

  describe('PATCH and DELETE /api/bids/:id', () => {
    it('lets the owner edit an Open bid under the create rules, answering it with edited_at', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const bid = await makeBid(t, client, { max_price: 5000 });
      await expectOwnerEdit(
        t,
        `/api/bids/${bid.id}`,
        client,
        { job_title: ' Logo and letterhead ', max_price: 6000, currency: 'USD' },
        {
          id: bid.id,
          job_title: 'Logo and letterhead',
          max_price: 6000,
          currency: 'USD',
          description: bid.description,
        },
      );
      const bad = await call('PATCH', `/api/bids/${bid.id}`, client.auth, { job_title: '', max_price: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toMatchObject({
        job_title: 'Job title is required',
        max_price: 'Max price must be more than 0',
      });
      await expectOnlyOwnerEdits(t, {
        url: `/api/bids/${bid.id}`,
        unknownUrl: '/api/bids/99999999',
        owner: client,
        others: [bidder, admin],
        field: 'job_title',
      });
    });

    it('keeps offers meaningful: no max below a live offer, no currency change with offers, none once Closed', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const bid = await makeBid(t, client, { max_price: 5000 });
      const offer = await makeOffer(t, bid, bidder, { offer_price: 4500 });
      const low = await call('PATCH', `/api/bids/${bid.id}`, client.auth, { max_price: 4000 });
      expect(low.statusCode).toBe(400);
      expect(low.json().errors.max_price).toBe(
        'Max price cannot be less than an offer already placed (KSh 4,500)',
      );
      const usd = await call('PATCH', `/api/bids/${bid.id}`, client.auth, { currency: 'USD' });
      expect(usd.json().errors.currency).toBe('The currency cannot change once offers are placed');
      expect((await call('PATCH', `/api/bids/${bid.id}`, client.auth, { max_price: 4500 })).statusCode).toBe(
        200,
      );
      await call('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth);
      const closed = await call('PATCH', `/api/bids/${bid.id}`, client.auth, { description: 'More' });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('BID_CLOSED');
    });

    it('deletes a bid with its offers for its owner or an admin; 403 others; 404 unknown', async () => {
      const client = await makeUser(t);
      const bidder = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const mine = await makeBid(t, client);
      const offer = await makeOffer(t, mine, bidder);
      const refused = await call('DELETE', `/api/bids/${mine.id}`, bidder.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await call('DELETE', `/api/bids/${mine.id}`, client.auth)).statusCode).toBe(204);
      expect((await call('GET', `/api/bids/${mine.id}`, client.auth)).statusCode).toBe(404);
      expect(await t.db.selectFrom('offers').select('id').where('id', '=', offer.id).execute()).toEqual([]);
      const theirs = await makeBid(t, bidder);
      expect((await call('DELETE', `/api/bids/${theirs.id}`, admin.auth)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/bids/${theirs.id}`, admin.auth)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/bids/${theirs.id}`)).statusCode).toBe(401);
    });
  });
});
