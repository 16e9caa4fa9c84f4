import { findCounty, MESSAGE_LIMITS, toKenyanE164, type Language, type SmsInboundInput } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Platform } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createJobsService } from '../jobs/jobs.service';
import { createMessagesService } from '../messages/messages.service';
import { smsReplyConversation } from '../notifications/deliveries';
import { accounts } from '../users/users.service';
import * as repo from './ussd.repo';
import { refused } from './ussd.service';
import { fill } from './ussd.texts';
import { SMS_TEXTS, type UssdSms } from './ussd.sms';

/**
 * SMS sent to Jamii's number: STOP and START (any case, as carriers expect), KAZI or JOBS with a
 * county, answered with the newest open jobs there, and a member's reply to an SMS that told of a
 * message, posted to that conversation. Anything else is left alone.
 */
export function createSmsInbound(p: Platform, sms: UssdSms, log: FastifyBaseLogger) {
  const jobs = createJobsService(p, log);
  const messages = createMessagesService(p, log);
  const now = p.clock ?? (() => new Date());
  return {
    async receive(input: z.infer<typeof SmsInboundInput>) {
      // Only a Kenyan mobile number can be answered (or be a member's).
      const from = toKenyanE164(input.from);
      if (!from) return;
      const member = await accounts.findByVerifiedPhone(p.db, from);
      const lang: Language = member?.language ?? 'en';
      const t = SMS_TEXTS[lang];
      const [word = '', ...words] = input.text.trim().split(/\s+/);
      const keyword = word.toUpperCase();
      const rest = words.join(' ');
      if (keyword === 'STOP' || keyword === 'START') {
        if (member) await repo.setSmsStopped(p.db, member.id, keyword === 'STOP');
        // A STOP is always confirmed once: the member knows it worked.
        await sms.send(from, keyword === 'STOP' ? t.stopped : t.started, lang);
        log.info({ keyword, member: member?.id ?? null }, 'inbound SMS keyword');
        return;
      }
      if (keyword === 'KAZI' || keyword === 'JOBS') {
        if (member && (await repo.smsStopped(p.db, member.id))) return;
        const county = findCounty(rest.trim());
        if (!county) {
          await sms.send(from, t.unknownCounty, lang);
          return;
        }
        const page = await jobs.list(null, { county, limit: 3 });
        const list = page.items
          .map((job) => `${job.title} (${p.config.publicUrl}/explore/jobs/${job.id})`)
          .join('; ');
        await sms.send(from, list ? fill(t.jobs, { county, list }) : fill(t.noJobs, { county }), lang);
        log.info({ keyword, county, jobs: page.items.length }, 'inbound SMS keyword');
        return;
      }
      const body = input.text.trim().slice(0, MESSAGE_LIMITS.body);
      if (!member || member.suspended_at !== null || body === '') return;
      const conversationId = await smsReplyConversation(p.db, member.id, now());
      if (conversationId === null) return;
      // The gateway's id makes a repeated callback the same message, not a second one.
      const user = { id: member.id, username: member.username, name: member.name, role: member.role };
      const sent = await refused(() =>
        messages.send(user, conversationId, {
          body,
          ...(input.id ? { client_id: `sms:${input.id}`.slice(0, MESSAGE_LIMITS.clientId) } : {}),
        }),
      );
      // A refusal (a block since, a hidden conversation) is logged; the SMS is not answered.
      const outcome = sent instanceof AppError ? sent.code : 'sent';
      log.info({ conversationId, member: member.id, outcome }, 'SMS reply to a conversation');
    },
  };
}
