import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app';
import { makeJpeg, makeUser, multipart, TEST_PASSWORD } from './factories';

const run = promisify(execFile);

/** A one-second clip whose container carries `title` (phones write such tags); ffmpeg's test source. */
async function makeClip(title: string) {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-v', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-metadata', `title=${title}`],
      // Written to stdout, so a fragmented MP4 (a plain one needs a seekable file).
      ...['-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 10 * 1024 * 1024 },
  );
  return stdout;
}

/** A small valid PDF whose text is the given words. */
export const makePdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Title (${text}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/**
 * Member A fills every field and file a member controls with `marker` through the real routes
 * (docs/features/your-data.md): profile (name, username, email, bio, location, headline, skills, phone), picture,
 * a post with a picture and a #tag, a comment, a like, a follow, a job, an application with a CV, a
 * bid, an offer, a service, a video with a title, messages, a review, a report, a block and
 * notification preferences. B and C are other members A deals with; B also writes to A.
 */
export async function fillFootprint(t: TestApp, marker: string, phone: string) {
  const inject = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    body?: unknown,
    expected = [200, 201, 204],
  ) => {
    const res = await t.app.inject({
      method,
      url,
      // As the web app sends them: stored answers are data about the member too.
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
      },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(expected, `${method} ${url}: ${res.body}`).toContain(res.statusCode);
    return res.statusCode === 204 ? null : res.json();
  };
  const upload = async (url: string, token: string | null, form: Awaited<ReturnType<typeof multipart>>) => {
    const res = await t.app.inject({
      method: url.includes('profile-pic') ? 'PUT' : 'POST',
      url,
      headers: {
        ...form.headers,
        ...(token ? { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() } : {}),
      },
      payload: form.payload,
    });
    expect([200, 201], `${url}: ${res.body}`).toContain(res.statusCode);
    return res.json();
  };

  const b = await makeUser(t, { name: 'Brian Kamau' });
  const c = await makeUser(t, { name: 'Cynthia Achieng' });
  const username = `${marker.toLowerCase()}_a`;
  const email = `${marker.toLowerCase()}@${marker.toLowerCase()}.co.ke`;
  await upload(
    '/api/signup',
    null,
    await multipart(
      {
        username,
        name: `${marker} Wanjiru`,
        email,
        location: `${marker} Estate, Nairobi`,
        bio: `${marker} bio`,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      },
      { field: 'profile_pic', filename: `${marker}.jpg`, data: await makeJpeg(300, 300), type: 'image/jpeg' },
    ),
  );
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const { token, user } = login.json() as { token: string; user: { id: number; username: string } };
  const a = { id: user.id, username: user.username, token, email };

  await inject('PUT', `/api/users/${a.id}`, token, {
    headline: `${marker} headline`,
    skills: [`${marker} skill`],
    phone,
    show_phone: true,
  });
  const post = await upload(
    '/api/posts',
    token,
    await multipart(
      { user_id: String(a.id), content: `${marker} post #${marker}tag @${b.username.slice(1)}` },
      { field: 'image', filename: `${marker}.jpg`, data: await makeJpeg(400, 300), type: 'image/jpeg' },
    ),
  );
  const bPost = (await inject('POST', '/api/posts', b.token, {
    user_id: b.id,
    content: 'Habari za asubuhi',
  })) as {
    id: number;
  };
  await inject('POST', `/api/posts/${bPost.id}/comments`, token, { body: `${marker} comment` });
  await inject('POST', `/api/posts/${bPost.id}/like`, token);
  await inject('POST', `/api/posts/${post.id}/like`, b.token);
  await inject('POST', `/api/posts/${post.id}/comments`, b.token, { body: 'Nice one' });
  await inject('POST', `/api/users/${encodeURIComponent(b.username)}/follow`, token);
  await inject('POST', `/api/users/${encodeURIComponent(a.username)}/follow`, b.token);

  const job = await inject('POST', '/api/jobs', token, {
    title: `${marker} job`,
    company: `${marker} Ltd`,
    location: 'Nairobi',
    type: 'Full-time',
    description: `${marker} job description`,
    salary: `${marker} salary`,
  });
  const bJob = await inject('POST', '/api/jobs', b.token, { title: 'Accountant', company: 'Tujenge Ltd' });
  await inject('POST', `/api/jobs/${bJob.id}/save`, token);
  const application = await upload(
    `/api/jobs/${bJob.id}/apply`,
    token,
    await multipart(
      { message: `${marker} application` },
      { field: 'cv', filename: `${marker}.pdf`, data: makePdf(`${marker} CV`), type: 'application/pdf' },
    ),
  );

  const bid = await inject('POST', '/api/bids', token, {
    job_title: `${marker} bid`,
    max_price: 5000,
    description: `${marker} bid description`,
  });
  const bBid = await inject('POST', '/api/bids', b.token, { job_title: 'Logo for a SACCO', max_price: 5000 });
  const { offer } = await inject('POST', '/api/bids/offer', token, {
    bid_id: bBid.id,
    offer_price: 3000,
    message: `${marker} offer`,
  });
  await inject('PUT', `/api/bids/offer/accept/${offer.id}`, b.token);
  await inject('POST', `/api/bids/${bBid.id}/complete`, b.token);
  await inject('POST', '/api/reviews', token, { bid_id: bBid.id, rating: 5, text: `${marker} review` });
  await inject('POST', '/api/reviews', b.token, { bid_id: bBid.id, rating: 4, text: 'Good work, on time' });
  const service = await inject('POST', '/api/services', token, {
    title: `${marker} service`,
    description: `${marker} service description`,
    price: 1500,
    location: `${marker} town`,
  });
  const video = await upload(
    '/api/videos',
    token,
    await multipart(
      { title: `${marker} video`, description: `${marker} video description` },
      { field: 'video', filename: `${marker}.mp4`, data: await makeClip(marker), type: 'video/mp4' },
    ),
  );

  const conversation = await inject('POST', '/api/conversations', token, { username: b.username });
  await inject('POST', `/api/conversations/${conversation.id}/messages`, token, {
    body: `${marker} message`,
  });
  await inject('POST', `/api/conversations/${conversation.id}/messages`, b.token, {
    body: 'Sawa, tuongee kesho',
  });
  await inject('POST', '/api/reports', token, {
    target_type: 'post',
    target_id: bPost.id,
    reason: 'other',
    note: `${marker} report`,
  });
  await inject('POST', `/api/users/${encodeURIComponent(c.username)}/block`, token);
  await inject('PUT', '/api/notifications/preferences', token, { likes: { in_app: false, email: true } });
  await t.app.background.settled();

  return { a, b, c, post, bPost, job, bJob, application, bid, bBid, offer, service, video, conversation };
}

export type Footprint = Awaited<ReturnType<typeof fillFootprint>>;
