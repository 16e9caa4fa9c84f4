import {
  AdminPaymentSchema,
  AdminPaymentsQuery,
  Id,
  PaymentAnswerSchema,
  PaymentDisputeInput,
  PaymentInput,
  PaymentModeSchema,
  PaymentSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { routeKit } from '../../platform/routes';
import { registerMpesaCallbacks } from './payments.callbacks';
import { createGateway } from './payments.gateway';
import { clockOf, PAYOUT_JOB } from './payments.payout';
import * as repo from './payments.repo';
import { createPaymentsService } from './payments.service';
import { createSettlement, SWEEP_JOB } from './payments.settlement';
import { scheduleOnReady } from '../../platform/start-schedules';

/**
 * How often pending payments are looked at (each is queried once it is PAYMENT_PENDING_QUERY_MS
 * old); as often as that delay when it is shorter, so a payment is asked about soon after it is due.
 */
const SWEEP_EVERY_MS = 30_000;

export const paymentsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const now = clockOf(p);
  const gateway = createGateway(p, app, now);
  const settlement = createSettlement(p, gateway, now, app.log);
  const payments = createPaymentsService(p, gateway, settlement, now, app.log);
  app.addHook('onClose', async () => gateway.close());

  p.queue.register<{ paymentId: number }>(PAYOUT_JOB, ({ paymentId }) => settlement.sendPayout(paymentId), {
    maxAttempts: 8,
  });
  // Settles what a lost callback (or a stopped server) left pending, then looks again later.
  // Two keys taken in turn: the running sweep holds its own key while it queues the next one.
  p.queue.register<{ turn?: number }>(SWEEP_JOB, async ({ turn = 0 }) => {
    await settlement.settlePending();
    const next = (turn + 1) % 2;
    await p.queue.enqueue(
      SWEEP_JOB,
      { turn: next },
      { singletonKey: `turn:${next}`, delayMs: Math.min(SWEEP_EVERY_MS, p.config.paymentPendingQueryMs) },
    );
  });
  // The process that runs jobs starts the sweep (as the digest's schedule); a web-only one answers requests.
  if (p.config.role !== 'web')
    scheduleOnReady(app, SWEEP_JOB, async () => {
      // A turn a stopped process queued for later runs now instead: what it left pending (a server
      // killed between the STK Push and its callback) is asked about as soon as it is due.
      await repo.makeSweepsDue(p.db, SWEEP_JOB);
      await p.queue.enqueue(SWEEP_JOB, { turn: 0 }, { singletonKey: 'turn:0' });
    });

  registerMpesaCallbacks(app, p, gateway, settlement);

  const route = routeKit(app, p.guards, 'payments');
  const PaymentParams = z.object({ id: Id.describe('The bid’s id') });

  route.get(
    '/api/payments/mode',
    {
      policy: 'member',
      summary: 'Whether payments run in test mode (MPESA_URL unset): every payment screen then says so',
      response: { 200: PaymentModeSchema },
    },
    async () => ({ test_mode: gateway.testMode }),
  );

  route.post(
    '/api/bids/:id/payment',
    {
      policy: 'owner',
      summary:
        'Pay the accepted price with M-Pesa (the bid’s owner, Kenya shillings only): sends the PIN prompt (STK Push); 202',
      params: PaymentParams,
      // No body at all is a pay from the profile phone.
      body: PaymentInput.nullish(),
      response: { 202: PaymentAnswerSchema },
    },
    async (req, reply) =>
      reply.code(202).send(await payments.pay(req.user, req.params.id, req.body ?? { phone: undefined })),
  );

  route.get(
    '/api/bids/:id/payment',
    {
      policy: 'owner',
      summary: 'The deal’s payment and its timeline (the bid’s owner and the winner)',
      params: PaymentParams,
      response: { 200: PaymentSchema },
    },
    async (req) => payments.get(req.user, req.params.id),
  );

  route.post(
    '/api/bids/:id/payment/cancel',
    {
      policy: 'owner',
      summary:
        'The winner agrees to cancel; the owner cancels (with that agreement, or 7 days after the money was held): refunded by B2C',
      params: PaymentParams,
      response: { 200: PaymentSchema },
    },
    async (req) => payments.cancel(req.user, req.params.id),
  );

  route.post(
    '/api/bids/:id/payment/dispute',
    {
      policy: 'owner',
      summary: 'Either side disputes the held money: it waits in the moderators’ queue',
      params: PaymentParams,
      body: PaymentDisputeInput,
      response: { 200: PaymentSchema },
    },
    async (req) => payments.dispute(req.user, req.params.id, req.body),
  );

  route.page(
    '/api/admin/payments',
    {
      policy: 'admin',
      summary: 'Payments for admins, newest first (status=disputed: the moderators’ queue); keyset pages',
      querystring: PageQuery.extend(AdminPaymentsQuery.shape),
      response: { 200: z.array(AdminPaymentSchema) },
    },
    async (req) => payments.listForAdmins(req.query),
  );

  for (const kind of ['release', 'refund'] as const) {
    route.post(
      `/api/admin/payments/:id/${kind}`,
      {
        policy: 'admin',
        summary:
          kind === 'release'
            ? 'Release a held or disputed payment to the winner (admins)'
            : 'Refund a held or disputed payment to the payer (admins)',
        params: IdParam,
        response: { 200: PaymentSchema },
      },
      async (req) => payments.decide(req.user, req.params.id, kind),
    );
  }
};
