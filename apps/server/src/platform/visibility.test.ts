import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { makeBid, makeJob, makeOffer, makePost, makeUser } from '../test/factories';

// Who sees what (docs/design.md#trust-and-safety, platform/visibility.ts): hidden and held items, and blocked pairs.
describe('who sees what', () => {
  const t = useTestApp();

  type Member = Awaited<ReturnType<typeof makeUser>>;
  const get = (url: string, who?: Member) =>
    t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });
  const ids = (res: { json: () => { id: number }[] }) => res.json().map((r) => r.id);
  const setModeration = (
    table: 'posts' | 'jobs' | 'bids' | 'offers' | 'services' | 'videos',
    id: number,
    moderation: 'visible' | 'hidden' | 'held',
  ) => t.db.updateTable(table).set({ moderation }).where('id', '=', id).execute();

  let author: Member, other: Member, admin: Member;
  beforeAll(async () => {
    author = await makeUser(t, { name: 'Akinyi Author' });
    other = await makeUser(t, { name: 'Otieno Other' });
    admin = await makeUser(t, { name: 'Amina Admin', role: 'admin' });
  });

  it('a hidden post is out of the feed, the author list and search, and 404 to others; its author and admins see it labelled', async () => {
    const post = await makePost(t, author, { content: 'Zebra crossing #visibilitytopic' });
    const shown = await makePost(t, author, { content: 'Zebra shown #visibilitytopic' });
    await setModeration('posts', post.id, 'hidden');

    for (const who of [other, undefined]) {
      expect(ids(await get('/api/posts?limit=100', who))).not.toContain(post.id);
      expect(ids(await get(`/api/posts/user/${author.id}`, who))).toEqual([shown.id]);
      expect(ids(await get('/api/posts?search=zebra', who))).toEqual([shown.id]);
      const read = await get(`/api/posts/${post.id}`, who);
      expect(read.statusCode).toBe(404);
      expect(read.json().code).toBe('NOT_FOUND');
    }
    for (const who of [author, admin]) {
      const read = await get(`/api/posts/${post.id}`, who);
      expect(read.statusCode).toBe(200);
      expect(read.json().moderation).toBe('hidden');
      expect(ids(await get(`/api/posts/user/${author.id}`, who))).toEqual([shown.id, post.id]);
    }
    expect((await get(`/api/posts/${shown.id}`, other)).json().moderation).toBe('visible');

    // Likes on it: 404 for others, as if it did not exist.
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/like`,
      headers: other.auth,
    });
    expect(like.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/like`,
      headers: author.auth,
    });
    expect(own.statusCode).toBe(200);

    // The topic counts only the visible post (the factory does not tag, so tag both here).
    const tag = await t.db
      .insertInto('hashtags')
      .values({ tag: 'visibilitytopic' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('post_hashtags')
      .values([post, shown].map((p) => ({ post_id: p.id, hashtag_id: tag.id, created_at: p.created_at })))
      .execute();
    const topics = (await get('/api/topics/explore?search=visibilitytopic', other)).json();
    expect(topics).toEqual([expect.objectContaining({ tag: 'visibilitytopic', posts: 1 })]);
  });

  it('a held job is out of the list, search, filters and saved list, and 404 to read, save or apply', async () => {
    const job = await makeJob(t, author, { title: 'Heldjob clerk', company: 'Heldcorp Unique' });
    await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/save`, headers: other.auth });
    expect(ids(await get('/api/jobs/saved', other))).toEqual([job.id]);
    await setModeration('jobs', job.id, 'held');

    for (const who of [other, undefined]) {
      expect(ids(await get('/api/jobs?search=heldjob', who))).toEqual([]);
      expect((await get(`/api/jobs/${job.id}`, who)).statusCode).toBe(404);
      expect((await get('/api/jobs/filters', who)).json().companies).not.toContain('Heldcorp Unique');
      expect((await get('/api/hiring/explore?search=heldcorp', who)).json()).toEqual([]);
    }
    expect(ids(await get('/api/jobs/saved', other))).toEqual([]);
    for (const action of ['save', 'apply'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/jobs/${job.id}/${action}`,
        headers: other.auth,
        ...(action === 'apply' ? { payload: { message: 'I would like this job please.' } } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
    for (const who of [author, admin]) {
      const read = await get(`/api/jobs/${job.id}`, who);
      expect(read.statusCode).toBe(200);
      expect(read.json().moderation).toBe('held');
      expect(ids(await get('/api/jobs?search=heldjob', who))).toEqual([job.id]);
    }
  });

  it('a held bid and a hidden offer are seen only by their authors and admins', async () => {
    const bid = await makeBid(t, author, { job_title: 'Heldbid poster design' });
    const offer = await makeOffer(t, bid, other);
    await setModeration('bids', bid.id, 'held');
    const third = await makeUser(t);

    expect(ids(await get('/api/bids?search=heldbid', third))).toEqual([]);
    expect((await get(`/api/bids/${bid.id}`, third)).statusCode).toBe(404);
    expect((await get(`/api/bids/offers/${bid.id}`, third)).statusCode).toBe(404);
    for (const who of [author, admin]) {
      const read = await get(`/api/bids/${bid.id}`, who);
      expect(read.statusCode).toBe(200);
      expect(read.json().moderation).toBe('held');
    }

    await setModeration('bids', bid.id, 'visible');
    await setModeration('offers', offer.id, 'hidden');
    expect((await get(`/api/bids/${bid.id}`, third)).json().offers).toEqual([]);
    expect((await get(`/api/bids/offers/${bid.id}`, author)).json()).toEqual([]);
    const mine = (await get(`/api/bids/${bid.id}`, other)).json().offers;
    expect(mine).toEqual([expect.objectContaining({ id: offer.id, moderation: 'hidden' })]);
    expect((await get(`/api/bids/offers/${bid.id}`, admin)).json()).toEqual([
      expect.objectContaining({ id: offer.id, moderation: 'hidden' }),
    ]);
  });

  it('a held service and a hidden video are out of their lists for others', async () => {
    const service = await t.db
      .insertInto('services')
      .values({
        user_id: author.id,
        title: 'Heldservice plumbing',
        description: 'Pipes.',
        price: 100,
        location: 'Nakuru',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const video = await t.db
      .insertInto('videos')
      .values({
        user_id: author.id,
        title: 'Hiddenvideo dance',
        kind: 'short',
        duration_seconds: 30,
        video_url: '/media/videos/hidden.mp4',
        thumbnail_url: null,
        mime_type: 'video/mp4',
        size_bytes: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setModeration('services', service.id, 'held');
    await setModeration('videos', video.id, 'hidden');

    expect(ids(await get('/api/services?search=heldservice', other))).toEqual([]);
    expect(ids(await get('/api/videos/short?search=hiddenvideo', other))).toEqual([]);
    expect(ids(await get('/api/videos/short?search=hiddenvideo'))).toEqual([]);
    for (const who of [author, admin]) {
      const services = (await get('/api/services?search=heldservice', who)).json();
      expect(services).toEqual([expect.objectContaining({ id: service.id, moderation: 'held' })]);
      const videos = (await get('/api/videos/short?search=hiddenvideo', who)).json();
      expect(videos).toEqual([expect.objectContaining({ id: video.id, moderation: 'hidden' })]);
    }
  });

  it('blocks work both ways: feeds, search, bids and offers, services, videos, suggestions, profiles', async () => {
    const blocker = await makeUser(t, { name: 'Blocker Wambui', location: 'Kisumu' });
    const blocked = await makeUser(t, { name: 'Blocked Kiprono', location: 'Kisumu' });
    const post = await makePost(t, blocked, { content: 'Blockedpost hello' });
    const theirPost = await makePost(t, blocker, { content: 'Blockerpost hello' });
    const job = await makeJob(t, blocked, { title: 'Blockedjob driver' });
    const bid = await makeBid(t, blocker, { job_title: 'Blockerbid logo' });
    const offer = await makeOffer(t, bid, blocked);
    // Suggested to each other before (same town).
    const suggested = (who: Member) => get('/api/users/suggestions?limit=50', who).then(ids);
    expect(await suggested(blocker)).toContain(blocked.id);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${encodeURIComponent(blocked.username)}/block`,
      headers: blocker.auth,
    });
    expect(res.statusCode).toBe(200);

    // The blocker no longer sees the blocked member's content...
    expect(ids(await get('/api/posts?search=blockedpost', blocker))).toEqual([]);
    expect((await get(`/api/posts/${post.id}`, blocker)).statusCode).toBe(404);
    expect(ids(await get('/api/jobs?search=blockedjob', blocker))).toEqual([]);
    expect((await get(`/api/jobs/${job.id}`, blocker)).statusCode).toBe(404);
    expect((await get(`/api/bids/${bid.id}`, blocker)).json().offers).toEqual([]);
    expect(await suggested(blocker)).not.toContain(blocked.id);
    // ...and the blocked member no longer sees the blocker's.
    expect(ids(await get('/api/posts?search=blockerpost', blocked))).toEqual([]);
    expect((await get(`/api/posts/${theirPost.id}`, blocked)).statusCode).toBe(404);
    expect((await get(`/api/bids/${bid.id}`, blocked)).statusCode).toBe(404);
    expect(await suggested(blocked)).not.toContain(blocker.id);
    // A profile of someone who blocked me is 404; the blocker still sees whom they blocked.
    expect((await get(`/api/users/${blocker.id}`, blocked)).statusCode).toBe(404);
    expect((await get(`/api/users/${blocked.id}`, blocker)).statusCode).toBe(200);
    // Others still see both.
    expect(ids(await get('/api/posts?search=blockedpost', other))).toEqual([post.id]);
    expect((await get(`/api/bids/${bid.id}`, other)).json().offers.map((o: { id: number }) => o.id)).toEqual([
      offer.id,
    ]);
    expect((await get(`/api/users/${blocker.id}`)).statusCode).toBe(200);
  });

  it('suspended members are not suggested', async () => {
    const me = await makeUser(t, { location: 'Eldoret' });
    const gone = await makeUser(t, { location: 'Eldoret' });
    await t.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', gone.id).execute();
    expect(ids(await get('/api/users/suggestions?limit=50', me))).not.toContain(gone.id);
  });

  it('filtered rows do not stop keyset paging', async () => {
    const poster = await makeUser(t);
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await makePost(t, poster, { content: `Pagingpost ${i}`, minutesAgo: 5 - i }));
    await setModeration('posts', made[3]!.id, 'hidden');
    await setModeration('posts', made[2]!.id, 'held');
    const seen: number[] = [];
    let url = `/api/posts/user/${poster.id}?limit=1`;
    for (let i = 0; i < 10; i++) {
      const page = await get(url, other);
      seen.push(...ids(page));
      const cursor = page.headers['x-next-cursor'];
      if (!cursor) break;
      url = `/api/posts/user/${poster.id}?limit=1&cursor=${String(cursor)}`;
    }
    expect(seen).toEqual([made[4]!.id, made[1]!.id, made[0]!.id]);
  });
});
