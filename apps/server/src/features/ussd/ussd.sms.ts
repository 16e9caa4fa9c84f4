import { formatMoney, type JobDto, type Language } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../platform/context';
import { withStop } from '../../platform/sms/stop-words';
import { fill } from './ussd.texts';

/** Every SMS a USSD session or an inbound SMS sends ends with how to stop them. */
export const SMS_TEXTS = {
  en: {
    job: '{title} - {company}, {place}. {pay} Apply: {link}',
    jobs: 'Newest jobs in {county}: {list}',
    noJobs: 'No open jobs in {county} yet. Dial the Jamii USSD code to look again.',
    unknownCounty: 'Send KAZI and your county, e.g. KAZI Nakuru.',
    stopped: 'You will get no more SMS from Jamii. Send START to get them again.',
    started: 'Jamii SMS are on again.',
  },
  sw: {
    job: '{title} - {company}, {place}. {pay} Omba: {link}',
    jobs: 'Kazi mpya {county}: {list}',
    noJobs: 'Bado hakuna kazi zilizo wazi {county}. Piga msimbo wa USSD wa Jamii kuangalia tena.',
    unknownCounty: 'Tuma KAZI na kaunti yako, k.m. KAZI Nakuru.',
    stopped: 'Hutapata SMS zaidi kutoka Jamii. Tuma START kuzipata tena.',
    started: 'SMS za Jamii zimewashwa tena.',
  },
} as const;

export function createUssdSms(p: Pick<Platform, 'sms' | 'config'>, log: FastifyBaseLogger) {
  const jobLink = (id: number) => `${p.config.publicUrl}/explore/jobs/${id}`;
  return {
    async sendJob(to: string, job: JobDto, lang: Language) {
      const t = SMS_TEXTS[lang];
      const pay =
        job.salary_min !== null
          ? `${formatMoney(job.salary_min, job.currency)}.`
          : job.salary
            ? `${job.salary}.`
            : '';
      const text = fill(t.job, {
        title: job.title,
        company: job.company || '-',
        place: job.location,
        pay,
        link: jobLink(job.id),
      });
      await p.sms.send({ to, message: withStop(text.replace(/\s+/g, ' '), lang) });
      log.info({ jobId: job.id }, 'job sent by SMS from USSD');
    },
    send: (to: string, text: string, lang: Language) => p.sms.send({ to, message: withStop(text, lang) }),
  };
}

export type UssdSms = ReturnType<typeof createUssdSms>;
