import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Who the current request acts for, without passing it through every service: what a request writes
// about its member for others to read (a notification that names them) records them as its actor, so
// erasing the account erases it too (docs/features/your-data.md). The request is kept, not its member: the member is
// known once a guard has loaded the account, after this hook has run.
const requests = new AsyncLocalStorage<FastifyRequest>();

export function registerActorContext(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => requests.run(request, done));
}

/** The signed-in member the current request acts for; null outside a request or for a visitor. */
export const currentActorId = (): number | null => requests.getStore()?.user?.id ?? null;

/** The request the current code runs for (its idempotency claim, platform/write-transaction.ts). */
export const currentRequest = (): FastifyRequest | undefined => requests.getStore();
