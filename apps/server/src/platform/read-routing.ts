import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { createReadRouter, type ReadRouter } from '../db/replicas';
import { createWritePositions } from '../db/write-positions';
import { currentRequest } from './actor';

// A write's member reads from replicas only once they have replayed it: after a change has
// committed (the handler is done) and before its answer leaves, the primary's position is recorded
// for the member. Each answer says which database served its reads (X-Read-From), for operators
// and the tests: `primary`, or a replica's name from /api/ready.

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const served = new WeakMap<FastifyRequest, Set<string>>();

/** For the read router: the current request's read was served by `name`. */
export function noteServed(name: string) {
  const request = currentRequest();
  if (!request) return;
  const names = served.get(request) ?? new Set<string>();
  names.add(name);
  served.set(request, names);
}

export function registerReadRouting(app: FastifyInstance, reads: ReadRouter) {
  if (reads.replicas().length === 0) return;
  app.addHook('onSend', async (request, reply, payload) => {
    // A member's refused change may still have written part of it; a visitor's (a wrong password) did not.
    const member = request.user?.id ?? null;
    if (UNSAFE.has(request.method) && (member !== null || reply.statusCode < 400))
      await reads.noteWrite(member);
    const names = served.get(request);
    if (names) reply.header('X-Read-From', [...names].sort().join(', '));
    return payload;
  });
}

/** The replicas of DATABASE_REPLICA_URLS in front of the primary; undefined without any. */
export function openReadRouter(
  config: Config,
  database: Database,
  redis: Redis | undefined,
  log: Pick<FastifyBaseLogger, 'warn'>,
): ReadRouter | undefined {
  if (config.databaseReplicaUrls.length === 0 || !database.pool) return undefined;
  return createReadRouter({
    primary: database.db,
    primaryPool: database.pool,
    urls: config.databaseReplicaUrls,
    maxLagSeconds: config.replicaMaxLagSeconds,
    positions: createWritePositions({ redis }),
    queryTimeoutMs: config.databaseTimeoutMs,
    onServed: noteServed,
    onReplicaError: (replica, err) =>
      log.warn({ replica, err: { message: err.message } }, 'read replica skipped until it answers again'),
  });
}
