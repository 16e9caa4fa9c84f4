import { EXPORT_DATA_FILE, EXPORT_PARTS, EXPORT_README_FILE, PRIVACY_NOTICE_VERSION } from '@jamii/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { makeUser } from '../../test/factories';
import { fillFootprint, type Footprint } from '../../test/footprint';
import { useTestApp } from '../../test/use-test-app';

const MARKER = 'Zqxexport';

/** Every entry of a zip, by name, with its bytes (yauzl checks each entry's CRC as it reads). */
function openZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (err, zip: ZipFile) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr) return reject(streamErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('GET /api/users/:id/export', () => {
  const t = useTestApp();
  let f: Footprint;
  let entries: Map<string, Buffer>;
  /** data.json as read back, so each part's shape is checked by the assertions themselves. */
  let data: ReturnType<typeof JSON.parse>;

  beforeAll(async () => {
    f = await fillFootprint(t, MARKER, '0798765432');
    // A message of B's and one of A's that moderators hid: A's own stays A's data, B's is no longer
    // A's to read.
    for (const [who, body] of [
      [f.b, 'Tuma ada ya usajili kwanza'],
      [f.a, `${MARKER} hidden own message`],
    ] as const) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${f.conversation.id}/messages`,
        headers: { authorization: `Bearer ${who.token}` },
        payload: { body },
      });
      expect(sent.statusCode).toBe(201);
      await t.db
        .updateTable('messages')
        .set({ moderation: 'hidden' })
        .where('id', '=', sent.json().id)
        .execute();
    }
    // A reads in Kiswahili: the export shows each notification as A reads it.
    await t.db.updateTable('users').set({ language: 'sw' }).where('id', '=', f.a.id).execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${f.a.id}/export`,
      headers: { authorization: `Bearer ${f.a.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="jamii-my-data.zip"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The size is announced before the first byte (progress in the browser) and is exact.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    entries = await openZip(res.rawPayload);
    data = JSON.parse(entries.get(EXPORT_DATA_FILE)!.toString('utf8'));
  }, 120_000);

  it('holds a README and one part per kind of record', () => {
    expect(entries.get(EXPORT_README_FILE)!.toString()).toContain(f.a.username);
    for (const part of EXPORT_PARTS) expect(data, part).toHaveProperty(part);
  });

  it('holds the profile and the consent record, without secrets', () => {
    expect(data.consent).toEqual({
      privacy_notice_version: PRIVACY_NOTICE_VERSION,
      accepted_at: expect.any(String),
    });
    expect(data.profile).toMatchObject({
      id: f.a.id,
      username: f.a.username,
      name: `${MARKER} Wanjiru`,
      email: f.a.email,
      phone: '+254798765432',
      bio: `${MARKER} bio`,
      headline: `${MARKER} headline`,
      skills: [`${MARKER} skill`],
    });
    const text = entries.get(EXPORT_DATA_FILE)!.toString();
    for (const secret of ['password_hash', 'token_hash', '$argon2']) expect(text).not.toContain(secret);
    expect(data.sessions).toEqual([expect.objectContaining({ id: expect.any(String), revoked_at: null })]);
  });

  it('holds what the member wrote, each in its part', () => {
    expect(data.posts).toEqual([
      expect.objectContaining({ id: f.post.id, content: expect.stringContaining(MARKER) }),
    ]);
    expect(data.comments).toEqual([
      expect.objectContaining({ post_id: f.bPost.id, body: `${MARKER} comment` }),
    ]);
    expect(data.likes).toEqual([expect.objectContaining({ post_id: f.bPost.id })]);
    expect(data.follows.following).toEqual([expect.objectContaining({ username: f.b.username })]);
    expect(data.follows.followers).toEqual([expect.objectContaining({ username: f.b.username })]);
    expect(data.jobs).toEqual([expect.objectContaining({ id: f.job.id, title: `${MARKER} job` })]);
    expect(data.saved_jobs).toEqual([expect.objectContaining({ job_id: f.bJob.id })]);
    expect(data.applications).toEqual([
      expect.objectContaining({
        id: f.application.id,
        message: `${MARKER} application`,
        job_title: 'Accountant',
      }),
    ]);
    expect(data.bids).toEqual([expect.objectContaining({ id: f.bid.id, job_title: `${MARKER} bid` })]);
    expect(data.offers).toEqual([
      expect.objectContaining({ id: f.offer.id, message: `${MARKER} offer`, status: 'accepted' }),
    ]);
    expect(data.services).toEqual([
      expect.objectContaining({ id: f.service.id, title: `${MARKER} service` }),
    ]);
    expect(data.videos).toEqual([expect.objectContaining({ id: f.video.id, title: `${MARKER} video` })]);
    expect(data.reviews.written).toEqual([
      expect.objectContaining({ text: `${MARKER} review`, about_username: f.b.username }),
    ]);
    expect(data.reviews.received).toEqual([
      expect.objectContaining({ text: 'Good work, on time', by_username: f.b.username }),
    ]);
    expect(data.reports).toEqual([
      expect.objectContaining({ note: `${MARKER} report`, target_id: f.bPost.id }),
    ]);
    expect(data.blocks).toEqual([expect.objectContaining({ username: f.c.username })]);
    expect(data.notification_preferences).toEqual([{ category: 'likes', in_app: false, email: true }]);
    // B liked and commented on A's post: A was told, in A's language, beside what each notice is stored as.
    expect(data.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'post_commented',
          params: { name: 'Brian Kamau' },
          message: 'Brian Kamau ametoa maoni kwenye chapisho lako',
        }),
        expect.objectContaining({ kind: 'post_liked', message: 'Brian Kamau amependa chapisho lako' }),
      ]),
    );
    for (const notice of data.notifications) expect(notice.message, notice.kind).toMatch(/\S/);
  });

  it('holds both sides of the member’s conversations, without the other side’s messages moderators hid', () => {
    expect(data.conversations).toEqual([
      expect.objectContaining({
        id: f.conversation.id,
        with_username: f.b.username,
        messages: [
          expect.objectContaining({ from_username: f.a.username, body: `${MARKER} message` }),
          expect.objectContaining({ from_username: f.b.username, body: 'Sawa, tuongee kesho' }),
          expect.objectContaining({ from_username: f.a.username, body: `${MARKER} hidden own message` }),
        ],
      }),
    ]);
  });

  it('holds the member’s own files, each where data.json says', () => {
    const named = [
      data.profile.profile_pic_file,
      data.posts[0].image_file,
      data.videos[0].video_file,
      data.videos[0].thumbnail_file,
      data.applications[0].cv_file,
    ];
    for (const name of named) {
      expect(name).toMatch(/^files\//);
      expect(entries.get(name)!.length, name).toBeGreaterThan(0);
    }
    expect(entries.get(data.applications[0].cv_file)!.toString()).toContain(`${MARKER} CV`);
    expect(entries.get(data.posts[0].image_file)!.subarray(8, 12).toString()).toBe('WEBP');
    // Nothing of anyone else: the zip's files are exactly those data.json names.
    expect([...entries.keys()].filter((k) => k.startsWith('files/')).sort()).toEqual([...named].sort());
  });

  it('answers 401 to a visitor and 403 to another member or an admin', async () => {
    const url = `/api/users/${f.a.id}/export`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await t.app.inject({ method: 'GET', url, headers: f.b.auth });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: 'You can only download your own data' });
    const admin = await makeUser(t, { role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url, headers: admin.auth })).statusCode).toBe(403);
  });
});

describe('data export limits', () => {
  const t = useTestApp({ env: { RATE_LIMITS: 'on' } });

  it('allows five exports an hour per account, then answers 429', async () => {
    const member = await makeUser(t);
    const url = `/api/users/${member.id}/export`;
    for (let i = 0; i < 5; i++)
      expect((await t.app.inject({ method: 'GET', url, headers: member.auth })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url, headers: member.auth });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'Too many downloads of your data. Please try again later.',
    });
  });
});
