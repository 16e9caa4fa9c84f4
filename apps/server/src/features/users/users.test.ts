import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeJpeg, makeUser, multipart } from '../../test/factories';

describe('users', () => {
  const t = useTestApp();

  const uploadPicture = async (id: number, headers: Record<string, string>, data: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/${id}/profile-pic`,
      ...(await (async () => {
        const body = await multipart(
          {},
          { field: 'profile_pic', filename: 'me.jpg', data, type: 'image/jpeg' },
        );
        return { payload: body.payload, headers: { ...body.headers, ...headers } };
      })()),
    });

  describe('GET /api/users/:id', () => {
    it('answers public fields by id or username, never the hash, the email only to its owner', async () => {
      const owner = await makeUser(t, { username: '@public_ann', name: 'Ann Public' });
      const other = await makeUser(t);
      for (const key of [String(owner.id), 'public_ann', '@public_ann', 'PUBLIC_ANN']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/users/${encodeURIComponent(key)}`,
          headers: other.auth,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          id: owner.id,
          user_id: owner.id,
          username: '@public_ann',
          name: 'Ann Public',
        });
        expect(res.json().email).toBeUndefined();
        expect(res.body).not.toContain('password');
      }
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}` });
      expect(anonymous.json().email).toBeUndefined();
      const self = await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}`, headers: owner.auth });
      expect(self.json().email).toBe(owner.email);
    });

    it('answers 404 for an unknown member', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/999999' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/nobody_x' })).statusCode).toBe(404);
    });
  });

  describe('PUT /api/users/:id', () => {
    it('lets the owner edit name, bio and location under the signup rules', async () => {
      const owner = await makeUser(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${owner.id}`,
        headers: owner.auth,
        payload: { name: 'Achieng Otieno', bio: 'Teacher in Kisumu.', location: 'Kisumu' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Achieng Otieno',
        bio: 'Teacher in Kisumu.',
        location: 'Kisumu',
      });
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${owner.id}`,
        headers: owner.auth,
        payload: { bio: 'See www.example.com for more' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.bio).toBe('*No URLs allowed');
    });

    it('keeps the language the member reads in, shown to them alone (docs/features/kiswahili.md)', async () => {
      const member = await makeUser(t);
      const other = await makeUser(t);
      const fresh = await t.app.inject({
        method: 'GET',
        url: `/api/users/${member.id}`,
        headers: member.auth,
      });
      expect(fresh.json().language).toBe('en');

      const put = (language: unknown) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${member.id}`,
          headers: member.auth,
          payload: { language },
        });
      const switched = await put('sw');
      expect(switched.statusCode).toBe(200);
      expect(switched.json().language).toBe('sw');
      const self = await t.app.inject({
        method: 'GET',
        url: `/api/users/${member.id}`,
        headers: member.auth,
      });
      expect(self.json().language).toBe('sw');
      const seen = await t.app.inject({ method: 'GET', url: `/api/users/${member.id}`, headers: other.auth });
      expect(seen.json().language).toBeUndefined();

      const refused = await put('fr');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
      expect(refused.json().errors).toHaveProperty('language');
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/users/${member.id}`,
        headers: member.auth,
      });
      expect(after.json().language).toBe('sw');
    });

    it('refuses another member (403) and a visitor (401)', async () => {
      const owner = await makeUser(t);
      const other = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const put = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${owner.id}`,
          headers,
          payload: { name: 'Hacked Name' },
        });
      expect((await put(other.auth)).statusCode).toBe(403);
      expect((await put(admin.auth)).statusCode).toBe(403);
      expect((await put({})).statusCode).toBe(401);
    });
  });

  describe('PUT /api/user/:id/profile-pic', () => {
    it('replaces the picture and removes the old file', async () => {
      const owner = await makeUser(t);
      const first = await uploadPicture(owner.id, owner.auth, await makeJpeg(800, 800));
      expect(first.statusCode).toBe(200);
      const firstUrl: string = first.json().profile_pic;
      const firstFile = path.join(t.dataDir, 'media', firstUrl.replace('/media/', ''));
      expect(existsSync(firstFile)).toBe(true);
      const second = await uploadPicture(owner.id, owner.auth, await makeJpeg(300, 300));
      expect(second.statusCode).toBe(200);
      expect(second.json().profile_pic).not.toBe(firstUrl);
      expect(existsSync(firstFile)).toBe(false);
    });

    it('refuses a file that is not an image (415), another member (403) and a visitor (401)', async () => {
      const owner = await makeUser(t);
      const other = await makeUser(t);
      expect(
        (await uploadPicture(owner.id, owner.auth, Buffer.from('%PDF-1.4 not an image'))).statusCode,
      ).toBe(415);
      // A real PNG header with broken pixel data fails only while decoding: still 415, not 500.
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00aa00' } })
        .png()
        .toBuffer();
      const corrupt = Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]);
      expect((await uploadPicture(owner.id, owner.auth, corrupt)).statusCode).toBe(415);
      expect((await uploadPicture(owner.id, other.auth, await makeJpeg(50, 50))).statusCode).toBe(403);
      expect((await uploadPicture(owner.id, {}, await makeJpeg(50, 50))).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/users/:id', () => {
    it('erases the account, its rows and its files; the token stops working', async () => {
      const owner = await makeUser(t);
      const pic = await uploadPicture(owner.id, owner.auth, await makeJpeg(100, 100));
      const file = path.join(t.dataDir, 'media', String(pic.json().profile_pic).replace('/media/', ''));
      await t.db.insertInto('posts').values({ user_id: owner.id, content: 'Habari' }).execute();
      await t.db.insertInto('notifications').values({ user_id: owner.id, message: 'Hi' }).execute();

      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/${owner.id}`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(204);
      expect(existsSync(file)).toBe(false);
      for (const table of ['posts', 'notifications'] as const) {
        const rows = await t.db.selectFrom(table).select('id').where('user_id', '=', owner.id).execute();
        expect(rows).toEqual([]);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: owner.auth })).statusCode).toBe(
        401,
      );
    });

    it('lets an admin delete another account but not a member; a visitor gets 401', async () => {
      const target = await makeUser(t);
      const other = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const del = (headers: Record<string, string>) =>
        t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}`, headers });
      expect((await del({})).statusCode).toBe(401);
      expect((await del(other.auth)).statusCode).toBe(403);
      expect((await del(admin.auth)).statusCode).toBe(204);
      expect((await del(admin.auth)).statusCode).toBe(404);
    });
  });
});
