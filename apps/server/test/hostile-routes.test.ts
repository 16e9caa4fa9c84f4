import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../src/test/build-test-app';
import {
  changedTables,
  listTables,
  nextTransactionId,
  snapshotTables,
  type TableSnapshot,
} from '../src/test/db-snapshot';
import { makeBid, makeJob, makeOffer, makePost, makeUser } from '../src/test/factories';
import {
  fuzzRequest,
  listEndpoints,
  MULTIPART_ROUTES,
  type Endpoint,
  type FuzzCase,
  type FuzzTargets,
  type Identity,
} from '../src/test/hostile-payloads';
import { findRatingDrift } from '../src/test/invariants';

// Property-based fuzz of every route of the app (docs/security.md#hostile-input), from its OpenAPI document, with
// fast-check: per route, three hostile requests (broken JSON, wrong types, huge strings, deep
// nesting, prototype-pollution keys, odd Unicode, SQL and LIKE metacharacters, numbers out of
// range, missing and extra fields, broken forms and files) for every two shaped by the route's own
// schemas at their edges, as a visitor, a member and an admin. Every answer: no 5xx; no stack trace
// or database error in any answer, no SQL in an error; the usual error body; and a refused request
// (4xx) changed no row of any table; after each route, every member's rating equals the reviews
// listed for them (test/invariants.ts). CI sends HOSTILE_PAYLOADS per route (60); `npm run fuzz`
// sends 1,000 and records the figures in bench/RESULTS.md. A failure names its route, seed and
// request; HOSTILE_SHRINK=1 lets fast-check shrink it to the smallest request that still fails.
const PAYLOADS_PER_ENDPOINT = Number(process.env.HOSTILE_PAYLOADS ?? 60);
const SEED = Number(process.env.HOSTILE_SEED ?? 20261125);
const SHRINK = process.env.HOSTILE_SHRINK === '1';
/** Where `npm run fuzz` reads the figures of the run. */
const SUMMARY_FILE = process.env.HOSTILE_SUMMARY;

/** A stack frame, a source path, or PostgreSQL's own words: never in any answer. */
const INTERNALS =
  /\n\s+at \S+ \(|\bat (?:async )?[\w$.<>]+ \([^)]*:\d+:\d+\)|node_modules|\/src\/[\w/.-]+\.(?:ts|js|mjs)\b|syntax error at or near|violates (?:foreign key|unique|check|not-null) constraint|duplicate key value|invalid input syntax for|out of range for type|relation "[^"]+" does not exist|column "[^"]+" (?:does not exist|of relation)|\bPGlite\b|\bkysely\b|RuntimeError|unreachable executed/i;
/** SQL as a statement: never in an error (a member's own text may say anything in what it created). */
const SQL_STATEMENT =
  /\b(?:SELECT\s+[\w*"., ]+\s+FROM|INSERT\s+INTO|UPDATE\s+"?\w+"?\s+SET|DELETE\s+FROM)\b/i;

/**
 * Writes a refused request may make, each for a reason: an answer stored against its idempotency
 * key (so a retry gets the same refusal), and a failed login's alert to the account's owner (a
 * notification) with the failure counted (DESIGN table, docs/design.md#trust-and-safety), and the
 * queue's own bookkeeping.
 */
function allowedWrites(endpoint: Endpoint, c: FuzzCase, status: number): Set<string> {
  const allowed = new Set<string>();
  if (c.idempotent && status !== 401 && status !== 429) allowed.add('idempotency_keys');
  if (endpoint.path === '/api/login' && status === 401) allowed.add('notifications');
  // The queue's work that time brings due lands whenever it is due, beside any request: the
  // payments' sweep queues its next turn, and an earlier alert's delivery is retried after its
  // backoff. A refusal that wrote a notification of its own is still caught (notifications).
  allowed.add('background_jobs');
  allowed.add('notification_deliveries');
  return allowed;
}

/** Everything the client sent, as text, to tell its own words echoed back from ours. */
function requestText(c: FuzzCase) {
  const url = String(c.request.url);
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // A URL that is not valid percent-encoding is compared as sent.
  }
  return `${url} ${decoded} ${c.request.payload === undefined ? '' : String(c.request.payload)}`;
}

function bodyText(res: LightMyRequestResponse) {
  const type = String(res.headers['content-type'] ?? '');
  return /json|text|html|xml/.test(type) || type === '' ? res.body : '';
}

interface RouteFigures {
  route: string;
  sent: number;
  ok: number;
  refused: number;
  errors: number;
  problems: number;
  /** How often each answer came, by request kind, status and error code. */
  answers: Record<string, number>;
}

describe('fuzz: hostile and edge requests on every route', () => {
  let t: TestApp;
  let endpoints: Endpoint[];
  let tables: string[];
  let targets: FuzzTargets & { identities: Identity[] };
  let member: Awaited<ReturnType<typeof makeUser>>;
  let other: Awaited<ReturnType<typeof makeUser>>;

  const identity = (label: Identity['label'], user?: { id: number; auth: Record<string, string> }) => ({
    label,
    headers: user?.auth ?? {},
    memberId: user?.id ?? 0,
  });

  /** Puts back a member or admin that a fuzzed request suspended, demoted or signed out. */
  async function ensureIdentities() {
    for (const [i, who] of targets.identities.entries()) {
      if (who.label === 'anonymous') continue;
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: who.headers });
      if (me.statusCode === 200 && (who.label !== 'admin' || me.json<{ role: string }>().role === 'admin'))
        continue;
      const fresh = await makeUser(t, { role: who.label === 'admin' ? 'admin' : 'member' });
      targets.identities[i] = identity(who.label, fresh);
    }
  }

  beforeAll(async () => {
    t = await buildTestApp();
    [member, other] = [await makeUser(t), await makeUser(t)];
    const admin = await makeUser(t, { role: 'admin' });
    targets = {
      identities: [identity('anonymous'), identity('member', member), identity('admin', admin)],
      usernames: [other.username, member.username],
    };
    // Something of each kind, the member's and another's, so ids 1..8 name rows and owner paths run.
    for (const [owner, someone] of [
      [member, other],
      [other, member],
    ] as const) {
      await makePost(t, owner);
      await makeJob(t, owner);
      await makeOffer(t, await makeBid(t, owner), someone);
      const post = (id: number) => `/api/posts/${id}/comments`;
      const as = { headers: owner.auth };
      await t.app.inject({ method: 'POST', url: post(1), payload: { body: 'Asante!' }, ...as });
      await t.app.inject({
        method: 'POST',
        url: '/api/services',
        payload: { title: 'Plumbing', price: 1500 },
        ...as,
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        payload: { username: someone.username },
        ...as,
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/conversations/1/messages',
        payload: { body: 'Habari' },
        ...as,
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/jobs/1/apply',
        payload: { message: 'Niko tayari' },
        ...as,
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        payload: { target_type: 'post', target_id: 1, reason: 'spam' },
        ...as,
      });
    }
    // A finished deal reviewed both ways, so the routes that delete listings or accounts meet reviews.
    const dealBid = await makeBid(t, member);
    const won = await makeOffer(t, dealBid, other);
    for (const [url, who, payload] of [
      [`/api/bids/offer/accept/${won.id}`, member, undefined],
      [`/api/bids/${dealBid.id}/complete`, member, undefined],
      ['/api/reviews', member, { bid_id: dealBid.id, rating: 4, text: 'Asante' }],
      ['/api/reviews', other, { bid_id: dealBid.id, rating: 5 }],
    ] as const) {
      const method = url.includes('accept') ? 'PUT' : 'POST';
      const res = await t.app.inject({ method, url, headers: who.auth, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    }
    endpoints = await listEndpoints(t);
    tables = await listTables(t.db);
  });
  afterAll(() => t?.close());

  it('finds every route, the form fields of those that read a multipart form, and every table', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(100);
    const routes = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    for (const route of Object.keys(MULTIPART_ROUTES)) expect(routes).toContain(route);
    const jobs = endpoints.find((e) => e.path === '/api/jobs' && e.method === 'POST');
    expect(jobs?.jsonFields).toContain('title');
    expect(jobs?.schemas.body?.properties?.title).toMatchObject({ type: 'string', maxLength: 150 });
    expect(endpoints.find((e) => e.path === '/api/signup')?.schemas.body?.required).toContain('username');
    expect(tables).toEqual(expect.arrayContaining(['users', 'posts', 'offers', 'idempotency_keys']));
  });

  it(
    `answers ${PAYLOADS_PER_ENDPOINT} generated requests per route: no 5xx, no internals, refusals change nothing`,
    async ({ annotate }) => {
      const failures: string[] = [];
      const figures: RouteFigures[] = [];
      const prototypeKeys = new Set(Object.getOwnPropertyNames(Object.prototype));
      let xid = await nextTransactionId(t.db);
      let snapshot: TableSnapshot = await snapshotTables(t.db, tables);

      /** What is wrong with one answer (and with what it did to the database), if anything. */
      async function judge(endpoint: Endpoint, c: FuzzCase, res: LightMyRequestResponse) {
        const problems: string[] = [];
        const status = res.statusCode;
        const text = bodyText(res);
        if (status >= 500) problems.push('a 5xx answer');
        if (INTERNALS.test(text)) problems.push('internals in the answer');
        // A key or value the client sent may come back in a validation error: that is its own text.
        const sqlText = status >= 400 ? SQL_STATEMENT.exec(text)?.[0] : undefined;
        if (sqlText && !requestText(c).includes(sqlText)) problems.push('SQL in an error');
        if (status >= 400 && String(res.headers['content-type']).includes('json')) {
          const body = res.json<{ code?: unknown; message?: unknown }>();
          if (typeof body.code !== 'string' || typeof body.message !== 'string')
            problems.push('an error without {code, message}');
        }
        // The database: checksummed only when a transaction wrote since the last look. Work a route
        // leaves for after its answer (a failed login's alert) is awaited first; queued jobs only
        // when something wrote (an enqueue is a write).
        await t.app.background.finished();
        const now = await nextTransactionId(t.db);
        if (now !== xid) {
          await t.app.background.settled();
          const after = await snapshotTables(t.db, tables);
          if (status >= 400 && status < 500) {
            const allowed = allowedWrites(endpoint, c, status);
            const changed = changedTables(snapshot, after).filter((name) => !allowed.has(name));
            if (changed.length > 0) problems.push(`refused, yet changed ${changed.join(', ')}`);
          }
          snapshot = after;
          xid = await nextTransactionId(t.db);
        }
        return problems;
      }

      for (const [index, endpoint] of endpoints.entries()) {
        await ensureIdentities();
        xid = await nextTransactionId(t.db);
        snapshot = await snapshotTables(t.db, tables);
        const route = `${endpoint.method} ${endpoint.path}`;
        const row: RouteFigures = { route, sent: 0, ok: 0, refused: 0, errors: 0, problems: 0, answers: {} };
        figures.push(row);
        const seed = SEED + index;
        const property = fc.asyncProperty(fuzzRequest(endpoint, targets), async (c) => {
          const res = await t.app.inject(c.request);
          row.sent += 1;
          if (res.statusCode >= 500) row.errors += 1;
          else if (res.statusCode >= 400) row.refused += 1;
          else row.ok += 1;
          const code = res.statusCode >= 400 ? (/"code":"(\w+)"/.exec(res.body)?.[1] ?? '') : '';
          const answer = `${c.kind} ${res.statusCode} ${code}`.trim();
          row.answers[answer] = (row.answers[answer] ?? 0) + 1;
          const problems = await judge(endpoint, c, res);
          if (problems.length === 0) return;
          row.problems += 1;
          const payload = c.request.payload === undefined ? '' : String(c.request.payload).slice(0, 300);
          const failure = `${route} (seed ${seed}, run ${row.sent}): ${problems.join('; ')}: ${res.statusCode} to ${c.kind} ${String(c.request.method)} ${String(c.request.url).slice(0, 300)} as ${c.as} ${JSON.stringify(payload)} → ${res.body.slice(0, 300)}`;
          failures.push(failure);
          if (SHRINK) throw new Error(failure);
        });
        try {
          await fc.assert(property, { seed, numRuns: PAYLOADS_PER_ENDPOINT, endOnFailure: !SHRINK });
        } catch (err) {
          failures.push(String((err as Error).message).slice(0, 4000));
        }
        // Whatever the route wrote, every member's rating is still the reviews listed for them.
        const drift = await findRatingDrift(t.db);
        if (drift.length > 0) failures.push(`${route}: ratings differ from reviews ${JSON.stringify(drift)}`);
        const polluted = Object.getOwnPropertyNames(Object.prototype).filter((k) => !prototypeKeys.has(k));
        if (polluted.length > 0) failures.push(`${route}: Object.prototype gained ${polluted.join(', ')}`);
      }

      const sent = figures.reduce((n, r) => n + r.sent, 0);
      const errors = figures.reduce((n, r) => n + r.errors, 0);
      const summary = {
        routes: figures.length,
        payloadsPerRoute: PAYLOADS_PER_ENDPOINT,
        seed: SEED,
        sent,
        ok: figures.reduce((n, r) => n + r.ok, 0),
        refused: figures.reduce((n, r) => n + r.refused, 0),
        errors,
        failures: failures.length,
        perRoute: figures,
      };
      if (SUMMARY_FILE) writeFileSync(SUMMARY_FILE, JSON.stringify(summary, null, 2));
      // Reported for the note: how many requests, on how many routes, with which seed.
      await annotate(
        `fuzz: ${sent} requests, ${figures.length} routes × ${PAYLOADS_PER_ENDPOINT}, seed ${SEED}: ${summary.ok} 2xx/3xx, ${summary.refused} 4xx, ${errors} 5xx, ${failures.length} failures`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      expect(sent).toBe(endpoints.length * PAYLOADS_PER_ENDPOINT);
    },
    PAYLOADS_PER_ENDPOINT * 6_000,
  );
});
