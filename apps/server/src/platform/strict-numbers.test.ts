import { describe, expect, it } from 'vitest';
import { makeBid, makePost, makeUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

// Numbers are JSON numbers or plain decimal text ("1500", "1500.50"), in bodies, paths and query
// strings alike (docs/security.md). zod's coerce once stored `max_price: true` as 1, `[5]` as 5 and
// `"0x10"` as 16.

const NOT_NUMBERS: unknown[] = [true, [5], '0x10', '1e3', '', ' 5', 'Infinity'];

describe('numbers a client sends', () => {
  const t = useTestApp({
    webFiles: { 'index.html': '<!doctype html><html><head><title>Jamii</title></head><body></body></html>' },
  });

  it('refuses a bid whose max price is not a number written plainly, and stores nothing', async () => {
    const client = await makeUser(t);
    for (const max_price of NOT_NUMBERS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bids',
        headers: client.auth,
        payload: { job_title: 'Paint a kiosk', max_price },
      });
      expect(res.statusCode, JSON.stringify(max_price)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { max_price: 'Max price is required' },
      });
    }
    const stored = await t.db.selectFrom('bids').select('id').where('client_id', '=', client.id).execute();
    expect(stored).toEqual([]);

    for (const [max_price, kept] of [
      [1500, 1500],
      ['1500', 1500],
      ['1500.50', 1500.5],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bids',
        headers: client.auth,
        payload: { job_title: 'Paint a kiosk', max_price },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().max_price).toBe(kept);
    }
  });

  it('refuses such an offer price and delivery days with their own messages', async () => {
    const [client, bidder] = [await makeUser(t), await makeUser(t)];
    const bid = await makeBid(t, client, { max_price: 5000 });
    const send = (fields: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bids/offer',
        headers: bidder.auth,
        payload: { bid_id: bid.id, offer_price: 1000, message: 'Ready this week', ...fields },
      });
    for (const value of NOT_NUMBERS) {
      const price = await send({ offer_price: value });
      expect(price.statusCode).toBe(400);
      expect(price.json().errors).toEqual({ offer_price: 'Price is required' });
      const days = await send({ delivery_days: value === '' ? ' ' : value });
      expect(days.statusCode).toBe(400);
      expect(days.json().errors).toEqual({ delivery_days: 'Delivery days must be a number' });
    }
    const res = await send({ offer_price: '999.99', delivery_days: '5' });
    expect(res.statusCode).toBe(201);
    expect(res.json().offer).toMatchObject({ offer_price: 999.99, delivery_days: 5 });
  });

  it('reads ?limit= and path ids by the same rule', async () => {
    const author = await makeUser(t);
    const post = await makePost(t, author);
    for (const limit of ['0x10', '1e1', '%205', '5%20', 'true', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/posts?limit=${limit}` });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().errors).toEqual({ limit: 'limit must be a number' });
    }
    const listed = await t.app.inject({ method: 'GET', url: '/api/posts?limit=5' });
    expect(listed.statusCode).toBe(200);

    // Post ids in hexadecimal or with an exponent would name another row.
    const hex = `0x${post.id.toString(16)}`;
    for (const id of [hex, `${post.id}e0`, `${post.id}.0x`]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/posts/${id}` })).statusCode, id).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(200);
  });

  it('shows no post on a share page whose id is not plain digits', async () => {
    const author = await makeUser(t);
    const post = await makePost(t, author, { content: 'Harambee ya shule Jumamosi' });
    const shared = await t.app.inject({ method: 'GET', url: `/p/${post.id}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toContain('Harambee ya shule');
    const hex = await t.app.inject({ method: 'GET', url: `/p/0x${post.id.toString(16)}` });
    expect(hex.statusCode).toBe(404);
    expect(hex.body).not.toContain('Harambee ya shule');
  });
});
