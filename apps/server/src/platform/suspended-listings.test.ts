import { describe, expect, it } from 'vitest';
import { makeBid, makeJob, makeOffer, makePost, makeUser } from '../test/factories';
import { testDatabaseKind } from '../test/test-database';
import { injectCaller, useTestApp } from '../test/use-test-app';

// A suspended member's listings leave every public list while the suspension lasts and come back as
// they were on restore (platform/visibility.ts); admins keep seeing them to moderate.
describe(`a suspended member's listings (${testDatabaseKind()})`, () => {
  const t = useTestApp({
    webFiles: { 'index.html': '<!doctype html><html><head><title>Jamii</title></head><body></body></html>' },
  });
  const call = injectCaller(t);

  it('leave the feed, search, topics, explore, every list, share pages and profiles, and come back on restore', async () => {
    const seller = await makeUser(t, { name: 'Suspended Seller' });
    const reader = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const tag = `soko${Date.now() % 100_000}`;
    const post = await makePost(t, seller, { content: `Unique kikapu #${tag}` });
    const hashtag = await t.db
      .insertInto('hashtags')
      .values({ tag })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('post_hashtags')
      .values({ post_id: post.id, hashtag_id: hashtag.id, created_at: post.created_at })
      .execute();
    const job = await makeJob(t, seller, { title: 'Kikapu weaver', company: 'Kikapu Unique Crafts' });
    const bid = await makeBid(t, seller, { job_title: 'Kikapu logo' });
    const service = await call('POST', '/api/services', seller.auth, { title: 'Kikapu repairs', price: 900 });
    expect(service.statusCode).toBe(201);
    // An offer of theirs on someone else's bid, and a comment of theirs under someone else's post.
    const othersBid = await makeBid(t, reader);
    const offer = await makeOffer(t, othersBid, seller);
    const othersPost = await makePost(t, reader);
    const comment = await call('POST', `/api/posts/${othersPost.id}/comments`, seller.auth, {
      body: 'Kikapu!',
    });
    expect(comment.statusCode).toBe(201);

    /** Where each listing shows, to a reader and to a visitor: true when it is there. */
    const shown = async (who?: { auth: Record<string, string> }) => {
      const get = (url: string) => call('GET', url, who?.auth ?? {});
      const ids = async (url: string) => ((await get(url)).json() as { id: number }[]).map((r) => r.id);
      const found = async (url: string) => (await get(url)).statusCode === 200;
      const member = who !== undefined;
      return {
        feed: (await ids('/api/posts?limit=100')).includes(post.id),
        search: (await ids('/api/posts?search=kikapu')).includes(post.id),
        topic: (await ids(`/api/topics/${tag}/posts`)).includes(post.id),
        trending: JSON.stringify((await get(`/api/topics/explore?search=${tag}`)).json()).includes(tag),
        hiring: JSON.stringify((await get('/api/hiring/explore?search=kikapu')).json()).includes(
          'Kikapu Unique',
        ),
        filters: JSON.stringify((await get('/api/jobs/filters')).json()).includes('Kikapu Unique'),
        profilePosts: (await ids(`/api/posts/user/${seller.id}`)).includes(post.id),
        post: await found(`/api/posts/${post.id}`),
        sharePost: (await get(`/p/${post.id}`)).statusCode === 200,
        jobs: (await ids('/api/jobs?search=kikapu')).includes(job.id),
        profileJobs: (await ids(`/api/jobs?user_id=${seller.id}`)).includes(job.id),
        job: await found(`/api/jobs/${job.id}`),
        shareJob: (await get(`/explore/jobs/${job.id}`)).statusCode === 200,
        // Bids and services are for members.
        ...(member && {
          bids: (await ids('/api/bids?search=kikapu')).includes(bid.id),
          profileBids: (await ids(`/api/bids?user_id=${seller.id}`)).includes(bid.id),
          bid: await found(`/api/bids/${bid.id}`),
          services: (await ids(`/api/services?user_id=${seller.id}`)).includes(service.json().id),
          offer: (await ids(`/api/bids/offers/${othersBid.id}`)).includes(offer.id),
          comment: (await ids(`/api/posts/${othersPost.id}/comments`)).includes(comment.json().id),
        }),
      };
    };
    const everywhere = (places: Record<string, boolean>) =>
      Object.fromEntries(Object.keys(places).map((k) => [k, true]));
    const nowhere = (places: Record<string, boolean>) =>
      Object.fromEntries(Object.keys(places).map((k) => [k, false]));

    const before = { reader: await shown(reader), visitor: await shown() };
    expect(before.reader).toEqual(everywhere(before.reader));
    expect(before.visitor).toEqual(everywhere(before.visitor));

    const username = encodeURIComponent(seller.username);
    expect(
      (await call('POST', `/api/admin/users/${username}/suspend`, admin.auth, { reason: 'Fake goods' }))
        .statusCode,
    ).toBe(200);
    const reader2 = await shown(reader);
    expect(reader2).toEqual(nowhere(reader2));
    const visitor2 = await shown();
    expect(visitor2).toEqual(nowhere(visitor2));
    // Moderators still see them, to judge.
    expect((await call('GET', `/api/posts/${post.id}`, admin.auth)).statusCode).toBe(200);
    expect((await call('GET', `/api/bids/${bid.id}`, admin.auth)).statusCode).toBe(200);
    // Nor do they take a like or a save meanwhile.
    expect((await call('POST', `/api/posts/${post.id}/like`, reader.auth)).statusCode).toBe(404);
    expect((await call('POST', `/api/jobs/${job.id}/save`, reader.auth)).statusCode).toBe(404);

    expect((await call('POST', `/api/admin/users/${username}/restore`, admin.auth)).statusCode).toBe(200);
    expect(await shown(reader)).toEqual(before.reader);
    expect(await shown()).toEqual(before.visitor);
  });
});
