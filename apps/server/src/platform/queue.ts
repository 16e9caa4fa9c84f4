import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { keysetPage, toPage, type Page, type PageRequest } from './pagination';

// Background work on a job queue kept in the database (docs/design.md#past-one-machine, docs/operations.md), the same code on
// PostgreSQL and on the embedded PGlite: jobs are rows of background_jobs (migration 0031). A worker
// claims the oldest due job with FOR UPDATE SKIP LOCKED (several workers, in one process or many,
// never take the same one) and holds it for a short lease that it renews while the handler runs (a
// heartbeat); a job whose worker died (SIGKILL, a lost machine) stops being renewed and is taken
// again once its lease has passed, a minute at most by default, however long the job itself takes. A failed attempt is tried again after a
// backoff; a job that used all its attempts stays as 'failed', the dead-letter list admins see.
// Handlers must be idempotent: a job may run again after a worker died halfway.

export interface JobContext {
  id: number;
  /** 1 for the first run. */
  attempt: number;
  /**
   * Aborted when this worker no longer holds the job: its lease ran out unrenewed (the process
   * stalled) and another worker took it. Long handlers may stop early; what they finish anyway must
   * still be idempotent.
   */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<unknown>;

export interface HandlerOptions {
  /** Runs before the job is dead-lettered (default 5). */
  maxAttempts?: number;
}

export interface EnqueueOptions {
  /** At most one queued or running job per name and key; a second enqueue is dropped. */
  singletonKey?: string;
  /** Start no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export interface QueueOptions {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** false for ROLE=web: jobs are enqueued here and run by a worker process. */
  runsJobs: boolean;
  /** How often an idle worker looks for due jobs (default 1 s); an enqueue in this process wakes it. */
  pollMs?: number;
  /** Jobs run at once in this process (default 2). */
  concurrency?: number;
  /** Delay before attempt n+1 after attempt n failed (default 5 s × 2^(n-1), at most 10 minutes). */
  backoffMs?: (attempt: number) => number;
  /**
   * How long a claimed job stays with its worker without a heartbeat (default 60 s): after a worker
   * died, its job waits this long before another worker takes it.
   */
  leaseMs?: number;
  /** How often a running job's lease is renewed (default a third of the lease). */
  heartbeatMs?: number;
}

/** A dead letter as admins see it: no payload, which may hold an email's one-time link. */
export interface FailedJob {
  id: number;
  name: string;
  attempts: number;
  last_error: string | null;
  failed_at: Date;
  created_at: Date;
}

const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_LEASE_MS = 60_000;
const MAX_ERROR_LENGTH = 2000;

export const defaultBackoffMs = (attempt: number) => Math.min(5000 * 2 ** (attempt - 1), 10 * 60_000);

interface Registered {
  handler: JobHandler<never>;
  maxAttempts: number;
}

interface ClaimedJob {
  id: number;
  name: string;
  payload: string;
  attempts: number;
}

const msInterval = (ms: number) => sql`(${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;

/**
 * Stores one job of `name` per payload in one statement, with `db` (a transaction: they exist exactly
 * when its change commits). No singleton keys: a batch's jobs are each their own.
 */
export async function insertJobs(
  db: Kysely<DB>,
  name: string,
  payloads: readonly unknown[],
  options: { maxAttempts?: number } = {},
): Promise<void> {
  if (payloads.length === 0) return;
  await db
    .insertInto('background_jobs')
    .values(
      payloads.map((payload) => ({
        name,
        payload: JSON.stringify(payload ?? {}),
        max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      })),
    )
    .execute();
}

/**
 * Stores a job with `db`, which may be a transaction: the job then exists exactly when the change
 * that asked for it commits (a notification's deliveries). Answers its id, or null when a queued or
 * running job already has this name and singleton key. A worker polling finds it within `pollMs`.
 */
export async function insertJob(
  db: Kysely<DB>,
  name: string,
  payload: unknown,
  options: EnqueueOptions & { maxAttempts?: number } = {},
): Promise<number | null> {
  const row = await db
    .insertInto('background_jobs')
    .values({
      name,
      payload: JSON.stringify(payload ?? {}),
      singleton_key: options.singletonKey ?? null,
      max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: sql`now() + ${msInterval(options.delayMs ?? 0)}`,
    })
    // The index's own predicate, written as constants so PostgreSQL can match the partial index.
    .onConflict((oc) =>
      oc
        .columns(['name', 'singleton_key'])
        .where(sql<boolean>`singleton_key is not null and state in ('queued', 'running')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function createQueue(opts: QueueOptions) {
  const { db, log } = opts;
  const handlers = new Map<string, Registered>();
  const backoffMs = opts.backoffMs ?? defaultBackoffMs;
  const pollMs = opts.pollMs ?? 1000;
  const concurrency = opts.concurrency ?? 2;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = opts.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 3));
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let wakeAgain = false;
  /** Jobs being stored right now. */
  const enqueuing = new Set<Promise<void>>();

  /** Jobs whose worker stopped holding them: queued again, or dead-lettered after their last attempt. */
  async function reclaimExpired() {
    await db
      .updateTable('background_jobs')
      .set({
        state: sql`case when attempts >= max_attempts then 'failed' else 'queued' end`,
        failed_at: sql`case when attempts >= max_attempts then now() else null end`,
        last_error: sql`coalesce(last_error, 'the worker stopped before the job finished')`,
        run_at: sql`now()`,
        locked_until: null,
      })
      .where('state', '=', 'running')
      .where('locked_until', '<', sql<Date>`now()`)
      .execute();
  }

  async function claim(): Promise<ClaimedJob | undefined> {
    const names = [...handlers.keys()];
    if (names.length === 0) return undefined;
    const result = await sql<ClaimedJob>`
      update background_jobs
         set state = 'running', attempts = attempts + 1, locked_until = now() + ${msInterval(leaseMs)}
       where id = (
         select id from background_jobs
          where state = 'queued' and run_at <= now() and name = any(${names}::text[])
          order by run_at, id
          limit 1
          for update skip locked)
      returning id, name, payload, attempts`.execute(db);
    return result.rows[0];
  }

  /**
   * Renews the job's lease every `heartbeatMs` while its handler runs; answers the function that
   * stops. Only this attempt's row is renewed: a job another worker has taken since (its attempt
   * number moved on) aborts `lost` instead.
   */
  function keepLease(job: ClaimedJob, lost: AbortController) {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const beat = async () => {
      try {
        const renewed = await db
          .updateTable('background_jobs')
          .set({ locked_until: sql`now() + ${msInterval(leaseMs)}` })
          .where('id', '=', job.id)
          .where('state', '=', 'running')
          .where('attempts', '=', job.attempts)
          .returning('id')
          .executeTakeFirst();
        if (!renewed && !stopped) {
          log.warn({ job: job.name, jobId: job.id, attempt: job.attempts }, 'background job lease lost');
          lost.abort(new Error('the job was taken by another worker'));
          return;
        }
      } catch (err) {
        // The database may be back before the lease runs out: keep trying.
        log.warn({ err, job: job.name, jobId: job.id }, 'background job lease could not be renewed');
      }
      if (!stopped) next();
    };
    const next = () => {
      timer = setTimeout(() => void beat(), heartbeatMs);
      timer.unref();
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  async function runOne(job: ClaimedJob) {
    const registered = handlers.get(job.name);
    if (!registered) return;
    const lost = new AbortController();
    const stopHeartbeat = keepLease(job, lost);
    // Below, only the worker still holding this attempt may finish it (a reclaimed job has a newer one).
    try {
      await registered.handler(JSON.parse(job.payload) as never, {
        id: job.id,
        attempt: job.attempts,
        signal: lost.signal,
      });
      stopHeartbeat();
      await db
        .deleteFrom('background_jobs')
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('attempts', '=', job.attempts)
        .execute();
    } catch (err) {
      stopHeartbeat();
      const message = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);
      const last = job.attempts >= registered.maxAttempts;
      log[last ? 'error' : 'warn'](
        { err, job: job.name, jobId: job.id, attempt: job.attempts },
        last ? 'background job failed for the last time' : 'background job failed; it will be tried again',
      );
      await db
        .updateTable('background_jobs')
        .set(
          last
            ? { state: 'failed', failed_at: sql`now()`, locked_until: null, last_error: message }
            : {
                state: 'queued',
                run_at: sql`now() + ${msInterval(backoffMs(job.attempts))}`,
                locked_until: null,
                last_error: message,
              },
        )
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('attempts', '=', job.attempts)
        .execute();
    }
  }

  /** One worker: takes due jobs one after another until none is left. */
  async function work(): Promise<number> {
    let done = 0;
    for (;;) {
      if (stopping) return done;
      const job = await claim();
      if (!job) return done;
      await runOne(job);
      done += 1;
    }
  }

  /**
   * Runs every due job (after taking back the ones whose worker died) with `concurrency` workers,
   * and resolves when none is due. A process that does not run jobs (ROLE=web) returns 0 at once.
   */
  async function runDue(): Promise<number> {
    if (!opts.runsJobs) return 0;
    await reclaimExpired();
    const counts = await Promise.all(Array.from({ length: concurrency }, () => work()));
    return counts.reduce((a, b) => a + b, 0);
  }

  function schedule(delay: number) {
    if (!started || stopping) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick() {
    if (draining) {
      wakeAgain = true;
      return;
    }
    draining = runDue()
      .catch((err: unknown) => log.error({ err }, 'background queue: polling failed'))
      .then(() => undefined)
      .finally(() => {
        draining = undefined;
        const again = wakeAgain;
        wakeAgain = false;
        schedule(again ? 0 : pollMs);
      });
  }

  return {
    /** Declares what runs a job by this name (features call this when they register). */
    register<P>(name: string, handler: JobHandler<P>, options: HandlerOptions = {}) {
      if (handlers.has(name)) throw new Error(`Background job "${name}" is registered twice`);
      handlers.set(name, {
        handler: handler as JobHandler<never>,
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      });
    },

    /**
     * Stores a job (run by a worker, here or in another process). Returns its id, or null when a
     * queued or running job already has this name and singleton key.
     */
    async enqueue(name: string, payload: unknown, options: EnqueueOptions = {}): Promise<number | null> {
      const stored = insertJob(db, name, payload, {
        ...options,
        maxAttempts: handlers.get(name)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      });
      // Callers may not wait (an email sent after the answer): settled() waits for it instead.
      const tracked = stored.then(
        () => undefined,
        () => undefined,
      );
      enqueuing.add(tracked);
      void tracked.finally(() => enqueuing.delete(tracked));
      const id = await stored;
      if (started && !options.delayMs) schedule(0);
      return id;
    },

    runDue,

    /**
     * Waits for the jobs this process's poller is running, then runs every due job here; answers how
     * many ran (0: nothing was due). Tests call it (through background.settled) to read results.
     */
    async settled(): Promise<number> {
      let ran = 0;
      for (;;) {
        while (enqueuing.size > 0) await Promise.all([...enqueuing]);
        await draining;
        const now = await runDue();
        ran += now;
        if (now === 0 && !draining && enqueuing.size === 0) return ran;
      }
    },

    /** Starts polling for due jobs (does nothing when this process does not run jobs). */
    start() {
      if (!opts.runsJobs || started) return;
      started = true;
      schedule(0);
    },

    /** Stops taking jobs and waits for the ones running (shutdown). */
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await draining;
    },

    /** The dead-letter list, newest first, keyset-paged on (failed_at, id). */
    async listFailed(page: PageRequest): Promise<Page<FailedJob>> {
      const rows = await keysetPage(
        db
          .selectFrom('background_jobs')
          .select(['id', 'name', 'attempts', 'last_error', 'failed_at', 'created_at'])
          .where('state', '=', 'failed'),
        { createdAt: 'background_jobs.failed_at', id: 'background_jobs.id' },
        page,
      ).execute();
      const result = toPage(rows, page);
      return {
        nextCursor: result.nextCursor,
        items: result.items.map(({ cursor_key: _cursor, failed_at, ...rest }) => ({
          ...rest,
          failed_at: failed_at ?? rest.created_at,
        })),
      };
    },
  };
}

export type Queue = ReturnType<typeof createQueue>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue (tests run due jobs with `background.settled()`). */
    queue: Queue;
  }
}
