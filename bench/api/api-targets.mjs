// The API requests the performance targets name (bench/README.md; bench/api/api.mjs for speed,
// bench/api/rss-under-load.mjs for memory), against a server on the seeded benchmark data
// (bench/seed.mjs).
import pg from 'pg';
import { BENCH_PASSWORD } from '../seed.mjs';

const json = { 'content-type': 'application/json' };
const WRITER = '@bench_3';
const POST_TEXT = 'Bench post';

/**
 * Deletes the posts a run wrote (thousands: `POST /api/posts` at full load), so the next benchmark
 * reads the seeded shape. Left in, they were the newest 2,000 posts, all one member's, and made
 * Discover's "most active" candidates one person at M: 33,545 of them after two runs of bench:api.
 */
export async function removeBenchPosts(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rowCount } = await db.query(
      `delete from posts where user_id = (select id from users where username = $1) and content like $2`,
      [WRITER, `${POST_TEXT} %`],
    );
    // Their dead rows would stay in the newest end of the posts' indexes (the bench databases run
    // without autovacuum on this machine), so the table is vacuumed as a seed leaves it.
    if (rowCount > 0) await db.query('vacuum (analyze) posts');
    return rowCount;
  } finally {
    await db.end();
  }
}

/** Signs a seeded member in and answers the Authorization header for their requests. */
export async function signIn(serverUrl, username) {
  const res = await fetch(`${serverUrl}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: BENCH_PASSWORD, rememberMe: false }),
  });
  if (!res.ok) throw new Error(`login as ${username} answered ${res.status}: is the database seeded?`);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/**
 * [name, autocannon options] for each request: the feed three ways (and 99% deep, given its
 * cursor), the other lists, a post written and a login. Reads are @bench_1's; posts are written by
 * WRITER, so the feeds read as @bench_1 keep the seeded shape (and removeBenchPosts finds them).
 */
export async function apiTargets(serverUrl, { deepCursor } = {}) {
  const auth = await signIn(serverUrl, '@bench_1');
  const writerAuth = await signIn(serverUrl, WRITER);
  const u = (p) => `${serverUrl}${p}`;
  let n = 0;
  return [
    ['feed, anonymous', { url: u('/api/posts?limit=20') }],
    ['feed, signed in', { url: u('/api/posts?limit=20'), headers: auth }],
    ['feed, following', { url: u('/api/posts?limit=20&feed=following'), headers: auth }],
    ...(deepCursor
      ? [['feed, 99% deep (cursor)', { url: u(`/api/posts?limit=20&cursor=${deepCursor}`), headers: auth }]]
      : []),
    ['bids with offers', { url: u('/api/bids?limit=20'), headers: auth }],
    ['jobs search "driver"', { url: u('/api/jobs?limit=20&search=driver'), headers: auth }],
    ['Discover people "wanjiru"', { url: u('/api/users/suggestions?search=wanjiru'), headers: auth }],
    ['conversation messages', { url: u('/api/conversations/1/messages?limit=20'), headers: auth }],
    ['notifications', { url: u('/api/notifications/1?limit=20'), headers: auth }],
    [
      'POST /api/posts',
      {
        url: u('/api/posts'),
        method: 'POST',
        headers: { ...writerAuth, ...json },
        // A new text each time (autocannon's per-request hook lives on `requests`).
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ content: `${POST_TEXT} ${++n} #bench` }),
            }),
          },
        ],
      },
    ],
    [
      'POST /api/login',
      {
        url: u('/api/login'),
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: '@bench_2', password: BENCH_PASSWORD, rememberMe: false }),
      },
    ],
  ];
}
