import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerToClientEvents } from '@jamii/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, startServerProcess, type ServerProcess } from '../src/test/server-process';

// Faults of the process itself (docs/testing.md), on real server processes:
// - SIGKILL in the middle of a burst of writes (posts, likes, offers, each with an Idempotency-Key)
//   from several clients at once, on PostgreSQL and on PGlite (its DATA_DIR kept across the restart):
//   after the restart every write answered 2xx is there, and sending the unanswered ones again with
//   the same key creates no second row and leaves no key stuck: once the killed process's lease is
//   over (IDEMPOTENCY_LEASE_SECONDS, short here), each answers its stored answer, runs (it died
//   before its write) or answers 409 IDEMPOTENCY_ANSWER_LOST (it died after it), never IN_USE.
// - SIGTERM under continuous load: every request gets a whole answer or a refused connection (never a
//   reset or a hang), the process exits 0 within its 10-second grace, and a restart serves again.
// Sizes are small for CI; `npm run faults` runs them wider (FAULT_CLIENTS, FAULT_WRITES).

const CLIENTS = Number(process.env.FAULT_CLIENTS ?? 3);
/** Writes each client sends at most; the kill comes once about half of all of them are answered. */
const WRITES = Number(process.env.FAULT_WRITES ?? 24);
const KILL_AFTER = Math.floor((CLIENTS * WRITES) / 2);
const GRACE_MS = 10_000;
const PASSWORD = 'Tuko-Pamoja-2024!';
const REQUEST_TIMEOUT_MS = 15_000;
/** Per test; `npm run faults` gives its wider runs longer. */
const TEST_MS = Number(process.env.FAULT_TEST_MS ?? 120_000);
/** Longest wait for a process to serve after its start (a busy machine needs more: FAULT_START_MS). */
const START_MS = Number(process.env.FAULT_START_MS ?? 60_000);
/** The claim lease of the processes under test (seconds): a killed process's keys free up after it. */
const LEASE_SECONDS = 2;
/** How long a resend may keep answering IDEMPOTENCY_KEY_IN_USE after the restart: the lease, and room. */
const UNSTUCK_WITHIN_MS = LEASE_SECONDS * 1000 + 20_000;

type Kind = 'post' | 'like' | 'offer';
interface Write {
  kind: Kind;
  client: number;
  key: string;
  /** The prepared post (like) or bid (offer) it targets; for a post, its unique text. */
  target: number;
  content: string;
  /** Left the client (the connection may have failed before the server read it). */
  sent?: boolean;
  /** Status of the answer; undefined when none came (the connection failed). */
  status?: number;
  id?: number;
}
interface Member {
  id: number;
  token: string;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Answers this test received, per server address (the SIGTERM test compares them with the server's log). */
const received = new Map<string, number>();

async function call(base: string, method: string, url: string, body?: unknown, token?: string, key?: string) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  received.set(base, (received.get(base) ?? 0) + 1);
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    replayed: res.headers.get('idempotent-replayed') === 'true',
  };
}

async function member(base: string, username: string): Promise<Member> {
  const email = `${username}@faults.co.ke`;
  const signup = await call(base, 'POST', '/api/signup', {
    username,
    name: 'Fault Tester',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(signup.status).toBe(201);
  const login = await call(base, 'POST', '/api/login', { username, password: PASSWORD });
  expect(login.status).toBe(200);
  return { id: (login.body.user as { id: number }).id, token: login.body.token as string };
}

function sendWrite(base: string, w: Write, m: Member) {
  if (w.kind === 'post') {
    const form = new FormData();
    form.append('content', w.content);
    return call(base, 'POST', '/api/posts', form, m.token, w.key);
  }
  if (w.kind === 'like') return call(base, 'POST', `/api/posts/${w.target}/like`, undefined, m.token, w.key);
  return call(
    base,
    'POST',
    '/api/bids/offer',
    { bid_id: w.target, offer_price: 100 + w.client, message: w.content },
    m.token,
    w.key,
  );
}

/** Every client's writes: posts, likes of prepared posts and offers on prepared bids, in turn. */
function planWrites(label: string, posts: number[], bids: number[]): Write[][] {
  return range(CLIENTS).map((client) =>
    range(WRITES).map((i) => {
      const kind = (['post', 'like', 'offer'] as const)[i % 3]!;
      const slot = Math.floor(i / 3);
      return {
        kind,
        client,
        key: `${label}-${client}-${i}`,
        target: kind === 'like' ? posts.at(slot)! : kind === 'offer' ? bids.at(slot)! : 0,
        content: `Fault ${label} client ${client} write ${i}`,
      };
    }),
  );
}

/** Runs every client's writes in order, all clients at once; `onAnswer` sees each 2xx as it lands. */
async function burst(base: string, plan: Write[][], members: Member[], onAnswer: () => void) {
  await Promise.all(
    plan.map(async (writes, client) => {
      for (const w of writes) {
        w.sent = true;
        try {
          const res = await sendWrite(base, w, members.at(client)!);
          w.status = res.status;
          const offer = res.body.offer as { id: number } | undefined;
          w.id = (res.body.id as number | undefined) ?? offer?.id;
          if (res.status >= 200 && res.status < 300) onAnswer();
          else return; // An answer that is not 2xx ends this client's burst, as the connection does.
        } catch {
          return; // The process is gone: this write is unanswered and the rest never leave.
        }
      }
    }),
  );
}

/** The first page of up to 100 items of a list, with the member's view. */
const list = async (base: string, url: string, token: string) =>
  (await call(base, 'GET', url, undefined, token)).body as unknown as Array<Record<string, unknown>>;

async function prepare(base: string, label: string) {
  const owner = await member(base, `${label}own`);
  const members = await Promise.all(range(CLIENTS).map((c) => member(base, `${label}mem${c}`)));
  const slots = Math.ceil(WRITES / 3);
  const posts: number[] = [];
  const bids: number[] = [];
  for (const i of range(slots)) {
    const form = new FormData();
    form.append('content', `Prepared ${label} post ${i}`);
    posts.push((await call(base, 'POST', '/api/posts', form, owner.token)).body.id as number);
    const bid = await call(
      base,
      'POST',
      '/api/bids',
      { job_title: `Prepared ${label} bid ${i}`, max_price: 1000, description: 'Kazi ya haraka' },
      owner.token,
    );
    expect(bid.status).toBe(201);
    bids.push(bid.body.id as number);
  }
  return { owner, members, posts, bids };
}

/** Whether a write is there (once), found by what it wrote: a post by its text, an offer by its member. */
async function isDone(base: string, w: Write, m: Member, owner: Member) {
  if (w.kind === 'post') {
    const mine = await list(base, `/api/posts/user/${m.id}?limit=100`, m.token);
    return mine.filter((p) => p.content === w.content).length === 1;
  }
  if (w.kind === 'like') {
    const res = await call(base, 'GET', `/api/posts/${w.target}`, undefined, m.token);
    return res.status === 200 && res.body.liked_by_me === true;
  }
  const offers = await list(base, `/api/bids/offers/${w.target}`, owner.token);
  return offers.filter((o) => o.user_id === m.id).length === 1;
}

/** Whether an answered write is there after the restart, read through the API as its member sees it. */
async function isPresent(base: string, w: Write, m: Member, owner: Member) {
  if (w.kind === 'post') {
    const res = await call(base, 'GET', `/api/posts/${w.id}`, undefined, m.token);
    return res.status === 200 && res.body.content === w.content;
  }
  if (w.kind === 'like') {
    const res = await call(base, 'GET', `/api/posts/${w.target}`, undefined, m.token);
    return res.status === 200 && res.body.liked_by_me === true;
  }
  const offers = await list(base, `/api/bids/offers/${w.target}`, owner.token);
  return offers.some((o) => o.id === w.id && o.user_id === m.id);
}

interface Outcome {
  sent: number;
  acknowledged: number;
  lost: number;
  unanswered: number;
  /** Resent with the same key: answered 2xx (run now, or the answer the killed process stored). */
  resentAnswered: number;
  /** Of those, the answer the killed process had stored (Idempotent-Replayed). */
  resentReplayed: number;
  /** Resent writes whose key the killed process held: their first resend answered IN_USE (lease alive). */
  resentHeldByKilled: number;
  /** Resent: 409 IDEMPOTENCY_ANSWER_LOST (the killed process committed the write, not its answer). */
  resentAnswerLost: number;
  /** Resent: still 409 IDEMPOTENCY_KEY_IN_USE once the killed process's lease was over (stuck keys). */
  resentStillClaimed: number;
  duplicates: number;
}
const outcomes = new Map<string, Outcome | Record<string, unknown>>();

/**
 * The SIGKILL story on one database: start, prepare, burst, kill mid-burst, restart on the same
 * database, check, resend. `start` starts a process on the database under test.
 */
async function killMidBurst(
  label: string,
  start: (opts?: { logs?: boolean }) => Promise<ServerProcess>,
  servers: ServerProcess[],
) {
  const first = await start();
  servers.push(first);
  const { owner, members, posts, bids } = await prepare(first.url, label);
  const plan = planWrites(label, posts, bids);
  let answered = 0;
  await burst(first.url, plan, members, () => {
    if (++answered === KILL_AFTER) first.child.kill('SIGKILL');
  });
  expect(await first.exited).toBe('SIGKILL');

  const second = await start({ logs: true });
  servers.push(second);
  const writes = plan.flat();
  const acknowledged = writes.filter((w) => w.status !== undefined && w.status >= 200 && w.status < 300);
  const tried = writes.filter((w) => w.sent);
  // Before the kill every write was answered 2xx; after it, none was answered at all.
  expect(tried.filter((w) => w.status !== undefined && !(w.status >= 200 && w.status < 300))).toEqual([]);
  const unanswered = tried.filter((w) => w.status === undefined);
  // Every client was cut off by the kill (none finished before it).
  expect(unanswered.length).toBeGreaterThan(0);
  const missing = [];
  for (const w of acknowledged)
    if (!(await isPresent(second.url, w, members[w.client]!, owner))) missing.push(w.key);
  expect(missing).toEqual([]);

  // Sent again with the same key (see README "Idempotency keys"): the stored answer; a fresh run when
  // the killed process died before its write; 409 IDEMPOTENCY_ANSWER_LOST when it died after it. A key
  // the killed process held answers 409 IDEMPOTENCY_KEY_IN_USE only until its lease is over: each
  // such write is sent again, on that answer, until then.
  let resentAnswered = 0;
  let resentReplayed = 0;
  let resentHeldByKilled = 0;
  let resentAnswerLost = 0;
  let resentStillClaimed = 0;
  const resendUntil = Date.now() + UNSTUCK_WITHIN_MS;
  const firstAnswers = new Map<string, number | string>();
  for (const w of unanswered) {
    let res = await sendWrite(second.url, w, members[w.client]!);
    if (res.status === 409 && res.body.code === 'IDEMPOTENCY_KEY_IN_USE') resentHeldByKilled++;
    while (res.status === 409 && res.body.code === 'IDEMPOTENCY_KEY_IN_USE' && Date.now() < resendUntil)
      res = await sendWrite(second.url, w, members[w.client]!);
    if (res.status >= 200 && res.status < 300) {
      resentAnswered++;
      if (res.replayed) resentReplayed++;
    } else if (res.status === 409 && res.body.code === 'IDEMPOTENCY_ANSWER_LOST') resentAnswerLost++;
    else if (res.status === 409 && res.body.code === 'IDEMPOTENCY_KEY_IN_USE') resentStillClaimed++;
    else expect.unreachable(`resend of ${w.key} answered ${res.status} ${JSON.stringify(res.body)}`);
    firstAnswers.set(w.key, res.status === 409 ? String(res.body.code) : res.status);
    // Whatever the answer, the write is there now, exactly once.
    expect(await isDone(second.url, w, members[w.client]!, owner), w.key).toBe(true);
  }
  expect(resentStillClaimed).toBe(0);
  // A second resend changes nothing: the same answer (stored, or still answer-lost), no second row.
  for (const w of unanswered) {
    const res = await sendWrite(second.url, w, members[w.client]!);
    expect(res.status === 409 ? res.body.code : res.status, w.key).toBe(firstAnswers.get(w.key));
  }

  // No duplicates: each post text at most once, one offer per member per bid, likes equal likers.
  let duplicates = 0;
  for (const [client, m] of members.entries()) {
    const mine = await list(second.url, `/api/posts/user/${m.id}?limit=100`, m.token);
    const texts = mine.map((p) => p.content as string);
    duplicates += texts.length - new Set(texts).size;
    const sentPosts = plan.at(client)!.filter((w) => w.kind === 'post' && w.sent);
    expect(texts.length).toBeLessThanOrEqual(sentPosts.length);
  }
  for (const bid of bids) {
    const offers = await list(second.url, `/api/bids/offers/${bid}`, owner.token);
    duplicates += offers.length - new Set(offers.map((o) => o.user_id)).size;
  }
  for (const post of posts) {
    const seen = await Promise.all(
      members.map((m) => call(second.url, 'GET', `/api/posts/${post}`, undefined, m.token)),
    );
    const likers = seen.filter((r) => r.body.liked_by_me === true).length;
    if (seen[0]!.body.likes !== likers) duplicates++;
  }
  expect(duplicates).toBe(0);
  outcomes.set(label, {
    sent: tried.length,
    acknowledged: acknowledged.length,
    lost: missing.length,
    unanswered: unanswered.length,
    resentAnswered,
    resentReplayed,
    resentHeldByKilled,
    resentAnswerLost,
    resentStillClaimed,
    duplicates,
  });
  return { server: second, owner, members, posts };
}

/**
 * Reads the process's request log until it exits: requests begun ('incoming request'), finished
 * ('request completed'), errored, and refused with 503 while closing, leaving out the start-up's
 * health probes (the test's own requests never ask /api/health).
 */
async function serverLog(server: ServerProcess) {
  let text = '';
  server.child.stdout!.setEncoding('utf8');
  server.child.stdout!.on('data', (chunk: string) => (text += chunk));
  await server.exited;
  const health = new Set<string>();
  const counts = { begun: 0, finished: 0, errored: 0, refused503: 0 };
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; reqId?: string; req?: { url?: string } };
    if (entry.msg === 'incoming request' && entry.req?.url?.startsWith('/api/health'))
      health.add(entry.reqId!);
    if (entry.reqId && health.has(entry.reqId)) continue;
    if (entry.msg === 'incoming request') counts.begun++;
    else if (entry.msg === 'request completed') counts.finished++;
    else if (entry.msg === 'request errored') counts.errored++;
    else if (entry.msg?.startsWith('request aborted - refusing')) counts.refused503++;
  }
  return counts;
}

type Failure = 'refused' | 'reset' | 'timeout' | 'other';
function classify(err: unknown): Failure {
  const cause = (err as { cause?: { code?: string; name?: string } }).cause;
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError') return 'timeout';
  if (cause?.code === 'ECONNREFUSED') return 'refused';
  if (cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'EPIPE')
    return 'reset';
  return 'other';
}

/**
 * Continuous reads and likes from several clients; SIGTERM once `before` answers have come. Each
 * client stops at its first refused connection (or after `max` requests).
 */
async function sigtermUnderLoad(server: ServerProcess, members: Member[], posts: number[]) {
  const before = 40;
  const max = 400;
  const tally = {
    ok: 0,
    closing503: 0,
    refused: 0,
    reset: 0,
    timeout: 0,
    other: 0,
    otherStatus: 0,
    inFlightAtSignal: 0,
  };
  let answered = 0;
  let signalled = false;
  let sentAtSignal = 0;
  let sent = 0;
  // A socket open through the shutdown must not hold the process past its grace.
  const socket: Socket<ServerToClientEvents, Record<string, never>> = connect(server.url, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token: members[0]!.token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const started = { at: 0 };
  await Promise.all(
    members.map(async (m, c) => {
      for (let i = 0; i < max; i++) {
        const n = ++sent;
        try {
          const res =
            i % 2
              ? await call(server.url, 'GET', '/api/posts?limit=20', undefined, m.token)
              : await call(
                  server.url,
                  i % 4 ? 'DELETE' : 'POST',
                  `/api/posts/${posts[(i + c) % posts.length]}/like`,
                  undefined,
                  m.token,
                );
          if (res.status === 200) tally.ok++;
          else if (res.status === 503 && signalled) tally.closing503++;
          else tally.otherStatus++;
          if (signalled && n <= sentAtSignal && res.status === 200) tally.inFlightAtSignal++;
        } catch (err) {
          // A refused connection ends the client (the process has stopped listening); so does any other
          // failure, which the test counts against the shutdown.
          tally[classify(err)]++;
          return;
        }
        if (++answered === before) {
          signalled = true;
          sentAtSignal = sent;
          started.at = Date.now();
          server.child.kill('SIGTERM');
        }
      }
    }),
  );
  const code = await Promise.race([
    server.exited,
    new Promise((resolve) => setTimeout(() => resolve('still running'), GRACE_MS + 2_000)),
  ]);
  socket.close();
  return { tally, code, exitMs: Date.now() - started.at, sent };
}

describe('faults: SIGKILL mid-burst and SIGTERM under load', () => {
  const servers: ServerProcess[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const s of servers)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.stop()));
    for (const cleanup of cleanups) await cleanup();
    if (process.env.FAULT_REPORT)
      process.stdout.write(`FAULTS ${JSON.stringify(Object.fromEntries(outcomes))}\n`);
  }, 60_000);

  describe('on PostgreSQL', () => {
    let databaseUrl = '';
    beforeAll(async () => {
      const database = await createPostgresDatabase(`jamii_faults_${process.pid}`);
      databaseUrl = database.url;
      cleanups.push(database.drop);
    });

    it(
      'keeps every answered write through a SIGKILL, and a resend makes no duplicate; then SIGTERM under load loses no answer',
      async () => {
        // The restarted process logs every request (info), so its side of the SIGTERM can be read.
        const start = (opts: { logs?: boolean } = {}) =>
          startServerProcess(
            {
              DATABASE_URL: databaseUrl,
              IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
              ...(opts.logs ? { LOG_LEVEL: 'info' } : {}),
            },
            { startTimeoutMs: START_MS, ...(opts.logs ? { stdio: ['ignore', 'pipe', 'inherit'] } : {}) },
          );
        const { server, members, posts } = await killMidBurst('pg', start, servers);
        const log = serverLog(server);

        const { tally, code, exitMs } = await sigtermUnderLoad(server, members, posts);
        const seen = await log;
        outcomes.set('pg-sigterm', { ...tally, ...seen, code, exitMs });
        // No hang, no answer but 200 (or 503 once closing), and the server finished every request it
        // began. A reset can only be a request written on a kept-alive connection just as the server
        // ended it idle (HTTP/1.1 has no other way to close one): the server never read it, which the
        // counts prove: every answer the server sent arrived, and no request it began went unanswered.
        expect({ timeout: tally.timeout, other: tally.other, otherStatus: tally.otherStatus }).toEqual({
          timeout: 0,
          other: 0,
          otherStatus: 0,
        });
        expect(seen.begun).toBe(seen.finished);
        expect(seen.errored).toBe(0);
        expect(received.get(server.url)).toBe(seen.finished + seen.refused503);
        expect(tally.ok).toBeGreaterThanOrEqual(40);
        expect(code).toBe(0);
        expect(exitMs).toBeLessThan(GRACE_MS);

        const again = await start();
        servers.push(again);
        expect((await call(again.url, 'GET', '/api/ready')).status).toBe(200);
        expect(
          (await call(again.url, 'GET', `/api/posts/${posts[0]}`, undefined, members[0]!.token)).status,
        ).toBe(200);
      },
      TEST_MS,
    );
  });

  describe('on PGlite (the embedded default)', () => {
    it(
      'keeps every answered write through a SIGKILL of the process that holds DATA_DIR',
      async () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-faults-pglite-'));
        cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
        const start = () =>
          startServerProcess(
            {
              DATABASE_URL: '',
              DATA_DIR: dataDir,
              SEED_DEMO: 'off',
              IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
            },
            { startTimeoutMs: START_MS },
          );
        await killMidBurst('pgl', start, servers);
      },
      TEST_MS,
    );
  });
});
