import type { DarajaAccount } from '../../platform/mpesa-url';
import type { MpesaMessageKind } from '../../db/schema';

// A thin client of Safaricom's Daraja API: the base URL is a setting (the npm SDKs hard-code
// Safaricom's hosts, so no stand-in could answer them). Every request and answer is handed to
// `record`, secrets (Password, SecurityCredential, the access token) left out.

export type RecordMessage = (
  kind: MpesaMessageKind,
  direction: 'sent' | 'answered',
  key: string | null,
  body: unknown,
) => Promise<void>;

export class DarajaError extends Error {
  override name = 'DarajaError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 15_000;
/** A cached token is dropped this long before Daraja says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Daraja's timestamp: YYYYMMDDHHmmss in Nairobi time (UTC+3, no daylight saving). */
export function darajaTimestamp(at: Date): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

/** STK Push's Password: base64(shortcode + passkey + timestamp). */
export const stkPassword = (shortcode: string, passkey: string, timestamp: string) =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');

/** +254712345678 → 254712345678, as Daraja wants phones. */
export const toDarajaPhone = (e164: string) => e164.replace(/^\+/, '');

export interface StkPushAnswer {
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResponseCode: string;
  ResponseDescription?: string;
  CustomerMessage?: string;
}
export interface StkQueryAnswer {
  ResponseCode?: string;
  ResultCode?: string;
  ResultDesc?: string;
  CheckoutRequestID?: string;
  errorCode?: string;
  errorMessage?: string;
}
export interface B2cAnswer {
  ConversationID: string;
  OriginatorConversationID: string;
  ResponseCode: string;
  ResponseDescription?: string;
}

export function createDarajaClient(
  account: Omit<DarajaAccount, 'env'>,
  opts: { now: () => Date; fetch?: typeof fetch },
) {
  const doFetch = opts.fetch ?? fetch;
  let cached: { token: string; until: number } | undefined;

  async function call(path: string, init: RequestInit) {
    const res = await doFetch(`${account.baseUrl}${path}`, {
      ...init,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Daraja answers HTML on some gateway errors: keep the text.
    }
    return { status: res.status, body };
  }

  async function accessToken(): Promise<string> {
    const now = opts.now().getTime();
    if (cached && cached.until > now) return cached.token;
    const basic = Buffer.from(`${account.consumerKey}:${account.consumerSecret}`).toString('base64');
    const { status, body } = await call('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    });
    const answer = body as { access_token?: string; expires_in?: string | number };
    if (status !== 200 || !answer.access_token)
      throw new DarajaError('Daraja refused the credentials', status, { status });
    const seconds = Number(answer.expires_in ?? 3599);
    cached = { token: answer.access_token, until: now + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS) };
    return cached.token;
  }

  async function post<T>(
    kind: MpesaMessageKind,
    path: string,
    payload: object,
    shown: object,
    key: string | null,
    record: RecordMessage,
  ): Promise<T> {
    await record(kind, 'sent', key, shown);
    const token = await accessToken();
    const { status, body } = await call(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (status === 401) cached = undefined;
    const answer = body as { ResponseCode?: string; CheckoutRequestID?: string; ConversationID?: string };
    await record(kind, 'answered', answer.CheckoutRequestID ?? answer.ConversationID ?? key, body);
    if (status !== 200) throw new DarajaError(`Daraja answered ${status}`, status, body);
    return body as T;
  }

  return {
    accessToken,

    /** Asks the payer's phone for their PIN: `amount` whole shillings from `phone` to the paybill. */
    stkPush(
      input: { amount: number; phone: string; callbackUrl: string; reference: string; description: string },
      record: RecordMessage,
    ) {
      const timestamp = darajaTimestamp(opts.now());
      const payload = {
        BusinessShortCode: account.shortcode,
        Password: stkPassword(account.shortcode, account.passkey, timestamp),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: input.amount,
        PartyA: toDarajaPhone(input.phone),
        PartyB: account.shortcode,
        PhoneNumber: toDarajaPhone(input.phone),
        CallBackURL: input.callbackUrl,
        AccountReference: input.reference.slice(0, 12),
        TransactionDesc: input.description.slice(0, 13),
      };
      return post<StkPushAnswer>(
        'stk_push',
        '/mpesa/stkpush/v1/processrequest',
        payload,
        { ...payload, Password: '(left out)', CallBackURL: '(secret path)' },
        null,
        record,
      );
    },

    /** What became of an STK Push whose callback has not come. */
    stkQuery(checkoutRequestId: string, record: RecordMessage) {
      const timestamp = darajaTimestamp(opts.now());
      const payload = {
        BusinessShortCode: account.shortcode,
        Password: stkPassword(account.shortcode, account.passkey, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: checkoutRequestId,
      };
      return post<StkQueryAnswer>(
        'stk_query',
        '/mpesa/stkpushquery/v1/query',
        payload,
        { ...payload, Password: '(left out)' },
        checkoutRequestId,
        record,
      ).catch((err: unknown) => {
        // Daraja answers 500 "The transaction is being processed" while the payer has not answered.
        if (err instanceof DarajaError && err.status === 500) return err.body as StkQueryAnswer;
        throw err;
      });
    },

    /** Pays `amount` from the B2C shortcode to `phone`; a retry sends the same originator id. */
    b2c(
      input: {
        originatorConversationId: string;
        amount: number;
        phone: string;
        resultUrl: string;
        timeoutUrl: string;
        remarks: string;
        occasion: string;
      },
      record: RecordMessage,
    ) {
      const payload = {
        OriginatorConversationID: input.originatorConversationId,
        InitiatorName: account.initiator,
        SecurityCredential: account.securityCredential,
        CommandID: 'BusinessPayment',
        Amount: input.amount,
        PartyA: account.b2cShortcode,
        PartyB: toDarajaPhone(input.phone),
        Remarks: input.remarks.slice(0, 100),
        QueueTimeOutURL: input.timeoutUrl,
        ResultURL: input.resultUrl,
        Occasion: input.occasion.slice(0, 100),
      };
      return post<B2cAnswer>(
        'b2c',
        '/mpesa/b2c/v3/paymentrequest',
        payload,
        {
          ...payload,
          SecurityCredential: '(left out)',
          QueueTimeOutURL: '(secret path)',
          ResultURL: '(secret path)',
        },
        input.originatorConversationId,
        record,
      );
    },

    /** The state of a B2C or other transaction by its M-Pesa receipt or originator id. */
    transactionStatus(
      input: {
        transactionId?: string;
        originatorConversationId?: string;
        resultUrl: string;
        timeoutUrl: string;
      },
      record: RecordMessage,
    ) {
      const payload = {
        Initiator: account.initiator,
        SecurityCredential: account.securityCredential,
        CommandID: 'TransactionStatusQuery',
        TransactionID: input.transactionId ?? '',
        OriginatorConversationID: input.originatorConversationId ?? '',
        PartyA: account.b2cShortcode,
        IdentifierType: '4',
        ResultURL: input.resultUrl,
        QueueTimeOutURL: input.timeoutUrl,
        Remarks: 'Status check',
        Occasion: 'Status check',
      };
      return post<{ ConversationID: string; OriginatorConversationID: string; ResponseCode: string }>(
        'transaction_status',
        '/mpesa/transactionstatus/v1/query',
        payload,
        {
          ...payload,
          SecurityCredential: '(left out)',
          ResultURL: '(secret path)',
          QueueTimeOutURL: '(secret path)',
        },
        input.originatorConversationId ?? input.transactionId ?? null,
        record,
      );
    },
  };
}

export type DarajaClient = ReturnType<typeof createDarajaClient>;
