import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/use-test-app';
import { makeUser } from '../../test/factories';
import { expectOnlyOwnerEdits, expectOwnerEdit } from '../../test/owner-edit';

describe('services', () => {
  const t = useTestApp();

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

  describe('money, edits and deletion (docs/design.md#money-in-kenya-shillings, docs/design.md#offers-that-behave-like-a-marketplace)', () => {
    const call = (
      method: 'PATCH' | 'DELETE' | 'GET',
      url: string,
      headers: Record<string, string>,
      payload?: object,
    ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    it('keeps a currency (KES by default, USD when given, nothing else)', async () => {
      const provider = await makeUser(t);
      expect((await offer(provider.auth, { title: 'Matatu branding', price: 25000 })).json().currency).toBe(
        'KES',
      );
      const usd = await offer(provider.auth, { title: 'Safari photos', price: 250, currency: 'USD' });
      expect(usd.json()).toMatchObject({ currency: 'USD', price: 250, edited_at: null });
      const bad = await offer(provider.auth, { title: 'X', price: 1, currency: 'KSH' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.currency).toBe('Currency must be KES or USD');
    });

    it('lets the provider edit under the create rules, answering it with edited_at; 403 others, 404 unknown', async () => {
      const provider = await makeUser(t);
      const other = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const service = (
        await offer(provider.auth, { title: 'Tailoring', price: 800, location: 'Kisumu' })
      ).json();
      await expectOwnerEdit(
        t,
        `/api/services/${service.id}`,
        provider,
        { price: 950.5, currency: 'USD' },
        { id: service.id, title: 'Tailoring', location: 'Kisumu', price: 950.5, currency: 'USD' },
      );
      const bad = await call('PATCH', `/api/services/${service.id}`, provider.auth, {
        title: ' ',
        price: -1,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        title: 'Service title is required',
        price: 'Price cannot be negative',
      });
      const untouched = (await offer(provider.auth, { title: 'Ironing', price: 50 })).json();
      const empty = await call('PATCH', `/api/services/${untouched.id}`, provider.auth, {});
      expect(empty.json()).toMatchObject({ title: 'Ironing', edited_at: null });
      await expectOnlyOwnerEdits(t, {
        url: `/api/services/${service.id}`,
        unknownUrl: '/api/services/99999999',
        owner: provider,
        others: [other, admin],
        field: 'title',
      });
    });

    it('deletes a service for its provider or an admin; 403 others; 404 unknown', async () => {
      const provider = await makeUser(t);
      const other = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const first = (await offer(provider.auth, { title: 'Catering', price: 100 })).json();
      const second = (await offer(provider.auth, { title: 'Events', price: 100 })).json();
      const refused = await call('DELETE', `/api/services/${first.id}`, other.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await call('DELETE', `/api/services/${first.id}`, provider.auth)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/services/${second.id}`, admin.auth)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/services/${second.id}`, admin.auth)).statusCode).toBe(404);
      const left = await t.db
        .selectFrom('services')
        .select('id')
        .where('id', 'in', [first.id, second.id])
        .execute();
      expect(left).toEqual([]);
    });
  });
});
