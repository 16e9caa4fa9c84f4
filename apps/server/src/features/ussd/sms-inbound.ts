import { findCounty, toKenyanE164, type Language, type SmsInboundInput } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Platform } from '../../platform/context';
import { createJobsService } from '../jobs/jobs.service';
import { accounts } from '../users/users.service';
import * as repo from './ussd.repo';
import { fill } from './ussd.texts';
import { SMS_TEXTS, type UssdSms } from './ussd.sms';

/**
 * SMS sent to Jamii's number: STOP and START (any case, as carriers expect), and KAZI or JOBS with
 * a county, answered with the newest open jobs there. Anything else is left alone.
 */
export function createSmsInbound(p: Platform, sms: UssdSms, log: FastifyBaseLogger) {
  const jobs = createJobsService(p, log);
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
      }
    },
  };
}
