import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

// Behind a proxy that appends the address it was reached from to X-Forwarded-For (nginx's
// `proxy_add_x_forwarded_for`, most load balancers), the leftmost entries are whatever the client
// wrote: the client address is the entry the trusted proxy appended, so writing a new first entry on
// every request must not earn a new request limit.

const PROXY = '10.37.0.2';
const CLIENT = '203.0.113.37';
let counter = 0;

/** One failed login as the proxy forwards it: the client's own header, then the proxy's entries. */
function login(t: TestApp, opts: { from: string; forwardedFor?: string }) {
  counter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: opts.from,
    headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
    payload: { username: `forwarded_${counter}`, password: 'Wrong-Pass-123' },
  });
}

/** A different made-up leftmost entry each time, as an attacker would write. */
const spoofed = () => `198.51.100.${counter % 250}, 192.0.2.${(counter * 7) % 250}`;

/** Sends 26 logins; answers their status codes. */
async function twentySixLogins(send: () => Promise<{ statusCode: number }>) {
  const codes: number[] = [];
  for (let i = 0; i < 26; i++) codes.push((await send()).statusCode);
  return codes;
}

const expectLimitedAfter25 = (codes: number[]) => {
  expect(codes.slice(0, 25)).toEqual(Array(25).fill(401));
  expect(codes[25]).toBe(429);
};

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'on', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('counts the address the proxy appended, however the client rotates the leftmost entries', async () => {
    const codes = await twentySixLogins(() =>
      login(t, { from: PROXY, forwardedFor: `${spoofed()}, ${CLIENT}` }),
    );
    expectLimitedAfter25(codes);
    // Another client behind the same proxy has its own count.
    expect((await login(t, { from: PROXY, forwardedFor: `${CLIENT}, 203.0.113.99` })).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY=2 (a load balancer, then nginx)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'on', TRUST_PROXY: '2' } });
  });
  afterAll(() => t.close());

  it('counts the entry the outer proxy appended, whatever comes before it', async () => {
    const codes = await twentySixLogins(() =>
      login(t, { from: PROXY, forwardedFor: `${spoofed()}, ${CLIENT}, 10.37.0.1` }),
    );
    expectLimitedAfter25(codes);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'on', TRUST_PROXY: '10.37.0.0/24, 10.38.0.9' } });
  });
  afterAll(() => t.close());

  it('counts the address the listed proxy appended', async () => {
    const codes = await twentySixLogins(() =>
      login(t, { from: PROXY, forwardedFor: `${spoofed()}, ${CLIENT}` }),
    );
    expectLimitedAfter25(codes);
  });

  it('believes no header from a peer that is not a listed proxy (a client reaching the server directly)', async () => {
    const direct = '198.18.0.37';
    const codes = await twentySixLogins(() => login(t, { from: direct, forwardedFor: spoofed() }));
    expectLimitedAfter25(codes);
  });

  // The cookie-authenticated calls compare Origin with the address the page was served from, which
  // a proxy names in X-Forwarded-Host and X-Forwarded-Proto: believed from a listed proxy only.
  const refresh = (from: string, origin: string, forwarded: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      remoteAddress: from,
      headers: { 'x-requested-with': 'XMLHttpRequest', origin, ...forwarded },
    });

  it('believes X-Forwarded-Host and -Proto from a listed proxy only', async () => {
    const forwarded = { 'x-forwarded-host': 'jamii.example', 'x-forwarded-proto': 'https' };
    // Through the proxy: the page's own origin, so the call goes on (no refresh cookie: 401).
    expect((await refresh(PROXY, 'https://jamii.example', forwarded)).statusCode).toBe(401);
    // Straight from a client that writes the same headers: a foreign origin, refused.
    const direct = await refresh('198.18.0.39', 'https://jamii.example', forwarded);
    expect(direct.statusCode).toBe(403);
  });
});

describe('TRUST_PROXY=off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => t.close());

  it('counts the connection’s own address and ignores X-Forwarded-For', async () => {
    const codes = await twentySixLogins(() => login(t, { from: '198.18.0.38', forwardedFor: spoofed() }));
    expectLimitedAfter25(codes);
  });
});
