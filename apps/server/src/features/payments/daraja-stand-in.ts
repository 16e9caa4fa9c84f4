import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stkPassword } from './daraja.client';

// A stand-in for Safaricom's Daraja API speaking its documented protocol: OAuth, STK Push (with the
// PIN prompt answered as told, then the callback), STK query, B2C (result or timeout callback) and
// transaction status. The product runs one in test mode (MPESA_URL unset); tests start their own.

/** What the payer does with the PIN prompt. */
export const STK_OUTCOMES = [
  'approve', // PIN entered: paid, callback ResultCode 0
  'cancel', // prompt cancelled: 1032
  'wrong_pin', // 2001
  'insufficient', // 1: not enough money
  'no_answer', // the phone never answered: 1037
  'duplicate', // paid, and the callback is delivered twice
  'lost', // paid, but the callback never arrives (only a query finds out)
  'late', // paid; the callback waits until the tester sends it (sendHeldCallbacks), as in a kill test
  'never', // nothing happens at all: the query keeps answering "being processed"
] as const;
export type StkOutcome = (typeof STK_OUTCOMES)[number];
export const B2C_OUTCOMES = ['success', 'fail', 'timeout', 'never'] as const;
export type B2cOutcome = (typeof B2C_OUTCOMES)[number];

const STK_RESULTS: Record<StkOutcome, { code: number; desc: string } | null> = {
  approve: { code: 0, desc: 'The service request is processed successfully.' },
  duplicate: { code: 0, desc: 'The service request is processed successfully.' },
  lost: { code: 0, desc: 'The service request is processed successfully.' },
  late: { code: 0, desc: 'The service request is processed successfully.' },
  cancel: { code: 1032, desc: 'Request cancelled by user' },
  wrong_pin: { code: 2001, desc: 'The initiator information is invalid.' },
  insufficient: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  no_answer: { code: 1037, desc: 'DS timeout user cannot be reached' },
  never: null,
};

export interface StandInOptions {
  consumerKey?: string;
  consumerSecret?: string;
  shortcode?: string;
  passkey?: string;
  /** Wait before a callback is sent (the PIN prompt being answered); 0 by default. */
  callbackDelayMs?: number;
  /** How a callback reaches the product (a POST of JSON by default). */
  deliver?: (url: string, body: unknown) => Promise<number>;
}

interface Delivery {
  url: string;
  body: unknown;
  status: number | 'error';
}

interface StkRecord {
  checkoutRequestId: string;
  merchantRequestId: string;
  outcome: StkOutcome;
  amount: number;
  phone: string;
  receipt: string;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const receiptCode = () =>
  Array.from(randomBytes(10), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[b % 34])
    .join('')
    .slice(0, 10);

export function createDarajaStandIn(opts: StandInOptions = {}) {
  const credentials = {
    consumerKey: opts.consumerKey ?? 'stand-in-key',
    consumerSecret: opts.consumerSecret ?? 'stand-in-secret',
    shortcode: opts.shortcode ?? '174379',
    passkey: opts.passkey ?? 'stand-in-passkey',
  };
  const tokens = new Set<string>();
  const stk = new Map<string, StkRecord>();
  /** B2C payouts actually paid, by OriginatorConversationID (a retry never pays twice). */
  const paid = new Map<string, { transactionId: string; amount: number; phone: string }>();
  const delivered: Delivery[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Callbacks of `late` prompts, not sent yet. */
  const held: { url: string; body: unknown }[] = [];
  let stkOutcome: StkOutcome = 'approve';
  const b2cOutcomes: B2cOutcome[] = [];
  let tokenRequests = 0;
  const deliver =
    opts.deliver ??
    (async (url: string, body: unknown) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    });

  function send(url: string, body: unknown) {
    const job = new Promise<void>((resolve) => setTimeout(resolve, opts.callbackDelayMs ?? 0))
      .then(() => deliver(url, body))
      .then(
        (status) => status,
        () => 'error' as const,
      )
      .then((status) => {
        delivered.push({ url, body, status });
        for (const w of [...waiters])
          if (delivered.length >= w.count) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
      });
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }

  const authorized = (req: IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && tokens.has(header.slice(7));
  };

  function stkCallbackBody(record: StkRecord) {
    const result = STK_RESULTS[record.outcome]!;
    return {
      Body: {
        stkCallback: {
          MerchantRequestID: record.merchantRequestId,
          CheckoutRequestID: record.checkoutRequestId,
          ResultCode: result.code,
          ResultDesc: result.desc,
          ...(result.code === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: record.amount },
                    { Name: 'MpesaReceiptNumber', Value: record.receipt },
                    { Name: 'Balance' },
                    { Name: 'TransactionDate', Value: 20261202101500 },
                    { Name: 'PhoneNumber', Value: Number(record.phone) },
                  ],
                },
              }
            : {}),
        },
      },
    };
  }

  function stkPush(body: Record<string, unknown>, res: ServerResponse) {
    const problems: string[] = [];
    if (
      body.BusinessShortCode !== credentials.shortcode &&
      String(body.BusinessShortCode) !== credentials.shortcode
    )
      problems.push('BusinessShortCode');
    const timestamp = String(body.Timestamp ?? '');
    if (!/^\d{14}$/.test(timestamp)) problems.push('Timestamp');
    if (body.Password !== stkPassword(credentials.shortcode, credentials.passkey, timestamp))
      problems.push('Password');
    if (body.TransactionType !== 'CustomerPayBillOnline') problems.push('TransactionType');
    if (!Number.isInteger(body.Amount) || (body.Amount as number) < 1) problems.push('Amount');
    if (!/^254[17]\d{8}$/.test(String(body.PhoneNumber ?? ''))) problems.push('PhoneNumber');
    if (String(body.PartyA ?? '') !== String(body.PhoneNumber ?? '')) problems.push('PartyA');
    if (!/^https?:\/\//.test(String(body.CallBackURL ?? ''))) problems.push('CallBackURL');
    if (!body.AccountReference || String(body.AccountReference).length > 12)
      problems.push('AccountReference');
    if (problems.length > 0)
      return json(res, 400, {
        requestId: randomUUID(),
        errorCode: '400.002.02',
        errorMessage: `Bad Request - Invalid ${problems.join(', ')}`,
      });
    const record: StkRecord = {
      checkoutRequestId: `ws_CO_${Date.now()}${randomBytes(4).toString('hex')}`,
      merchantRequestId: `${randomBytes(3).toString('hex')}-${randomBytes(4).toString('hex')}`,
      outcome: stkOutcome,
      amount: body.Amount as number,
      phone: String(body.PhoneNumber),
      receipt: receiptCode(),
    };
    stk.set(record.checkoutRequestId, record);
    json(res, 200, {
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    if (record.outcome === 'late')
      held.push({ url: String(body.CallBackURL), body: stkCallbackBody(record) });
    else if (STK_RESULTS[record.outcome] && record.outcome !== 'lost') {
      const callback = stkCallbackBody(record);
      send(String(body.CallBackURL), callback);
      if (record.outcome === 'duplicate') send(String(body.CallBackURL), callback);
    }
  }

  function stkQuery(body: Record<string, unknown>, res: ServerResponse) {
    const record = stk.get(String(body.CheckoutRequestID ?? ''));
    if (!record)
      return json(res, 400, {
        errorCode: '400.002.02',
        errorMessage: 'Bad Request - Invalid CheckoutRequestID',
      });
    const result = STK_RESULTS[record.outcome];
    if (!result)
      return json(res, 500, {
        errorCode: '500.001.1001',
        errorMessage: 'The transaction is being processed',
      });
    json(res, 200, {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResultCode: String(result.code),
      ResultDesc: result.desc,
    });
  }

  function b2c(body: Record<string, unknown>, res: ServerResponse) {
    const originator = String(body.OriginatorConversationID ?? '');
    const problems: string[] = [];
    if (!originator) problems.push('OriginatorConversationID');
    if (body.CommandID !== 'BusinessPayment') problems.push('CommandID');
    if (!body.InitiatorName || !body.SecurityCredential) problems.push('Initiator');
    if (!Number.isInteger(body.Amount) || (body.Amount as number) < 1) problems.push('Amount');
    if (!/^254[17]\d{8}$/.test(String(body.PartyB ?? ''))) problems.push('PartyB');
    if (!/^https?:\/\//.test(String(body.ResultURL ?? ''))) problems.push('ResultURL');
    if (!/^https?:\/\//.test(String(body.QueueTimeOutURL ?? ''))) problems.push('QueueTimeOutURL');
    if (problems.length > 0)
      return json(res, 400, {
        errorCode: '400.002.02',
        errorMessage: `Bad Request - Invalid ${problems.join(', ')}`,
      });
    const conversationId = `AG_${Date.now()}_${randomBytes(6).toString('hex')}`;
    json(res, 200, {
      ConversationID: conversationId,
      OriginatorConversationID: originator,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
    const already = paid.get(originator);
    const outcome: B2cOutcome = already ? 'success' : (b2cOutcomes.shift() ?? 'success');
    const base = { OriginatorConversationID: originator, ConversationID: conversationId };
    if (outcome === 'never') return;
    if (outcome === 'timeout') {
      send(String(body.QueueTimeOutURL), {
        Result: {
          ResultType: 1,
          ResultCode: 1,
          ResultDesc: 'The request timed out.',
          ...base,
          TransactionID: '',
        },
      });
      return;
    }
    if (outcome === 'fail') {
      send(String(body.ResultURL), {
        Result: {
          ResultType: 0,
          ResultCode: 2001,
          ResultDesc: 'The initiator information is invalid.',
          ...base,
          TransactionID: receiptCode(),
        },
      });
      return;
    }
    const payout = already ?? {
      transactionId: receiptCode(),
      amount: body.Amount as number,
      phone: String(body.PartyB),
    };
    paid.set(originator, payout);
    send(String(body.ResultURL), {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ...base,
        TransactionID: payout.transactionId,
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: payout.amount },
            { Key: 'TransactionReceipt', Value: payout.transactionId },
            { Key: 'ReceiverPartyPublicName', Value: `${payout.phone} - Jamii member` },
            { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
          ],
        },
      },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/oauth/v1/generate') {
      tokenRequests += 1;
      const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString(
        'base64',
      );
      if (
        url.searchParams.get('grant_type') !== 'client_credentials' ||
        req.headers.authorization !== `Basic ${basic}`
      )
        return json(res, 400, { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
      const token = randomBytes(16).toString('base64url');
      tokens.add(token);
      return json(res, 200, { access_token: token, expires_in: '3599' });
    }
    if (req.method === 'POST' && url.pathname === '/stand-in/outcome') {
      // The tester's choice in test mode: how the next PIN prompts are answered.
      const body = await readJson(req);
      const outcome = String(body?.outcome ?? '') as StkOutcome;
      if (!STK_OUTCOMES.includes(outcome)) return json(res, 400, { error: 'unknown outcome' });
      stkOutcome = outcome;
      return json(res, 200, { outcome });
    }
    if (req.method !== 'POST')
      return json(res, 404, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    if (!authorized(req))
      return json(res, 401, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    const body = await readJson(req);
    if (!body) return json(res, 400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid JSON' });
    switch (url.pathname) {
      case '/mpesa/stkpush/v1/processrequest':
        return stkPush(body, res);
      case '/mpesa/stkpushquery/v1/query':
        return stkQuery(body, res);
      case '/mpesa/b2c/v3/paymentrequest':
        return b2c(body, res);
      case '/mpesa/transactionstatus/v1/query':
        return json(res, 200, {
          OriginatorConversationID: String(body.OriginatorConversationID ?? randomUUID()),
          ConversationID: `AG_${Date.now()}_${randomBytes(6).toString('hex')}`,
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        });
      default:
        return json(res, 404, { errorCode: '404.001.01', errorMessage: 'Resource not found' });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() =>
      json(res, 500, { errorCode: '500.001.1001', errorMessage: 'Stand-in error' }),
    );
  });

  return {
    credentials,
    /** Listens on loopback (port 0: any free one); answers the base URL. */
    async listen(port = 0): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      await Promise.all([...inFlight]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** How the next PIN prompts are answered (until told otherwise). */
    setStkOutcome(outcome: StkOutcome) {
      stkOutcome = outcome;
    },
    /** How the next B2C requests end, one outcome each; then success. */
    queueB2cOutcomes(...outcomes: B2cOutcome[]) {
      b2cOutcomes.push(...outcomes);
    },
    /** The callbacks sent so far, with the product's answer status. */
    delivered,
    /** Resolves once `count` callbacks in all have been delivered (and answered). */
    whenDelivered(count: number): Promise<void> {
      if (delivered.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    /**
     * Sends the callbacks `late` prompts held back (wherever the product is then: answering, or
     * dead and the delivery lost); answers how many. `whenDelivered` waits for their answers.
     */
    sendHeldCallbacks() {
      const due = held.splice(0);
      for (const callback of due) send(callback.url, callback.body);
      return due.length;
    },
    /** A paid STK Push's callback, for replaying it (a late or repeated delivery). */
    stkCallbackFor(checkoutRequestId: string) {
      const record = stk.get(checkoutRequestId);
      return record && STK_RESULTS[record.outcome] ? stkCallbackBody(record) : undefined;
    },
    /** B2C money actually paid out, by OriginatorConversationID. */
    payouts: paid,
    stkPushes: stk,
    tokenRequests: () => tokenRequests,
  };
}

export type DarajaStandIn = ReturnType<typeof createDarajaStandIn>;
