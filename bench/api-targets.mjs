// The API requests issue 17 measures (bench/api.mjs for speed, bench/rss-under-load.mjs for memory),
// against a server on the seeded benchmark data (bench/seed.mjs).
import { BENCH_PASSWORD } from './seed.mjs';

const json = { 'content-type': 'application/json' };

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
 * @bench_3, so the feeds read as @bench_1 keep the seeded shape.
 */
export async function apiTargets(serverUrl, { deepCursor } = {}) {
  const auth = await signIn(serverUrl, '@bench_1');
  const writerAuth = await signIn(serverUrl, '@bench_3');
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
              body: JSON.stringify({ content: `Bench post ${++n} #bench` }),
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
