import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { makeJob, makeJpeg, makePost, makeUser, multipart } from '../test/factories';

// Every request limit counts the route the router matched, however its address is written: the
// router decodes `/%61pi/login`, folds case and repeated or trailing slashes, and drops the query,
// so each of those spellings must count as the plain path and meet the same 429.

/** The spellings of one path that reach the same route. */
function spellings(path: string): string[] {
  const encoded = `/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`;
  const lastSlash = path.lastIndexOf('/');
  return [
    path,
    encoded,
    `/${path}`,
    `${path.slice(0, lastSlash)}/${path.slice(lastSlash)}`,
    path.toUpperCase(),
    `${path}/`,
    `${path}?x`,
  ];
}

let addressCounter = 0;
/** A client address of its own for each case, so only that case's requests are counted. */
const newAddress = () => {
  const n = ++addressCounter;
  return `10.37.${(n >> 8) & 255}.${n & 255}`;
};
/** A fresh address for every request, so only a per-account limit can refuse. */
const rotatingAddress = () => newAddress();
let nameCounter = 0;
/** Names no other request used (usernames, emails). */
const uniqueName = (prefix: string) => `${prefix}${++nameCounter}`;

interface LimitedRoute {
  /** Requests allowed in the window. */
  max: number;
  /** The plain path of the i-th request. */
  path: (i: number) => string;
  /** Sends the i-th request to `url` (one spelling of the path). */
  send: (url: string, i: number) => Promise<LightMyRequestResponse>;
  /** What an allowed request answers. */
  allowed: number;
}

function expectRateLimited(res: LightMyRequestResponse, url: string) {
  expect(res.statusCode, `${url} answered ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
}

describe('request limits, whatever the spelling of the address', () => {
  let t: TestApp;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { RATE_LIMITS: 'on' },
      // Share pages are served only beside a built web app.
      webFiles: { 'index.html': '<!doctype html><title>Jamii</title><div id="root"></div>' },
    });
    jpeg = await makeJpeg(64, 64);
  });
  afterAll(() => t.close());

  const inject = (options: InjectOptions) => t.app.inject(options);
  /** One case per limit; each builds its own members and data. */
  const cases: Array<[name: string, make: () => Promise<LimitedRoute>]> = [
    [
      'every API call: 300 per minute per address',
      async () => {
        const remoteAddress = newAddress();
        return {
          max: 300,
          allowed: 200,
          path: () => '/api/site',
          send: (url) => inject({ method: 'GET', url, remoteAddress }),
        };
      },
    ],
    [
      'POST /api/signup: 5 per 30 minutes per address',
      async () => {
        const remoteAddress = newAddress();
        return {
          max: 5,
          allowed: 201,
          path: () => '/api/signup',
          send: (url) =>
            inject({
              method: 'POST',
              url,
              remoteAddress,
              payload: {
                username: uniqueName('spelt_'),
                name: 'Achieng Otieno',
                email: `${uniqueName('spelt')}@tujenge.co.ke`,
                location: 'Kisumu',
                password: 'Ziwa-Victoria-77!',
                confirmPassword: 'Ziwa-Victoria-77!',
              },
            }),
        };
      },
    ],
    [
      'POST /api/login: 25 per 5 minutes per address',
      async () => {
        const remoteAddress = newAddress();
        return {
          max: 25,
          allowed: 401,
          path: () => '/api/login',
          // A username of its own each time: the per-username limit counts failures separately.
          send: (url) =>
            inject({
              method: 'POST',
              url,
              remoteAddress,
              payload: { username: uniqueName('nobody_'), password: 'Wrong-Pass-123' },
            }),
        };
      },
    ],
    [
      'POST /api/auth/forgot-password: 20 per hour per address',
      async () => {
        const remoteAddress = newAddress();
        return {
          max: 20,
          allowed: 200,
          path: () => '/api/auth/forgot-password',
          send: (url, i) =>
            inject({ method: 'POST', url, remoteAddress, payload: { email: `mtu${i}@tujenge.co.ke` } }),
        };
      },
    ],
    [
      'POST /api/auth/forgot-password: 5 per hour per email',
      async () => {
        const email = `same${newAddress()}@tujenge.co.ke`;
        return {
          max: 5,
          allowed: 200,
          path: () => '/api/auth/forgot-password',
          send: (url) =>
            inject({ method: 'POST', url, remoteAddress: rotatingAddress(), payload: { email } }),
        };
      },
    ],
    [
      'POST /api/auth/reset-password: 20 per hour per address',
      async () => {
        const remoteAddress = newAddress();
        return {
          max: 20,
          allowed: 400,
          path: () => '/api/auth/reset-password',
          send: (url) =>
            inject({
              method: 'POST',
              url,
              remoteAddress,
              payload: { token: 'not-a-real-token', password: 'Mlima-Kenya-99!' },
            }),
        };
      },
    ],
    [
      'POST /api/auth/verify-email: 20 per hour per address',
      async () => {
        const remoteAddress = newAddress();
        return {
          max: 20,
          allowed: 400,
          path: () => '/api/auth/verify-email',
          send: (url) =>
            inject({ method: 'POST', url, remoteAddress, payload: { token: 'not-a-real-token' } }),
        };
      },
    ],
    [
      'every API call of a member: 300 per 5 minutes per account (/me and /api/me alike)',
      async () => {
        const member = await makeUser(t);
        let i = 0;
        return {
          max: 300,
          allowed: 200,
          // The two addresses of the current member share the account's count.
          path: () => (++i % 2 === 0 ? '/me' : '/api/me'),
          send: (url) =>
            inject({ method: 'GET', url, remoteAddress: rotatingAddress(), headers: member.auth }),
        };
      },
    ],
    [
      'PUT /api/user/{id}/profile-pic: 30 uploads per 30 minutes per account',
      async () => {
        const member = await makeUser(t);
        return {
          max: 30,
          allowed: 200,
          path: () => `/api/user/${member.id}/profile-pic`,
          send: async (url) => {
            const form = await multipart(
              {},
              { field: 'profile_pic', filename: 'me.jpg', data: jpeg, type: 'image/jpeg' },
            );
            return inject({
              method: 'PUT',
              url,
              remoteAddress: rotatingAddress(),
              headers: { ...member.auth, ...form.headers },
              payload: form.payload,
            });
          },
        };
      },
    ],
    [
      'POST /api/posts with a picture: 30 uploads per 30 minutes per account',
      async () => {
        const member = await makeUser(t);
        return {
          max: 30,
          allowed: 201,
          path: () => '/api/posts',
          send: async (url, i) => {
            const form = await multipart(
              { content: `Sokoni leo ${i}` },
              { field: 'image', filename: 'soko.jpg', data: jpeg, type: 'image/jpeg' },
            );
            return inject({
              method: 'POST',
              url,
              remoteAddress: rotatingAddress(),
              headers: { ...member.auth, ...form.headers },
              payload: form.payload,
            });
          },
        };
      },
    ],
    [
      'DELETE /api/posts/{id}: 30 deletions per 30 minutes per account',
      async () => {
        const member = await makeUser(t);
        const posts = await Promise.all(Array.from({ length: 40 }, () => makePost(t, member)));
        return {
          max: 30,
          allowed: 204,
          path: (i) => `/api/posts/${posts[i]!.id}`,
          send: (url) =>
            inject({ method: 'DELETE', url, remoteAddress: rotatingAddress(), headers: member.auth }),
        };
      },
    ],
    [
      'GET /api/users/{id}/export: 5 per hour per account',
      async () => {
        const member = await makeUser(t);
        return {
          max: 5,
          allowed: 200,
          path: () => `/api/users/${member.id}/export`,
          send: (url) =>
            inject({ method: 'GET', url, remoteAddress: rotatingAddress(), headers: member.auth }),
        };
      },
    ],
    [
      'POST /api/conversations/{id}/messages: 60 per minute per account',
      async () => {
        const [a, b] = [await makeUser(t), await makeUser(t)];
        const opened = await inject({
          method: 'POST',
          url: '/api/conversations',
          remoteAddress: rotatingAddress(),
          headers: a.auth,
          payload: { username: b.username },
        });
        const id = opened.json<{ id: number }>().id;
        return {
          max: 60,
          allowed: 201,
          path: () => `/api/conversations/${id}/messages`,
          send: (url, i) =>
            inject({
              method: 'POST',
              url,
              remoteAddress: rotatingAddress(),
              headers: a.auth,
              payload: { body: `Ujumbe ${i}` },
            }),
        };
      },
    ],
    [
      'POST /api/posts/{id}/comments: 30 per minute per account',
      async () => {
        const member = await makeUser(t);
        const post = await makePost(t, await makeUser(t));
        return {
          max: 30,
          allowed: 201,
          path: () => `/api/posts/${post.id}/comments`,
          send: (url, i) =>
            inject({
              method: 'POST',
              url,
              remoteAddress: rotatingAddress(),
              headers: member.auth,
              payload: { body: `Asante sana ${i}` },
            }),
        };
      },
    ],
    [
      'GET /p/{id} (a shared post): 300 per minute per address, like the API',
      async () => {
        const post = await makePost(t, await makeUser(t));
        const remoteAddress = newAddress();
        return {
          max: 300,
          allowed: 200,
          path: () => `/p/${post.id}`,
          send: (url) => inject({ method: 'GET', url, remoteAddress }),
        };
      },
    ],
    [
      'GET /explore/jobs/{id} (a shared job): 300 per minute per address, like the API',
      async () => {
        const job = await makeJob(t, await makeUser(t));
        const remoteAddress = newAddress();
        return {
          max: 300,
          allowed: 200,
          path: () => `/explore/jobs/${job.id}`,
          send: (url) => inject({ method: 'GET', url, remoteAddress }),
        };
      },
    ],
  ];

  it.each(cases)('%s: every spelling counts as the plain path and meets the same 429', async (name, make) => {
    const route = await make();
    // The allowed requests, spread over every spelling: each is answered by the route itself.
    for (let i = 0; i < route.max; i++) {
      const forms = spellings(route.path(i));
      const url = forms[i % forms.length]!;
      const res = await route.send(url, i);
      expect(res.statusCode, `${name}: request ${i + 1} to ${url}: ${res.body.slice(0, 160)}`).toBe(
        route.allowed,
      );
    }
    // The window is used up, whichever spelling did it: every spelling is refused alike.
    for (const url of spellings(route.path(route.max))) {
      expectRateLimited(await route.send(url, route.max), `${name}: ${url}`);
    }
  });
});

describe('request limits on an absolute-form request target', () => {
  // `POST http://host/api/login HTTP/1.1` is routed like `POST /api/login`, and inject cannot send it.
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'on' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const post = (path: string, body: object) =>
    new Promise<number>((resolve, reject) => {
      const data = JSON.stringify(body);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(data);
    });

  it('counts it as the plain path', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 26; i++) {
      const path = i % 2 === 0 ? `http://127.0.0.1:${port}/api/login` : '/api/login';
      codes.push(await post(path, { username: `absolute_${i}`, password: 'Wrong-Pass-123' }));
    }
    expect(codes.slice(0, 25)).toEqual(Array(25).fill(401));
    expect(codes[25]).toBe(429);
    expect(
      await post(`http://127.0.0.1:${port}/api/login`, {
        username: 'absolute_x',
        password: 'Wrong-Pass-123',
      }),
    ).toBe(429);
  });
});

describe('request limits per address, for IPv6 clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => t.close());

  it('counts every address of one /64 as one client (a home or a server is given the whole block)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 26; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `2001:db8:37:1:${(i + 1).toString(16)}::${i}`,
        payload: { username: `ipv6_${i}`, password: 'Wrong-Pass-123' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 25)).toEqual(Array(25).fill(401));
    expect(codes[25]).toBe(429);
    // Another /64 is another client.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '2001:db8:37:2::1',
      payload: { username: 'ipv6_other', password: 'Wrong-Pass-123' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress,
        payload: { email: `${uniqueName('mapped')}@tujenge.co.ke` },
      });
    for (let i = 0; i < 10; i++) expect((await send('192.0.2.37')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await send('::ffff:192.0.2.37')).statusCode).toBe(200);
    expect((await send('::ffff:192.0.2.37')).statusCode).toBe(429);
    expect((await send('192.0.2.37')).statusCode).toBe(429);
  });
});
