import { statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testClipBytes } from '../../test/clips';
import { makeJob, makeUser, multipart } from '../../test/factories';
import { makePdf } from '../../test/footprint';
import { useTestApp } from '../../test/use-test-app';
import { findUserFiles, sumStoredBytes } from './users.repo';

// STORAGE_QUOTA_MB (docs/security.md, "Bodies, uploads and storage quotas"): a member's stored
// files together (post pictures, profile picture, videos with their thumbnails and copies, CVs
// they sent) may take at most the quota; an upload that would pass it answers 413
// STORAGE_QUOTA_EXCEEDED, and deleting frees the space. Once, nothing limited what one account kept.

const QUOTA_MB = 4;
const QUOTA = QUOTA_MB * 1024 * 1024;
const FULL = {
  code: 'STORAGE_QUOTA_EXCEEDED',
  message: `Your storage is full (${QUOTA_MB} MB). Delete some videos or pictures to upload more.`,
};

type Member = Awaited<ReturnType<typeof makeUser>>;

/** A photograph-like picture (noise does not compress): some hundreds of kilobytes once stored. */
const noisyJpeg = (width: number, height: number, seed = 40) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: seed },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

describe('the storage quota', () => {
  const t = useTestApp({ env: { STORAGE_QUOTA_MB: String(QUOTA_MB) } });

  async function upload(
    member: Member,
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    file?: { field: string; data: Buffer },
  ) {
    const body = await multipart(fields, file && { ...file, filename: 'upload.bin' });
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...member.auth } });
  }
  const postPicture = (member: Member, data: Buffer) =>
    upload(member, 'POST', '/api/posts', { content: 'Picha ya soko' }, { field: 'image', data });
  const profilePicture = (member: Member, data: Buffer) =>
    upload(member, 'PUT', `/api/user/${member.id}/profile-pic`, {}, { field: 'profile_pic', data });
  const apply = async (member: Member, cv: Buffer) => {
    const job = await makeJob(t, await makeUser(t));
    return upload(
      member,
      'POST',
      `/api/jobs/${job.id}/apply`,
      { message: 'CV attached' },
      { field: 'cv', data: cv },
    );
  };
  const uploadVideo = (member: Member, data: Buffer) =>
    upload(member, 'POST', '/api/videos', { title: 'Matatu art', description: '' }, { field: 'video', data });

  /** A video row of the member's taking `bytes` (its file need not exist: only the row is counted). */
  const fillWithVideo = (member: Member, bytes: number) =>
    t.db
      .insertInto('videos')
      .values({
        user_id: member.id,
        title: 'Harusi',
        kind: 'long',
        duration_seconds: 120,
        video_url: `/media/videos/filler-${member.id}-${bytes}.mp4`,
        mime_type: 'video/mp4',
        size_bytes: bytes,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  const postsOf = async (member: Member) =>
    (await t.db.selectFrom('posts').select('id').where('user_id', '=', member.id).execute()).length;

  it('counts each of the member’s stored files at its stored size', async () => {
    const member = await makeUser(t);
    const picture = await noisyJpeg(1600, 1200);
    expect((await postPicture(member, picture)).statusCode).toBe(201);
    expect((await profilePicture(member, await noisyJpeg(600, 600, 30))).statusCode).toBe(200);
    // A new profile picture takes the old one's place: the old one is counted no more.
    expect((await profilePicture(member, await noisyJpeg(600, 600, 50))).statusCode).toBe(200);
    const applied = await apply(member, makePdf('Wanjiru Kamau, accountant'));
    expect(applied.statusCode).toBe(201);
    expect((await uploadVideo(member, await testClipBytes())).statusCode).toBe(201);

    const onDisk = (await findUserFiles(t.db, member.id)).map((url) =>
      path.join(t.dataDir, 'media', url.replace(/^\/media\//, '')),
    );
    const cv = await t.db
      .selectFrom('job_applications')
      .select('cv_path')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    onDisk.push(path.join(t.dataDir, 'private', cv.cv_path!));
    // Post picture (two sizes), profile picture, CV, video and its thumbnail.
    expect(new Set(onDisk).size).toBe(6);
    const bytes = [...new Set(onDisk)].reduce((sum, file) => sum + statSync(file).size, 0);
    expect(await sumStoredBytes(t.db, member.id)).toBe(bytes);
  });

  it('refuses every upload that would pass the quota, with 413 and the quota, and keeps nothing of it', async () => {
    const member = await makeUser(t);
    await fillWithVideo(member, QUOTA);
    const posts = await postsOf(member);
    const files = await findUserFiles(t.db, member.id);

    for (const res of [
      await postPicture(member, await noisyJpeg(800, 600)),
      await profilePicture(member, await noisyJpeg(300, 300)),
      await apply(member, makePdf('A CV of a few bytes')),
      await uploadVideo(member, await testClipBytes()),
    ]) {
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual(FULL);
    }
    expect(await postsOf(member)).toBe(posts);
    expect(await findUserFiles(t.db, member.id)).toEqual(files);
    const cvs = await t.db
      .selectFrom('job_applications')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    expect(cvs).toEqual([]);

    // Words take no storage: a post without a picture is still published.
    const words = await upload(member, 'POST', '/api/posts', { content: 'Bado niko hapa' });
    expect(words.statusCode).toBe(201);
  });

  it('refuses a picture that would pass what is left, and takes it once a video is deleted', async () => {
    const member = await makeUser(t);
    const picture = await noisyJpeg(1600, 1200);
    const first = await postPicture(member, picture);
    expect(first.statusCode).toBe(201);
    const stored = await sumStoredBytes(t.db, member.id);
    expect(stored).toBeGreaterThan(100_000);
    // Room for half of that picture again.
    const filler = await fillWithVideo(member, QUOTA - stored - Math.floor(stored / 2));

    const refused = await postPicture(member, picture);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(FULL);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${filler.id}`,
      headers: member.auth,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await postPicture(member, picture);
    expect(again.statusCode).toBe(201);
    expect(await sumStoredBytes(t.db, member.id)).toBe(2 * stored);

    // Deleting a post frees its picture's space as well.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${again.json<{ id: number }>().id}`,
      headers: member.auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(await sumStoredBytes(t.db, member.id)).toBe(stored);
  });

  it('lets a new profile picture take the place of the old one when the storage is full', async () => {
    const member = await makeUser(t);
    const picture = await noisyJpeg(600, 600);
    expect((await profilePicture(member, picture)).statusCode).toBe(200);
    await fillWithVideo(member, QUOTA - (await sumStoredBytes(t.db, member.id)));
    expect(await sumStoredBytes(t.db, member.id)).toBe(QUOTA);
    // The same picture again: the same size in place of the old one.
    expect((await profilePicture(member, picture)).statusCode).toBe(200);
    expect(await sumStoredBytes(t.db, member.id)).toBe(QUOTA);
    // A post's picture would be more.
    expect((await postPicture(member, picture)).statusCode).toBe(413);
  });

  it('counts uploads sent at the same moment one after the other', async () => {
    const member = await makeUser(t);
    const picture = await noisyJpeg(1600, 1200);
    const first = await postPicture(member, picture);
    expect(first.statusCode).toBe(201);
    const stored = await sumStoredBytes(t.db, member.id);
    // Room for one more of the same picture, not two.
    await fillWithVideo(member, QUOTA - 2 * stored - Math.floor(stored / 2));
    const answers = await Promise.all(Array.from({ length: 5 }, () => postPicture(member, picture)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 413, 413, 413, 413]);
    expect(await sumStoredBytes(t.db, member.id)).toBeLessThanOrEqual(QUOTA);
  });
});
