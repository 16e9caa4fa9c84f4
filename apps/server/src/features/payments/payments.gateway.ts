import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { createDarajaClient, type DarajaClient } from './daraja.client';
import { createDarajaStandIn, type DarajaStandIn } from './daraja-stand-in';

/** How long the built-in stand-in's "payer" takes to answer the PIN prompt, so Pending shows. */
const TEST_MODE_PIN_DELAY_MS = 2500;

export type CallbackPath = 'stk' | 'b2c/result' | 'b2c/timeout';

/**
 * Daraja as the payments feature reaches it: the configured account, or in test mode a stand-in
 * started inside the product on first use, whose callbacks come back in through the app itself.
 */
export function createGateway(
  p: Pick<Platform, 'config' | 'jwtSecret'>,
  app: FastifyInstance,
  now: () => Date,
) {
  const settings = p.config.mpesa;
  // The callback paths carry a secret of their own, made from the setting it belongs to: a new
  // account (or a new JWT secret) gives new paths.
  const identity = settings.testMode ? 'test-mode' : `${settings.shortcode}:${settings.consumerKey}`;
  const token = createHmac('sha256', p.jwtSecret)
    .update(`mpesa-callbacks:${identity}`)
    .digest('hex')
    .slice(0, 40);
  let standIn: DarajaStandIn | undefined;
  let client: Promise<DarajaClient> | undefined;

  async function open(): Promise<DarajaClient> {
    if (!settings.testMode) return createDarajaClient(settings, { now });
    standIn = createDarajaStandIn({
      callbackDelayMs: p.config.env === 'test' ? 0 : TEST_MODE_PIN_DELAY_MS,
      deliver: async (url, body) => {
        const res = await app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object });
        return res.statusCode;
      },
    });
    const baseUrl = await standIn.listen();
    return createDarajaClient({ ...standIn.credentials, ...testAccount, baseUrl }, { now });
  }

  return {
    testMode: settings.testMode,
    token,
    client: () => (client ??= open()),
    callbackUrl: (path: CallbackPath) => `${p.config.publicUrl}/api/mpesa/${path}/${token}`,
    /** The built-in stand-in (test mode only), once started. */
    standIn: () => standIn,
    async close() {
      if (client) await client.catch(() => undefined);
      await standIn?.close();
    },
  };
}

const testAccount = {
  b2cShortcode: '600000',
  initiator: 'testapi',
  securityCredential: 'stand-in-credential',
};

export type Gateway = ReturnType<typeof createGateway>;
