import {
  BID_LIMITS,
  JOB_LIMITS,
  POST_TITLE_MAX,
  RISK_REASON_CODES,
  RISK_REASONS,
  SERVICE_LIMITS,
  type NotificationDto,
} from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { makeBid, makeJob, makePost, makeUser } from '../../test/factories';
import { openSocket } from '../../test/sockets';
import { injectCaller, useTestApp } from '../../test/use-test-app';

// A notification is stored as its kind and parameters and rendered when it is read: nothing a member
// writes, however long or odd, can make it fail to store (and so fail the write that tells of it).

/** A text the scam shield flags for every one of its reasons: its held notice runs past 700 characters. */
const EVERY_REASON =
  'Safaricom hiring in Dubai. No experience needed, KSh 90,000 a month. Pay the registration fee of ' +
  'KSh 1,000 to M-Pesa 0712 345 678 then WhatsApp me only. You pay the visa fee of KSh 40,000 before travel. ' +
  'Our recruitment agency will have you receive the salary and forward it to our agent.';

/**
 * Every reason the rules give to a kind: the agency's licence is asked of job ads only, and the model
 * speaks only where the rules alone would not warn, so no text carries it beside them.
 */
const everyReasonOf = (kind: string) =>
  RISK_REASON_CODES.filter((code) => code !== 'model' && (kind === 'job' || code !== 'unlicensed_agency'));

/** A title as long as each form allows. */
const longTitle = (max: number) => `Kazi ${'ndefu '.repeat(max)}`.slice(0, max - 1) + 'X';

type Screened = 'job' | 'bid' | 'service' | 'post';

describe('notifications store whatever members write', () => {
  const t = useTestApp({ listen: true });
  const call = injectCaller(t);
  type Member = Awaited<ReturnType<typeof makeUser>>;

  const notices = async (member: Member) => {
    const res = await call('GET', `/api/notifications/${member.id}`, member.auth);
    expect(res.statusCode).toBe(200);
    return res.json() as NotificationDto[];
  };
  const storedRows = (member: Member) =>
    t.db
      .selectFrom('notifications')
      .select(['kind', 'params', 'message'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
  const setLanguage = async (member: Member, language: 'en' | 'sw') =>
    expect((await call('PUT', `/api/users/${member.id}`, member.auth, { language })).statusCode).toBe(200);

  /** Creates each kind of screened item through the API, with its longest title and `text`. */
  const create: Record<Screened, (member: Member, text: string) => ReturnType<typeof call>> = {
    job: (m, text) =>
      call('POST', '/api/jobs', m.auth, { title: longTitle(JOB_LIMITS.title), description: text }),
    bid: (m, text) =>
      call('POST', '/api/bids', m.auth, {
        job_title: longTitle(BID_LIMITS.jobTitle),
        max_price: 500,
        description: text,
      }),
    service: (m, text) =>
      call('POST', '/api/services', m.auth, {
        title: longTitle(SERVICE_LIMITS.title),
        price: 1500,
        description: text,
      }),
    post: (m, text) =>
      call('POST', '/api/posts', m.auth, { title: longTitle(POST_TITLE_MAX), content: text }),
  };
  /** Writes a clean item straight in the database, then edits its text through the API. */
  const edit: Record<Screened, (member: Member, text: string) => Promise<Awaited<ReturnType<typeof call>>>> =
    {
      job: async (m, text) =>
        call('PATCH', `/api/jobs/${(await makeJob(t, m)).id}`, m.auth, {
          title: longTitle(JOB_LIMITS.title),
          description: text,
        }),
      bid: async (m, text) =>
        call('PATCH', `/api/bids/${(await makeBid(t, m)).id}`, m.auth, {
          job_title: longTitle(BID_LIMITS.jobTitle),
          description: text,
        }),
      service: async (m, text) => {
        const service = await t.db
          .insertInto('services')
          .values({ user_id: m.id, title: 'CV writing', description: 'Clear CVs.', price: 500 })
          .returning('id')
          .executeTakeFirstOrThrow();
        return call('PATCH', `/api/services/${service.id}`, m.auth, {
          title: longTitle(SERVICE_LIMITS.title),
          description: text,
        });
      },
      post: async (m, text) =>
        call('PATCH', `/api/posts/${(await makePost(t, m)).id}`, m.auth, {
          title: longTitle(POST_TITLE_MAX),
          content: text,
        }),
    };

  const cases = (['job', 'bid', 'service', 'post'] as const).flatMap((kind) => [
    { kind, write: 'create', status: 201 } as const,
    { kind, write: 'edit', status: 200 } as const,
  ]);

  it.each(cases)(
    'a $kind held for every shield reason on $write: answered, and its author told every reason',
    async ({ kind, write, status }) => {
      const author = await makeUser(t);
      const res = await (write === 'create' ? create : edit)[kind](author, EVERY_REASON);
      expect(res.statusCode, res.body).toBe(status);
      const reasons = everyReasonOf(kind);
      expect(res.json().risk).toEqual({ level: 'high', reasons });

      const [notice, ...others] = await notices(author);
      expect(others).toEqual([]);
      expect(notice!.message).toContain('is held for a check by our moderators');
      for (const code of reasons) expect(notice!.message).toContain(RISK_REASONS[code].en);
      expect(notice!.message.length).toBeGreaterThan(500);
      // Stored as what it says, not as a sentence: it reads in the author's language once they switch.
      expect(await storedRows(author)).toEqual([
        { kind: 'shield_held', params: { target: kind, reasons }, message: null },
      ]);
      await setLanguage(author, 'sw');
      const [inSwahili] = await notices(author);
      for (const code of reasons) expect(inSwahili!.message).toContain(RISK_REASONS[code].sw);
    },
  );

  it('pushes the long notice live and answers it when marked read, in the reader’s language', async () => {
    const author = await makeUser(t);
    await setLanguage(author, 'sw');
    const socket = await openSocket(t.url, author.token);
    try {
      const pushed = new Promise<NotificationDto>((resolve) => socket.once('notification', resolve));
      expect((await edit.job(author, EVERY_REASON)).statusCode).toBe(200);
      const live = await pushed;
      expect(live.message).toMatch(/^Kazi yako inasubiri ukaguzi wa wasimamizi wetu/);
      for (const code of everyReasonOf('job')) expect(live.message).toContain(RISK_REASONS[code].sw);
      const read = await call('PUT', `/api/notifications/${live.id}/read`, author.auth);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ id: live.id, message: live.message, is_read: true });
    } finally {
      socket.disconnect();
    }
  });

  it('a name and titles with odd characters, at their longest, are stored and shown as written', async () => {
    // Older and admin-made accounts may have names the signup form would refuse: up to 100 characters.
    const oddName = `{name} O'Brien ’Wanjirũ' #1 <b>' ${'ŋ'.repeat(40)} 🇰🇪 مرحبا {0, plural, one {x}}`.slice(
      0,
      100,
    );
    const [poster, applicant, client, bidder] = [
      await makeUser(t),
      await makeUser(t, { name: oddName }),
      await makeUser(t),
      await makeUser(t, { name: oddName }),
    ];
    const jobTitle = `{job} '#' ${longTitle(JOB_LIMITS.title)}`.slice(0, JOB_LIMITS.title);
    const job = await makeJob(t, poster, { title: jobTitle });
    const applied = await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth, { message: 'Hire me' });
    expect(applied.statusCode, applied.body).toBe(201);
    const [toPoster] = await notices(poster);
    expect(toPoster!.message).toBe(`${oddName} applied for your job ${jobTitle}`);

    const bidTitle = `{bid} '{' ${longTitle(BID_LIMITS.jobTitle)}`.slice(0, BID_LIMITS.jobTitle);
    const bid = await makeBid(t, client, { job_title: bidTitle });
    const offered = await call('POST', '/api/bids/offer', bidder.auth, {
      bid_id: bid.id,
      offer_price: 300,
      message: 'Done in a week',
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const [toClient] = await notices(client);
    expect(toClient!.message).toBe(`${oddName} placed an offer of KSh 300 on your bid ${bidTitle}`);
    expect((await storedRows(client))[0]).toMatchObject({ kind: 'offer_placed', message: null });
  });
});
