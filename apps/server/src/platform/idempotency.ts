import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Kdb } from '../db/database';
import type { DB } from '../db/schema';
import { AppError, validationError } from './errors';
import { routePath } from './route-key';
import { isForeignKeyViolation } from './pg-errors';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a stored answer is replayed; older rows are deleted. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** 1–128 printable ASCII characters (a UUID fits; spaces inside are allowed, control bytes are not). */
const KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;
/** The answer headers a replay must repeat; Set-Cookie is never stored (its answer is not kept). */
const KEPT_HEADERS = ['content-type', 'location', 'x-next-cursor'] as const;
/** At most one sweep of old rows per this many milliseconds per instance. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

interface Claim {
  userId: number;
  key: string;
  /** Which claim of the key this is (a dead one taken over counts on): fences a late commit. */
  attempt: number;
  /** Its answer is stored or released: the request no longer holds the key. */
  done: boolean;
  /** Renews the lease while the request runs. */
  renewal?: NodeJS.Timeout;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an idempotency key whose answer is to be stored. */
    idempotencyClaim: Claim | null;
  }
}

/**
 * What identifies "the same request": the parsed JSON body, or for a multipart upload (whose parts
 * the route reads itself, after this hook) the declared Content-Length, which a browser's retry of
 * the same FormData repeats. A different file of exactly the same size is taken as the same upload.
 */
function bodyHash(request: FastifyRequest): string {
  const contentType = request.headers['content-type'] ?? '';
  const basis = contentType.startsWith('multipart/')
    ? `multipart:${request.headers['content-length'] ?? ''}`
    : `json:${JSON.stringify(request.body ?? null)}`;
  return createHash('sha256').update(basis).digest('hex');
}

const reused = () =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    422,
    'This Idempotency-Key was already used for a different request',
  );
const inUse = () =>
  new AppError('IDEMPOTENCY_KEY_IN_USE', 409, 'A request with this Idempotency-Key is still running');
const answerLost = () =>
  new AppError(
    'IDEMPOTENCY_ANSWER_LOST',
    409,
    'The request with this Idempotency-Key was carried out, but its answer was lost',
  );

/** `now()` plus the lease, in SQL. */
const leaseEnd = (leaseMs: number) => sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;

/**
 * Inside a write's transaction (platform/write-transaction.ts): records that this claim's write
 * commits with it. No row means a resend took the key over after this request's lease ran out: the
 * write must not happen, so the transaction is rolled back with 409 IDEMPOTENCY_KEY_IN_USE.
 */
export async function stampCommit(trx: Kysely<DB>, claim: Claim) {
  const stamped = await trx
    .updateTable('idempotency_keys')
    .set({ committed_at: sql<Date>`coalesce(committed_at, now())` })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('attempt', '=', claim.attempt)
    .where('status', 'is', null)
    .returning('attempt')
    .executeTakeFirst();
  if (!stamped) throw inUse();
}

/** Answers that are stored: everything the route decided, not a failure to be retried. */
function isStorable(reply: FastifyReply, payload: unknown): payload is string {
  const status = reply.statusCode;
  if (status >= 500 || status === 401 || status === 429) return false;
  if (reply.hasHeader('set-cookie')) return false;
  return typeof payload === 'string';
}

/**
 * House rule: every create route accepts an idempotency key. A POST from a signed-in member (a
 * valid bearer token) carrying `Idempotency-Key` is claimed before its route runs and its answer
 * stored when sent; a repeat within 24 hours answers that answer again with
 * `Idempotent-Replayed: true`. Anonymous POSTs (signup, login, password reset) have the key's
 * format checked but are not stored: their answers carry sessions, which must never be replayed,
 * and a repeated signup already answers 409. Registered before compression, so the stored body is
 * the plain one.
 */
export function registerIdempotency(app: FastifyInstance, db: Kdb, opts: { leaseMs: number }) {
  const { leaseMs } = opts;
  let lastSweep = 0;
  const sweep = (request: FastifyRequest) => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    request.server.background.defer('idempotency-sweep', () =>
      db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`)
        .execute(),
    );
  };

  const thisClaim = (claim: Claim) =>
    db
      .updateTable('idempotency_keys')
      .where('user_id', '=', claim.userId)
      .where('key', '=', claim.key)
      .where('attempt', '=', claim.attempt)
      .where('status', 'is', null);

  const stopRenewal = (claim: Claim) => {
    if (claim.renewal) clearInterval(claim.renewal);
    claim.renewal = undefined;
  };

  /** The request now holds the key: its lease is renewed every third of it until its answer. */
  const hold = (request: FastifyRequest, reply: FastifyReply, claim: Claim) => {
    request.idempotencyClaim = claim;
    claim.renewal = setInterval(
      () => {
        thisClaim(claim)
          .set({ claimed_until: leaseEnd(leaseMs) })
          .returning('attempt')
          .executeTakeFirst()
          .then(
            (renewed) => {
              if (!renewed) stopRenewal(claim);
            },
            (err: unknown) => request.log.warn({ err }, 'idempotency claim could not be renewed'),
          );
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    claim.renewal.unref();
    // However the exchange ends (answered, or the connection gone), the request stops holding the key.
    reply.raw.once('close', () => stopRenewal(claim));
  };

  /**
   * No answer to store: an uncommitted claim frees its key (a retry runs), a committed one ends its
   * lease now (its write happened: a retry answers 409 IDEMPOTENCY_ANSWER_LOST, never a second row).
   */
  const release = async (claim: Claim) => {
    claim.done = true;
    stopRenewal(claim);
    const freed = await db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', claim.userId)
      .where('key', '=', claim.key)
      .where('attempt', '=', claim.attempt)
      .where('status', 'is', null)
      .where('committed_at', 'is', null)
      .executeTakeFirst();
    if (freed.numDeletedRows === 0n)
      await thisClaim(claim)
        .set({ claimed_until: sql<Date>`now()` })
        .execute();
  };

  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'POST') return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!KEY_PATTERN.test(key))
      throw validationError(
        { 'Idempotency-Key': 'Idempotency-Key must be 1 to 128 printable characters' },
        'Idempotency-Key must be 1 to 128 printable characters',
      );
    const userId = request.tokenUserId;
    if (!userId) return;

    // The resource as the router matched it: `/api//posts` and `/API/posts` are the same request.
    const target = `POST ${routePath(request)}`;
    const hash = bodyHash(request);
    for (let attempt = 0; attempt < 2; attempt++) {
      let claimed: { attempt: number } | undefined;
      try {
        claimed = await db
          .insertInto('idempotency_keys')
          .values({
            user_id: userId,
            key,
            request: target,
            body_hash: hash,
            claimed_until: leaseEnd(leaseMs),
          })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .returning('attempt')
          .executeTakeFirst();
      } catch (err) {
        // The token is well signed but its member is gone (the account was just deleted): there is
        // nobody to keep an answer for. The route decides (a logout still ends the login; a
        // member's route answers 401).
        if (isForeignKeyViolation(err)) return;
        throw err;
      }
      if (claimed) {
        hold(request, reply, { userId, key, attempt: claimed.attempt, done: false });
        sweep(request);
        return;
      }
      const stored = await db
        .selectFrom('idempotency_keys')
        .select([
          'request',
          'body_hash',
          'status',
          'response_body',
          'response_headers',
          'attempt',
          'committed_at',
          sql<boolean>`created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`.as('expired'),
          sql<boolean>`claimed_until < now()`.as('lease_over'),
        ])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!stored) continue; // Released between the two statements: claim it again.
      if (stored.expired) {
        // Forgotten after 24 hours, unless a request still holds it.
        await db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .where((eb) => eb.or([eb('status', 'is not', null), eb('claimed_until', '<', sql<Date>`now()`)]))
          .execute();
        continue;
      }
      if (stored.request !== target || stored.body_hash !== hash) throw reused();
      if (stored.status === null) {
        // Still held by a running request.
        if (!stored.lease_over) throw inUse();
        // The request that claimed it died after its write committed: only its answer is lost.
        if (stored.committed_at !== null) throw answerLost();
        // It died before its write: take the key over (one resend wins) and run.
        const taken = await thisClaim({ userId, key, attempt: stored.attempt, done: false })
          .set({ attempt: stored.attempt + 1, claimed_until: leaseEnd(leaseMs) })
          .where('committed_at', 'is', null)
          .where('claimed_until', '<', sql<Date>`now()`)
          .returning('attempt')
          .executeTakeFirst();
        if (taken) {
          hold(request, reply, { userId, key, attempt: taken.attempt, done: false });
          return;
        }
        continue; // Another resend took it, or its commit landed meanwhile: look again.
      }
      const headers = JSON.parse(stored.response_headers ?? '{}') as Record<string, string>;
      return reply
        .code(stored.status)
        .headers(headers)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .send(stored.response_body ?? '');
    }
    throw inUse();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.done) return payload;
    if (!isStorable(reply, payload)) {
      await release(claim);
      return payload;
    }
    claim.done = true;
    stopRenewal(claim);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await thisClaim(claim)
      .set({
        status: reply.statusCode,
        response_body: payload,
        response_headers: JSON.stringify(headers),
      })
      .execute();
    return payload;
  });

  // An answer never stored (the client went away before it was sent) frees its key.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (claim && !claim.done) await release(claim);
  });
}
