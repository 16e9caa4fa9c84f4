import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for Africa's Talking's SMS API, speaking what their documentation describes: POST
// /version1/messaging, form fields username, to (comma-separated numbers), message and from, the
// account's key in an `apiKey` header; a 201 answer whose SMSMessageData names each recipient with
// its status and statusCode, 401 with a sentence for a wrong username or key, 400 for a missing
// field. Tests start it on loopback and point SMS_URL's endpoint at it.

export interface StandInMessage {
  username: string;
  to: string;
  message: string;
  from: string | undefined;
  messageId: string;
  statusCode: number;
  status: string;
}

/** The recipient statuses Africa's Talking documents, by statusCode. */
export const AT_STATUSES: Record<number, string> = {
  100: 'Processed',
  101: 'Success',
  102: 'Queued',
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

export interface AfricasTalkingStandIn {
  /** The base URL, for SMS_URL's `endpoint`. */
  endpoint: string;
  username: string;
  apiKey: string;
  /** `africastalking://…` pointing at this stand-in. */
  smsUrl: string;
  /** Every message accepted or refused per recipient, in the order received. */
  messages: StandInMessage[];
  /** Requests whose headers or fields were checked, for tests of the request's shape. */
  requests: { headers: IncomingMessage['headers']; form: URLSearchParams }[];
  /** Answers this statusCode for this number from now on (403 InvalidPhoneNumber, 406 UserInBlacklist…). */
  refuse(number: string, statusCode: number): void;
  /** The next request is answered with this HTTP status and text (as their gateway does in an outage). */
  failNextRequest(httpStatus: number, text: string): void;
  /** Resolves when `count` messages have arrived (already arrived ones count). */
  waitForMessages(count: number): Promise<StandInMessage[]>;
  stop(): Promise<void>;
}

const KENYAN_E164 = /^\+254[17]\d{8}$/;

export async function startAfricasTalkingStandIn(
  opts: { username?: string; apiKey?: string; from?: string } = {},
): Promise<AfricasTalkingStandIn> {
  const username = opts.username ?? 'jamii';
  const apiKey = opts.apiKey ?? 'atsk_stand_in_key_0123456789abcdef';
  const messages: StandInMessage[] = [];
  const requests: AfricasTalkingStandIn['requests'] = [];
  const refusals = new Map<string, number>();
  const arrivals = new EventEmitter();
  let failure: { httpStatus: number; text: string } | undefined;
  let serial = 0;

  const answer = (res: ServerResponse, status: number, body: string, type = 'text/plain') => {
    res.writeHead(status, { 'Content-Type': type });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/version1/messaging')
        return answer(res, 404, 'Not Found');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ headers: req.headers, form });
      if (failure) {
        const { httpStatus, text } = failure;
        failure = undefined;
        return answer(res, httpStatus, text);
      }
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return answer(res, 415, 'Unsupported Media Type');
      if (req.headers.apikey !== apiKey || form.get('username') !== username)
        return answer(res, 401, 'The supplied authentication is invalid');
      for (const field of ['to', 'message']) {
        if (!form.get(field)) return answer(res, 400, `Request is missing required form field '${field}'`);
      }
      const from = form.get('from') || undefined;
      if (opts.from && from && from !== opts.from) return answer(res, 400, `Invalid senderId: ${from}`);
      const recipients = form
        .get('to')!
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .map((number) => {
          const statusCode = !KENYAN_E164.test(number) ? 403 : (refusals.get(number) ?? 101);
          const messageId = `ATXid_${(++serial).toString(16).padStart(8, '0')}`;
          const sent = statusCode < 200;
          const entry: StandInMessage = {
            username,
            to: number,
            message: form.get('message')!,
            from,
            messageId,
            statusCode,
            status: AT_STATUSES[statusCode] ?? 'Failed',
          };
          messages.push(entry);
          return {
            statusCode,
            number,
            status: entry.status,
            cost: sent ? 'KES 0.8000' : '0',
            messageId: sent ? messageId : 'None',
          };
        });
      const sentCount = recipients.filter((r) => r.statusCode < 200).length;
      answer(
        res,
        201,
        JSON.stringify({
          SMSMessageData: {
            Message: `Sent to ${sentCount}/${recipients.length} Total Cost: KES ${(sentCount * 0.8).toFixed(4)}`,
            Recipients: recipients,
          },
        }),
        'application/json',
      );
      arrivals.emit('message');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    username,
    apiKey,
    smsUrl: `africastalking://${username}?apiKey=${encodeURIComponent(apiKey)}${opts.from ? `&from=${opts.from}` : ''}&endpoint=${encodeURIComponent(endpoint)}`,
    messages,
    requests,
    refuse: (number, statusCode) => void refusals.set(number, statusCode),
    failNextRequest: (httpStatus, text) => void (failure = { httpStatus, text }),
    async waitForMessages(count) {
      while (messages.length < count) await once(arrivals, 'message');
      return messages.slice(0, count);
    },
    async stop() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
