import type { FastifyBaseLogger } from 'fastify';
import { toKenyanE164 } from '@jamii/shared';
import type { SmsSettings } from '../../config';
import { AT_ACCEPTED_CODES, sendThroughAfricasTalking, SmsProviderError } from './africastalking';
import { writeSmsToOutbox } from './outbox';

export { SmsProviderError } from './africastalking';

export interface SmsResult {
  /**
   * `sent`: the provider accepted it (or it was written to the outbox); `failed`: the provider
   * refused this recipient (a number it cannot reach, no balance, a blacklisted number).
   */
  status: 'sent' | 'failed';
  /** Africa's Talking's status as it answered it (Success, InvalidPhoneNumber…), or `Outbox`. */
  providerStatus: string;
  providerStatusCode: number | undefined;
  /** Africa's Talking's messageId (delivery reports name it), or the outbox file's name. */
  messageId: string | undefined;
}

export interface Sms {
  /** Where messages go, for the start notice and the docs: `africastalking` or `outbox`. */
  driver: SmsSettings['driver'];
  /**
   * Sends one SMS to a Kenyan mobile number (any form toKenyanE164 reads). A refused recipient
   * answers `failed`; a refused request or an unreachable provider throws SmsProviderError, so a
   * queued job is tried again.
   */
  send(sms: { to: string; message: string }): Promise<SmsResult>;
}

export function createSms(
  settings: SmsSettings,
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
): Sms {
  const normalize = (to: string) => {
    const e164 = toKenyanE164(to);
    if (!e164) throw new SmsProviderError('not a Kenyan mobile number');
    return e164;
  };
  if (settings.driver === 'outbox') {
    return {
      driver: 'outbox',
      async send(sms) {
        const to = normalize(sms.to);
        const messageId = await writeSmsToOutbox(settings.dir, { to, message: sms.message }, clock());
        // The message itself may hold a sign-in code: only where it went is logged.
        log.info({ messageId }, 'SMS written to the outbox (no SMS_URL)');
        return { status: 'sent', providerStatus: 'Outbox', providerStatusCode: undefined, messageId };
      },
    };
  }
  return {
    driver: 'africastalking',
    async send(sms) {
      const to = normalize(sms.to);
      const recipient = await sendThroughAfricasTalking(settings, { to, message: sms.message });
      const accepted = AT_ACCEPTED_CODES.has(recipient.statusCode);
      log[accepted ? 'info' : 'warn'](
        { messageId: recipient.messageId, status: recipient.status, statusCode: recipient.statusCode },
        accepted ? "SMS accepted by Africa's Talking" : "Africa's Talking refused an SMS",
      );
      return {
        status: accepted ? 'sent' : 'failed',
        providerStatus: recipient.status,
        providerStatusCode: recipient.statusCode,
        messageId: recipient.messageId,
      };
    },
  };
}
