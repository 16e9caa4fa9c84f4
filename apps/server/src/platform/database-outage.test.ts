import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import { databaseFromUrl } from '../db/database';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { makeUser } from '../test/factories';
import { freePort as closedPort } from '../test/server-process';
import { testDatabaseKind } from '../test/test-database';
import { isDatabaseUnavailable } from './pg-errors';

// A database outage is not a bug of ours: writes answer 503 with Retry-After (and a generic body),
// never 500, and the app answers again as soon as the database is back.

const UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Please try again in a moment.',
};

/** A member's POST /api/posts of `content`. */
const postAs = (t: TestApp, user: { auth: Record<string, string> }, content: string) =>
  t.app.inject({ method: 'POST', url: '/api/posts', headers: user.auth, payload: { content } });

const connectionRefused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
  });

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures of both drivers and of the pool', () => {
    for (const err of [
      connectionRefused(),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      new AggregateError([connectionRefused()], 'connect failed'),
      new Error('query failed', { cause: connectionRefused() }),
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it('leaves data errors and bugs alone', () => {
    for (const err of [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      new Error('Cannot read properties of undefined'),
      null,
      'text',
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });
});

describe('a database outage under the app', () => {
  const outage = { on: false };
  // Every statement fails as the driver fails when the server has gone away.
  const pullThePlug: KyselyPlugin = {
    transformQuery(args) {
      if (outage.on) throw connectionRefused();
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dbPlugins: [pullThePlug] });
  });
  afterAll(() => t.close());

  it('answers a write with 503 and Retry-After while it lasts, and serves again after', async () => {
    const user = await makeUser(t);
    const post = () => postAs(t, user, 'Habari za asubuhi, Nairobi');
    outage.on = true;
    try {
      const res = await post();
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      outage.on = false;
    }
    expect((await post()).statusCode).toBe(201);
  });
});

describe('PostgreSQL that does not answer at all', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-outage-'));
    const config = parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'outage-test-secret-that-is-long-enough-0123',
    });
    config.webDistDir = path.join(dataDir, 'no-web-app');
    const database = databaseFromUrl(`postgres://postgres@127.0.0.1:${await closedPort()}/jamii`);
    app = await buildApp({ config, database, jwtSecret: config.jwtSecret! });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers reads and writes with 503, not 500', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/posts' },
      { method: 'GET' as const, url: '/api/jobs' },
      {
        method: 'POST' as const,
        url: '/api/login',
        payload: { username: 'amina_hassan', password: 'Karibu-Jamii-2025!' },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/forgot-password',
        payload: { email: 'amina@tujenge.co.ke' },
      },
    ]) {
      const res = await app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual(UNAVAILABLE);
    }
  });
});

// The real thing on PostgreSQL: the server terminates the app's connections and refuses new ones
// (57P01, then 57P03 or a refused connection), then comes back.
if (testDatabaseKind() === 'postgres') {
  describe('PostgreSQL terminating the connections of a running app', () => {
    let t: TestApp;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        return await client.query(text);
      } finally {
        await client.end();
      }
    };
    let name: string;
    beforeAll(async () => {
      t = await buildTestApp();
      name = (
        await t.db
          .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
          .executeTakeFirstOrThrow()
      ).name;
    });
    afterAll(async () => {
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await t.close();
    });

    it('answers 503 while the database refuses, and 201 once it is back', async () => {
      const user = await makeUser(t);
      const post = () => postAs(t, user, 'Habari za jioni, Kisumu');
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      const res = await post();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      // The pool drops the dead connections and opens new ones.
      let status = 0;
      for (let i = 0; i < 5 && status !== 201; i++) status = (await post()).statusCode;
      expect(status).toBe(201);
    });
  });
}
