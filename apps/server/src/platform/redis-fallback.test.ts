import type { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { freePort as closedPort } from '../test/server-process';
import { openRedis } from './redis';

// REDIS_URL set but nothing listening: the app (limits and the Socket.IO adapter included) builds and
// answers, and the request limits still hold, counted in memory. The same with real processes, and
// with Redis failing mid-run, is in redis-outage.cluster.test.ts.

describe('request limits while Redis does not answer', () => {
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    redis = openRedis(`redis://127.0.0.1:${await closedPort()}`, pino({ level: 'silent' }));
    t = await buildTestApp({ env: { RATE_LIMITS: 'on' }, redis });
  });
  afterAll(async () => {
    await t.close();
    redis.disconnect();
  });

  it('answers without 5xx and still refuses the 301st call of a minute', async () => {
    for (let i = 0; i < 300; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });
});
