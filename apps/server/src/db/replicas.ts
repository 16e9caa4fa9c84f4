import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Kdb } from './database';
import type { DB } from './schema';
import { parseLsn, UNKNOWN_POSITION, type WritePositions } from './write-positions';

// Reads of lists, search and profiles may go to streaming replicas, never at the cost of a member
// seeing less than they wrote: a replica serves a member only once it has replayed that member's
// last write (db/write-positions.ts); one that fails or lags too far is left out until it recovers.

export interface ReplicaReport {
  /** `replica-N`, N its place in DATABASE_REPLICA_URLS (never its address: the answer is public). */
  name: string;
  /** up: serves reads; lagging: further behind than REPLICA_MAX_LAG_S; down: does not answer. */
  status: 'up' | 'lagging' | 'down';
  /** Seconds behind the primary at the last check; null while it does not answer. */
  lag_seconds: number | null;
  /** Reads it has served since the start. */
  reads: number;
}

export interface ReadRouter {
  /** Where a read for this member (null: a visitor) goes: a replica that has their writes, or the primary. */
  reader(memberId: number | null): Promise<Kdb>;
  /** After a write has committed: its member's reads wait for that position. */
  noteWrite(memberId: number | null): Promise<void>;
  replicas(): ReplicaReport[];
  close(): Promise<void>;
}

interface Replica {
  name: string;
  pool: pg.Pool;
  db: Kdb;
  status: ReplicaReport['status'];
  lagSeconds: number | null;
  replayed: bigint;
  reads: number;
}

export interface ReadRouterOptions {
  primary: Kdb;
  /** The primary's pool: a replica that fails in the middle of a read hands it over to the primary. */
  primaryPool: pg.Pool;
  urls: string[];
  maxLagSeconds: number;
  positions: WritePositions;
  queryTimeoutMs?: number;
  /** Which database served the current request's read ('primary' or a replica's name). */
  onServed?: (name: string) => void;
  onReplicaError?: (name: string, err: Error) => void;
}

/** Only the primary: what a server without DATABASE_REPLICA_URLS (or on PGlite) reads from. */
export function primaryOnly(primary: Kdb): ReadRouter {
  return {
    reader: async () => primary,
    noteWrite: async () => undefined,
    replicas: () => [],
    close: async () => undefined,
  };
}

// The error codes of a connection that went away (pg's own, and PostgreSQL's shutdown classes 08, 57P).
const isConnectionLoss = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  if (e.code && /^(08|57P0|ECONN|EPIPE|ETIMEDOUT|EHOSTUNREACH)/.test(e.code)) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded/i.test(
    e.message ?? '',
  );
};

type Client = pg.PoolClient;

/**
 * A pool for Kysely in front of a replica's: a connection that cannot be had, or a read that loses
 * its connection, is taken again on the primary (reads on a replica are never inside a transaction,
 * so running one again is safe), and the replica is marked down until its next check.
 */
function fallbackPool(
  replica: Replica,
  primaryPool: pg.Pool,
  fail: (err: Error) => void,
  served: () => void,
) {
  const onPrimary = async (args: unknown[]) => {
    const client = await primaryPool.connect();
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } finally {
      client.release();
    }
  };
  const wrap = (client: Client) => ({
    query: async (...args: unknown[]) => {
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        replica.reads++;
        served();
        return result;
      } catch (err) {
        if (!isConnectionLoss(err)) throw err;
        fail(err as Error);
        return onPrimary(args);
      }
    },
    release: (err?: Error | boolean) => client.release(err),
  });
  return {
    async connect() {
      try {
        return wrap(await replica.pool.connect());
      } catch (err) {
        fail(err as Error);
        return primaryPool.connect();
      }
    },
    end: () => replica.pool.end(),
  };
}

export function createReadRouter(opts: ReadRouterOptions): ReadRouter {
  const { primary, maxLagSeconds, positions } = opts;
  const replicas: Replica[] = opts.urls.map((url, i) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // A replica that does not answer at once is passed over for the primary, not waited on.
      connectionTimeoutMillis: 1_000,
      query_timeout: opts.queryTimeoutMs ?? 15_000,
    });
    const replica = {
      name: `replica-${i + 1}`,
      pool,
      status: 'down',
      lagSeconds: null,
      replayed: 0n,
      reads: 0,
    } as Omit<Replica, 'db'> as Replica;
    pool.on('error', (err) => opts.onReplicaError?.(replica.name, err));
    pool.on('connect', (client) => client.on('error', (err) => opts.onReplicaError?.(replica.name, err)));
    const markDown = (err: Error) => {
      if (replica.status !== 'down') opts.onReplicaError?.(replica.name, err);
      replica.status = 'down';
      replica.lagSeconds = null;
      opts.onServed?.('primary');
    };
    replica.db = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: fallbackPool(replica, opts.primaryPool, markDown, () => opts.onServed?.(replica.name)) as never,
      }),
    });
    return replica;
  });

  // The primary's position one check ago: a replica that has not replayed that far is at least one
  // check behind, and its lag is the age of the last transaction it replayed. One that has is not
  // lagging, however long ago the primary last wrote.
  let primaryBefore = 0n;
  let next = 0;

  async function check(replica: Replica, mustReach: bigint) {
    try {
      // On the replica's own pool: through the read path a replica that is down would be answered by
      // the primary.
      const { rows } = await replica.pool.query<{ replayed: string | null; since: number | null }>(
        `select pg_last_wal_replay_lsn()::text as replayed,
                extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since`,
      );
      const row = rows[0];
      if (!row?.replayed) throw new Error('not a standby (pg_last_wal_replay_lsn() is null)');
      replica.replayed = parseLsn(row.replayed);
      const lag = replica.replayed >= mustReach ? 0 : Math.max(0, row.since ?? Number.POSITIVE_INFINITY);
      replica.lagSeconds = Number.isFinite(lag) ? Math.round(lag * 1000) / 1000 : null;
      replica.status = lag > maxLagSeconds ? 'lagging' : 'up';
    } catch (err) {
      if (replica.status !== 'down') opts.onReplicaError?.(replica.name, err as Error);
      replica.status = 'down';
      replica.lagSeconds = null;
    }
  }

  async function checkAll() {
    let now = primaryBefore;
    try {
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary);
      now = parseLsn(rows[0]!.lsn);
    } catch {
      // The primary's own outage shows in /api/ready; the replicas are still checked.
    }
    await Promise.all(replicas.map((r) => check(r, primaryBefore)));
    primaryBefore = now;
    positions.sweep();
  }

  let running: Promise<void> | null = checkAll();
  const intervalMs = Math.max(100, Math.min(1_000, (maxLagSeconds * 1000) / 2));
  const timer = setInterval(() => {
    running ??= checkAll().finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  void running.finally(() => (running = null));

  async function replayedNow(replica: Replica) {
    try {
      const { rows } = await replica.pool.query<{ replayed: string | null }>(
        'select pg_last_wal_replay_lsn()::text as replayed',
      );
      if (rows[0]?.replayed) replica.replayed = parseLsn(rows[0].replayed);
    } catch {
      // Marked down by its pool; the primary serves.
    }
    return replica.replayed;
  }

  const onPrimary = () => {
    opts.onServed?.('primary');
    return primary;
  };

  return {
    async reader(memberId) {
      const usable = replicas.filter((r) => r.status === 'up');
      if (usable.length === 0) return onPrimary();
      const needed = await positions.required(memberId);
      if (needed === UNKNOWN_POSITION) return onPrimary();
      // In turn, so the replicas share the reads.
      const start = next++ % usable.length;
      const order = [...usable.slice(start), ...usable.slice(0, start)];
      const caughtUp = order.find((r) => r.replayed >= needed);
      if (caughtUp) return caughtUp.db;
      // Behind at the last check: a replica replays within milliseconds, so ask one again.
      const first = order[0]!;
      if ((await replayedNow(first)) >= needed && first.status === 'up') return first.db;
      return onPrimary();
    },
    async noteWrite(memberId) {
      try {
        const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(
          primary,
        );
        positions.note(memberId, parseLsn(rows[0]!.lsn));
      } catch {
        // Where the write stands is unknown: this member reads from the primary for a while.
        positions.note(memberId, UNKNOWN_POSITION);
      }
    },
    replicas: () =>
      replicas.map((r) => ({ name: r.name, status: r.status, lag_seconds: r.lagSeconds, reads: r.reads })),
    async close() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      await Promise.all(replicas.map((r) => r.db.destroy()));
    },
  };
}
