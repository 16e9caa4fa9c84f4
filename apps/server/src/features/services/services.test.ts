import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeUser } from '../../test/factories';

describe('services', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const offer = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/services', headers, payload });

  it('offers a service as the caller and answers it with the provider', async () => {
    const provider = await makeUser(t, { name: 'Amina Hassan' });
    const res = await offer(provider.auth, {
      title: ' Swahili lessons ',
      description: 'Evening classes.',
      price: '15.5',
      location: 'Mombasa',
      user_id: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Swahili lessons',
      description: 'Evening classes.',
      price: 15.5,
      user_id: provider.id,
      location: 'Mombasa',
      name: 'Amina Hassan',
      username: provider.username,
    });
    const free = await offer(provider.auth, { title: 'Career advice', price: 0 });
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ price: 0, description: '', location: '' });
  });

  it('checks the title and a price of at least 0; 401 to a visitor', async () => {
    const provider = await makeUser(t);
    const bad = await offer(provider.auth, { title: '', price: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      title: 'Service title is required',
      price: 'Price cannot be negative',
    });
    expect((await offer(provider.auth, { title: 'Tutoring' })).json().errors.price).toBe('Price is required');
    expect((await offer({}, { title: 'Tutoring', price: 5 })).statusCode).toBe(401);
  });

  it('lists services newest first in keyset pages, each once; 401 to a visitor', async () => {
    const t2 = await buildTestApp();
    try {
      const provider = await makeUser(t2);
      const made: number[] = [];
      for (let i = 0; i < 7; i++) {
        const row = await t2.db
          .insertInto('services')
          .values({
            user_id: provider.id,
            title: `Service ${i}`,
            price: i,
            created_at: new Date(Date.now() - (10 - i) * 60_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        made.push(row.id);
      }
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const res = await t2.app.inject({
          method: 'GET',
          url: `/api/services?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
          headers: provider.auth,
        });
        expect(res.statusCode).toBe(200);
        seen.push(...res.json().map((s: { id: number }) => s.id));
        cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      } while (cursor);
      expect(seen).toEqual([...made].reverse());
      const mine = await t2.app.inject({
        method: 'GET',
        url: `/api/services?user_id=${provider.id}&search=service%206`,
        headers: provider.auth,
      });
      expect(mine.json().map((s: { id: number }) => s.id)).toEqual([made[6]]);
      expect((await t2.app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(401);
      const bad = await t2.app.inject({
        method: 'GET',
        url: '/api/services?cursor=zz',
        headers: provider.auth,
      });
      expect(bad.statusCode).toBe(400);
    } finally {
      await t2.close();
    }
  });
});
