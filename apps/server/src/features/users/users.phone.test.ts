import { PHONE_MESSAGE } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeUser } from '../../test/factories';

// docs/features/phones-and-places.md: an optional Kenyan phone number on the profile, kept in E.164, seen by others only
// when its owner chooses to show it.
describe('the phone number on a profile', () => {
  const t = useTestApp();

  const put = (member: { id: number; auth: Record<string, string> }, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${member.id}`, headers: member.auth, payload });
  const get = (id: number, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers });

  it.each([
    ['0712345678', '+254712345678'],
    ['0712 345 678', '+254712345678'],
    ['0112-345-678', '+254112345678'],
    ['+254712345678', '+254712345678'],
    ['+254 722 123 456', '+254722123456'],
    ['254712345678', '+254712345678'],
  ])('keeps %s as %s', async (typed, e164) => {
    const member = await makeUser(t);
    const res = await put(member, { phone: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone: e164, show_phone: false });
    const row = await t.db.selectFrom('users').select('phone').where('id', '=', member.id).executeTakeFirst();
    expect(row?.phone).toBe(e164);
  });

  it.each(['0202345678', '071234567', '07123456789', '+255712345678', '0812345678', 'call me', '1999'])(
    'refuses %s with the shared message and keeps the old number',
    async (typed) => {
      const member = await makeUser(t);
      await put(member, { phone: '0712345678' });
      const res = await put(member, { phone: typed });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ phone: PHONE_MESSAGE });
      expect((await get(member.id, member.auth)).json().phone).toBe('+254712345678');
    },
  );

  it('clears the number with an empty string or null, and leaves it when the field is absent', async () => {
    const member = await makeUser(t);
    await put(member, { phone: '0712345678' });
    expect((await put(member, { name: 'Achieng Otieno' })).json().phone).toBe('+254712345678');
    expect((await put(member, { phone: '' })).json().phone).toBeNull();
    await put(member, { phone: '0712345678' });
    expect((await put(member, { phone: null })).json().phone).toBeNull();
  });

  it('shows the number only to its owner until they choose to show it, and show_phone only to them', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await put(a, { phone: '0712 345 678' });

    const ownView = (await get(a.id, a.auth)).json();
    expect(ownView).toMatchObject({ phone: '+254712345678', show_phone: false });
    for (const headers of [b.auth, {}]) {
      const res = await get(a.id, headers);
      expect(res.json().phone).toBeUndefined();
      expect(res.json().show_phone).toBeUndefined();
      expect(res.body).not.toContain('712345678');
    }

    expect((await put(a, { show_phone: true })).json()).toMatchObject({ show_phone: true });
    const shown = (await get(a.id, b.auth)).json();
    expect(shown.phone).toBe('+254712345678');
    expect(shown.show_phone).toBeUndefined();
    expect((await get(a.id)).json().phone).toBe('+254712345678');

    await put(a, { show_phone: false });
    expect((await get(a.id, b.auth)).json().phone).toBeUndefined();
  });

  it('lets nobody else set a member’s phone or its visibility', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    expect(
      (await put({ id: a.id, auth: b.auth }, { phone: '0712345678', show_phone: true })).statusCode,
    ).toBe(403);
    expect((await get(a.id, a.auth)).json()).toMatchObject({ phone: null, show_phone: false });
  });

  it('refuses a show_phone that is not a boolean', async () => {
    const a = await makeUser(t);
    const res = await put(a, { show_phone: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.show_phone).toBeDefined();
  });
});
