import { z } from 'zod';

// Africa's Talking's bulk SMS API, as documented: a form-encoded POST to /version1/messaging with
// the account's apiKey in a header, answered by SMSMessageData with one entry per recipient. Their
// SDK hard-codes its hosts, so this thin client takes the base URL from SMS_URL instead.

/** Recipient status codes Africa's Talking documents; 100–102 mean the message was accepted. */
export const AT_ACCEPTED_CODES = new Set([100, 101, 102]);

const AnswerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(
      z.object({
        // A number in their answers; accepted as digits too, as some gateways stringify it.
        statusCode: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
        status: z.string(),
        number: z.string().optional(),
        messageId: z.string().optional(),
        cost: z.string().optional(),
      }),
    ),
  }),
});

export interface AfricasTalkingSettings {
  username: string;
  apiKey: string;
  from: string | undefined;
  endpoint: string;
}

export interface AtRecipient {
  statusCode: number;
  status: string;
  messageId: string | undefined;
}

/** Africa's Talking refused the request, or answered something this client cannot read. */
export class SmsProviderError extends Error {
  override name = 'SmsProviderError';
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/** Sends one message to one number; answers that recipient's entry of the answer. */
export async function sendThroughAfricasTalking(
  settings: AfricasTalkingSettings,
  sms: { to: string; message: string },
  fetchImpl: typeof fetch = fetch,
): Promise<AtRecipient> {
  const form = new URLSearchParams({ username: settings.username, to: sms.to, message: sms.message });
  if (settings.from) form.set('from', settings.from);
  const response = await fetchImpl(`${settings.endpoint}/version1/messaging`, {
    method: 'POST',
    headers: {
      apiKey: settings.apiKey,
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form.toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok)
    // The body of a refusal is a short sentence ("The supplied authentication is invalid"), never the key.
    throw new SmsProviderError(
      `Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`,
      response.status,
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SmsProviderError(`Africa's Talking answered ${response.status} with no JSON`, response.status);
  }
  const parsed = AnswerSchema.safeParse(body);
  if (!parsed.success)
    throw new SmsProviderError("Africa's Talking's answer has no SMSMessageData.Recipients", response.status);
  const recipient = parsed.data.SMSMessageData.Recipients[0];
  if (!recipient)
    throw new SmsProviderError(
      `Africa's Talking sent to nobody: ${parsed.data.SMSMessageData.Message ?? 'no recipients'}`,
      response.status,
    );
  return { statusCode: recipient.statusCode, status: recipient.status, messageId: recipient.messageId };
}
