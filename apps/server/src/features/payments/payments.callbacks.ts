import { BlockList, isIPv6 } from 'node:net';
import { DarajaCallbackAnswerSchema } from '@jamii/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { routeKit } from '../../platform/routes';
import type { Gateway } from './payments.gateway';
import type { Settlement } from './payments.settlement';

type App = Parameters<FastifyPluginAsyncZod<Platform>>[0];

const accepted = { ResultCode: 0, ResultDesc: 'Accepted' };
const TokenParam = z.object({ token: z.string().max(200) });
// Daraja's bodies are its own: kept as received, read by the settlement.
const DarajaBody = z.record(z.string(), z.unknown());

function allowList(entries: string[]) {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Daraja's callbacks, on paths that carry a secret (its callbacks are unsigned): a wrong secret is
 * a 404, and with MPESA_ALLOWED_IPS only those addresses are heard.
 */
export function registerMpesaCallbacks(app: App, p: Platform, gateway: Gateway, settlement: Settlement) {
  const allowed = allowList(p.config.mpesaAllowedIps);
  const check = (req: FastifyRequest<{ Params: { token: string } }>) => {
    if (req.params.token !== gateway.token) throw notFound();
    if (allowed) {
      const ip = req.ip.replace(/^::ffff:/, '');
      if (!allowed.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4')) throw forbidden('Not an M-Pesa address');
    }
  };
  const route = routeKit(app, p.guards, 'payments');
  route.post(
    '/api/mpesa/stk/:token',
    {
      policy: 'public',
      summary: 'Daraja’s STK Push callback (secret path)',
      params: TokenParam,
      body: DarajaBody,
      response: { 200: DarajaCallbackAnswerSchema },
    },
    async (req) => {
      check(req);
      await settlement.stkCallback(req.body);
      return accepted;
    },
  );
  for (const [path, kind] of [
    ['result', 'b2c_result'],
    ['timeout', 'b2c_timeout'],
  ] as const) {
    route.post(
      `/api/mpesa/b2c/${path}/:token`,
      {
        policy: 'public',
        summary: `Daraja’s B2C ${path} callback (secret path)`,
        params: TokenParam,
        body: DarajaBody,
        response: { 200: DarajaCallbackAnswerSchema },
      },
      async (req) => {
        check(req);
        await settlement.b2cCallback(kind, req.body);
        return accepted;
      },
    );
  }
}
