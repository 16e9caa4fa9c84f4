import { SmsInboundInput, UssdCallbackInput, UssdPinInput, UssdScreenSchema } from '@jamii/shared';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Platform } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { NoContent } from '../../platform/responses';
import { routeKit } from '../../platform/routes';
import { createSmsInbound } from './sms-inbound';
import { createUssdAccount } from './ussd.account';
import { createUssdService } from './ussd.service';
import { createUssdSms } from './ussd.sms';

/** A callback's form is small: a session's answers, or one SMS. */
const FORM_LIMIT = 8 * 1024;

export const ussdRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const sms = createUssdSms(p, app.log);
  const ussd = createUssdService(p, sms, app.log);
  const inbound = createSmsInbound(p, sms, app.log);
  const account = createUssdAccount(p.db);
  const route = routeKit(app, p.guards, 'ussd');

  // Africa's Talking posts forms; this plugin alone reads them (the rest of the API is JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // The phone number in a callback is the network's word only when the gateway sends it.
  const fromGateway = proxyAddr.compile(p.config.ussdAllowedIps);
  const gatewayOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!fromGateway(req.ip, 0)) throw forbidden('Only the USSD and SMS gateway may call this');
  };

  route.post(
    '/api/ussd',
    {
      policy: 'public',
      summary:
        "Africa's Talking's USSD callback: the next screen, `CON …` or `END …` (the gateway's addresses only)",
      limits: [gatewayOnly],
      consumes: ['application/x-www-form-urlencoded'],
      body: UssdCallbackInput,
      response: {
        200: {
          description: 'The screen, as plain text',
          content: { 'text/plain': { schema: UssdScreenSchema } },
        },
      },
    },
    async (req, reply) => reply.type('text/plain; charset=utf-8').send(await ussd.answer(req.body)),
  );

  route.post(
    '/api/sms/inbound',
    {
      policy: 'public',
      summary:
        "Africa's Talking's inbound SMS: STOP, START, KAZI or JOBS and a county (the gateway's addresses only)",
      limits: [gatewayOnly],
      consumes: ['application/x-www-form-urlencoded'],
      body: SmsInboundInput,
      response: { 204: NoContent },
    },
    async (req, reply) => {
      await inbound.receive(req.body);
      return reply.code(204).send();
    },
  );

  route.put(
    '/api/auth/ussd-pin',
    {
      policy: 'member',
      summary: 'Set my USSD PIN (four digits), confirmed with my password',
      body: UssdPinInput,
      response: { 204: NoContent },
    },
    async (req, reply) => {
      await account.setPin(req.user, req.body);
      return reply.code(204).send();
    },
  );
};
