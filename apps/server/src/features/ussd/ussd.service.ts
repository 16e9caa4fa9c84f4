import { findCounty, toKenyanE164, type Language } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createApplicationsService } from '../applications/applications.service';
import { createBidsService } from '../bids/bids.service';
import { createJobsService } from '../jobs/jobs.service';
import { createMessagesService } from '../messages/messages.service';
import { createNotificationsService, createNotifier } from '../notifications/notifications.service';
import { accounts } from '../users/users.service';
import { answersOf, render, runMenu } from './ussd.menu';
import { createPhoneService, PhoneRateLimited } from '../auth/phone.service';
import { createUssdAccount } from './ussd.account';
import { createUssdPins } from './ussd.pin';
import { createShownStore } from './ussd.shown';
import type { UssdMember, UssdPorts } from './ussd.ports';
import * as repo from './ussd.repo';
import { homeFor } from './ussd.screens';
import type { UssdSms } from './ussd.sms';
import { USSD_TEXTS } from './ussd.texts';

/** A code asked for in the last two minutes that can still be proved is not sent again. */
const PIN_CODE_RESEND_MS = 2 * 60_000;

export interface UssdCallback {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  networkCode?: string | undefined;
  text: string;
}

/** A refusal by a service (404, 403, 409) is an answer on the screen, never an error of the menu. */
export async function refused<T>(work: () => Promise<T>): Promise<T | AppError> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return err;
    throw err;
  }
}

export function createUssdService(p: Platform, sms: UssdSms, log: FastifyBaseLogger) {
  const { db } = p;
  const jobs = createJobsService(p, log);
  const applications = createApplicationsService(p, log);
  const bids = createBidsService(p, log);
  const messages = createMessagesService(p, log);
  const notifications = createNotificationsService(db, createNotifier(db, p.events));
  const pins = createUssdPins(db);
  const phones = createPhoneService(p, log);
  const ussdAccounts = createUssdAccount(db, log);
  const site = p.config.publicUrl.replace(/^https?:\/\//, '');
  const shown = createShownStore();

  function memberPorts(user: CurrentUser, county: string | null, phone: string, lang: Language): UssdMember {
    return {
      county,
      pinState: () => pins.state(user.id),
      checkPin: (pin) => pins.check(user.id, pin),
      async sendPinCode() {
        // The screen shows again after an answer that is not a code: that must not send another SMS.
        if (await phones.hasLiveCode(phone, PIN_CODE_RESEND_MS)) return 'sent';
        try {
          await phones.start(phone, { userId: user.id, language: lang });
          return 'sent';
        } catch (err) {
          if (err instanceof PhoneRateLimited) return 'limited';
          if (err instanceof AppError && err.statusCode < 500) return 'failed';
          throw err;
        }
      },
      async setPinWithCode(code, pin) {
        const proved = await refused(() => phones.verify(phone, code, user.id));
        if (proved instanceof AppError) return proved.code === 'PHONE_CODE_WRONG' ? 'wrong' : 'expired';
        await pins.set(user.id, pin);
        return 'set';
      },
      async apply(jobId) {
        const job = await refused(() => jobs.get(user, jobId));
        if (job instanceof AppError) return { kind: 'gone' };
        const note = await repo.profileNote(db, user.id);
        const sent = await refused(() =>
          applications.apply(user, jobId, { fields: { message: note }, file: undefined }),
        );
        if (!(sent instanceof AppError)) return { kind: 'applied', title: job.title };
        return sent.code === 'ALREADY_APPLIED' ? { kind: 'already' } : { kind: 'gone' };
      },
      async myBids(limit) {
        const page = await bids.list(user, { user_id: user.id, limit });
        return page.items.map((b) => ({ id: b.id, title: b.job_title, offerCount: b.pending_offer_count }));
      },
      async offersOn(bidId) {
        const offers = await refused(() => bids.listOffers(user, bidId));
        if (offers instanceof AppError) return [];
        return offers.map((o) => ({
          id: o.id,
          name: o.name,
          price: o.offer_price,
          currency: o.currency,
          message: o.message,
          pending: o.status === 'pending' && o.client_id === user.id,
        }));
      },
      accept: async (offerId) =>
        !((await refused(() => bids.acceptOffer(user, offerId))) instanceof AppError),
      myOffers: (limit) => repo.myOffers(db, user.id, limit),
      async conversations(limit) {
        const page = await messages.list(user, { limit, after: null });
        return page.items.map((c) => ({
          id: c.id,
          name: c.other.name,
          lastMessage: c.last_message?.body ?? '',
          unread: c.unread > 0,
        }));
      },
      reply: async (id, body) =>
        !((await refused(() => messages.send(user, id, { body }))) instanceof AppError),
      async notifications(limit) {
        const page = await notifications.list(user, user.id, { limit, after: null });
        return page.items.map((n) => n.message);
      },
      smsEnabled: async () => !(await repo.smsStopped(db, user.id)),
      setSms: (on) => repo.setSmsStopped(db, user.id, !on).then(() => undefined),
      setLanguage: (lang) => accounts.setLanguage(db, user.id, lang).then(() => undefined),
    };
  }

  return {
    /** One callback of Africa's Talking: the screen to show, as the body of a text/plain answer. */
    async answer(callback: UssdCallback): Promise<string> {
      const phone = toKenyanE164(callback.phoneNumber) ?? callback.phoneNumber;
      const found = await accounts.findByVerifiedPhone(db, phone);
      let answers = answersOf(callback.text);
      let lang: Language;
      if (found) lang = found.language;
      else {
        // A visitor chooses the language on the first screen; that choice is the session's first answer.
        if (answers.length === 0) return render({ text: USSD_TEXTS.en.chooseLanguage, end: false });
        const choice = answers[0];
        if (choice !== '1' && choice !== '2')
          return render({ text: `${USSD_TEXTS.en.invalid}\n${USSD_TEXTS.en.chooseLanguage}`, end: false });
        lang = choice === '2' ? 'sw' : 'en';
        answers = answers.slice(1);
      }
      const member =
        found && found.suspended_at === null
          ? memberPorts(
              { id: found.id, username: found.username, name: found.name, role: found.role },
              found.county,
              phone,
              lang,
            )
          : null;
      const ports: UssdPorts = {
        member,
        // The gateway's session id is its own; with the number, another caller cannot guess into it.
        shown: shown.forSession(`${phone}\u0000${callback.sessionId}`),
        findCounty,
        async jobs(county, cursor, limit) {
          const page = await jobs.list(
            member
              ? { id: found!.id, username: found!.username, name: found!.name, role: found!.role }
              : null,
            {
              county,
              limit,
              cursor: cursor ?? undefined,
            },
          );
          return { items: page.items, next: page.nextCursor };
        },
        async job(id) {
          const job = await refused(() => jobs.get(null, id));
          return job instanceof AppError || job.status !== 'open' ? null : job;
        },
        join: async (account) =>
          toKenyanE164(callback.phoneNumber)
            ? ussdAccounts.join({ ...account, phone, language: lang })
            : 'foreign',
        async smsJob(job, language) {
          try {
            await sms.sendJob(phone, job, language);
            return true;
          } catch (err) {
            log.warn({ err, jobId: job.id }, 'job SMS from USSD not sent');
            return false;
          }
        },
      };
      const screen = await runMenu(homeFor(ports, lang, site), answers, USSD_TEXTS[lang].invalid);
      log.info({ ussdSession: callback.sessionId, depth: answers.length, end: screen.end }, 'ussd screen');
      return render(screen);
    },
  };
}
