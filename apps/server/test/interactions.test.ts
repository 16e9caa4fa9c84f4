import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBid, makeJob, makeOffer, makePost, makeUser, multipart } from '../src/test/factories';
import { testDatabaseKind } from '../src/test/test-database';
import { injectCaller, useTestApp } from '../src/test/use-test-app';

// Every path between two members, under every reason the path must be shut (platform/interactions.ts):
// a listing moderators hid, one the scam shield held, a suspended member, and a blocked pair, each
// against every write that reaches the other member. A cell is refused (404 as if missing, or 403
// BLOCKED between a blocked pair) and writes nothing, or it is silent: the other member is told
// nothing and sees nothing. Either way no notification reaches them.

type Member = Awaited<ReturnType<typeof makeUser>>;
type Condition = 'hidden' | 'held' | 'suspended author' | 'blocked pair';
type Action =
  | 'offer'
  | 'accept'
  | 'complete'
  | 'apply'
  | 'status change'
  | 'conversation'
  | 'message'
  | 'mention'
  | 'comment'
  | 'review';
/** A refusal's status (its code follows: 404 NOT_FOUND, 403 BLOCKED), or silence. */
type Outcome = 404 | 403 | 'silent';

const CONDITIONS: Condition[] = ['hidden', 'held', 'suspended author', 'blocked pair'];

/**
 * THE table. "suspended author" suspends the member the action reaches (the listing's author when the
 * actor deals with a listing, the bidder or the applicant when the owner decides); "blocked pair":
 * that member blocked the actor. Message and mention are silent under hidden and held: a message
 * moderators hid and a held post's mention reach no one.
 */
const EXPECTED: Record<Action, Record<Condition, Outcome>> = {
  offer: { hidden: 404, held: 404, 'suspended author': 404, 'blocked pair': 403 },
  accept: { hidden: 404, held: 404, 'suspended author': 404, 'blocked pair': 403 },
  complete: { hidden: 404, held: 404, 'suspended author': 404, 'blocked pair': 403 },
  apply: { hidden: 404, held: 404, 'suspended author': 404, 'blocked pair': 403 },
  'status change': { hidden: 404, held: 404, 'suspended author': 404, 'blocked pair': 403 },
  conversation: { hidden: 404, held: 404, 'suspended author': 404, 'blocked pair': 403 },
  message: { hidden: 'silent', held: 'silent', 'suspended author': 404, 'blocked pair': 403 },
  mention: { hidden: 'silent', held: 'silent', 'suspended author': 'silent', 'blocked pair': 'silent' },
  comment: { hidden: 404, held: 404, 'suspended author': 404, 'blocked pair': 403 },
  review: { hidden: 404, held: 404, 'suspended author': 404, 'blocked pair': 403 },
};

/** One cell, arranged: who acts, whom it reaches, and what the condition and the act are. */
interface Scene {
  actor: Member;
  /** The member the act reaches: suspended, or the one who blocks the actor, and never told. */
  other: Member;
  /** What "hidden" and "held" set before the act (when the act names a listing). */
  listing?: { table: 'bids' | 'offers' | 'jobs' | 'posts'; id: number };
  act: () => Promise<LightMyRequestResponse>;
  /** Rows the act would write if it went through (a refused act leaves the count as it was). */
  written: () => Promise<number>;
  /** Silent cells: the act's own status, what happens after it, and what the other member sees of it. */
  silent?: {
    status: number;
    after?: (res: LightMyRequestResponse) => Promise<void>;
    seenByOther: () => Promise<unknown[]>;
  };
}

describe(`interactions under hidden, held, suspended and blocked (${testDatabaseKind()})`, () => {
  const t = useTestApp();
  const call = injectCaller(t);
  let admin: Member;

  beforeAll(async () => {
    admin = await makeUser(t, { role: 'admin' });
  });

  const at = (m: Member) => encodeURIComponent(m.username);
  const rowsOf = async (table: string, where: ReturnType<typeof sql>) => {
    const { rows } = await sql<{
      n: string | number;
    }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.db);
    return Number(rows[0]!.n);
  };
  const notificationsOf = (m: Member) => rowsOf('notifications', sql`user_id = ${m.id}`);

  /** A finished deal: the client's bid Completed with the winner's accepted offer (through the API). */
  async function completedDeal() {
    const [client, winner] = [await makeUser(t), await makeUser(t)];
    const bid = await makeBid(t, client, { job_title: 'Paint a classroom' });
    const offer = await makeOffer(t, bid, winner);
    expect((await call('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth)).statusCode).toBe(200);
    return { client, winner, bid, offer };
  }

  /** How to arrange each action (fresh members for every cell). */
  const ARRANGE: Record<Action, (condition: Condition) => Promise<Scene>> = {
    async offer() {
      const [owner, bidder] = [await makeUser(t), await makeUser(t)];
      const bid = await makeBid(t, owner);
      return {
        actor: bidder,
        other: owner,
        listing: { table: 'bids', id: bid.id },
        act: () =>
          call('POST', '/api/bids/offer', bidder.auth, {
            bid_id: bid.id,
            offer_price: 300,
            message: 'Ready',
          }),
        written: () => rowsOf('offers', sql`bid_id = ${bid.id}`),
      };
    },
    async accept() {
      const [owner, bidder] = [await makeUser(t), await makeUser(t)];
      const bid = await makeBid(t, owner);
      const offer = await makeOffer(t, bid, bidder);
      return {
        actor: owner,
        other: bidder,
        listing: { table: 'bids', id: bid.id },
        act: () => call('PUT', `/api/bids/offer/accept/${offer.id}`, owner.auth),
        // The accept, and the conversation it opens.
        written: async () =>
          (await rowsOf('offers', sql`id = ${offer.id} and status = 'accepted'`)) +
          (await rowsOf('conversations', sql`user_a_id in (${owner.id}, ${bidder.id})`)),
      };
    },
    async complete() {
      const { client, winner, bid } = await completedDeal();
      return {
        actor: client,
        other: winner,
        listing: { table: 'bids', id: bid.id },
        act: () => call('POST', `/api/bids/${bid.id}/complete`, client.auth),
        written: () => rowsOf('bids', sql`id = ${bid.id} and status = 'Completed'`),
      };
    },
    async apply() {
      const [poster, applicant] = [await makeUser(t), await makeUser(t)];
      const job = await makeJob(t, poster);
      return {
        actor: applicant,
        other: poster,
        listing: { table: 'jobs', id: job.id },
        act: () => call('POST', `/api/jobs/${job.id}/apply`, applicant.auth, { message: 'Niko tayari' }),
        written: () => rowsOf('job_applications', sql`job_id = ${job.id}`),
      };
    },
    async 'status change'() {
      const [poster, applicant] = [await makeUser(t), await makeUser(t)];
      const job = await makeJob(t, poster, { title: 'Cashier' });
      const applied = await call('POST', `/api/jobs/${job.id}/apply`, applicant.auth, { message: 'Hi' });
      const id = applied.json().id as number;
      return {
        actor: poster,
        other: applicant,
        listing: { table: 'jobs', id: job.id },
        act: () => call('PATCH', `/api/applications/${id}`, poster.auth, { status: 'shortlisted' }),
        written: () => rowsOf('job_applications', sql`id = ${id} and status <> 'submitted'`),
      };
    },
    async conversation() {
      const [owner, asker] = [await makeUser(t), await makeUser(t)];
      const bid = await makeBid(t, owner);
      return {
        actor: asker,
        other: owner,
        listing: { table: 'bids', id: bid.id },
        act: () =>
          call('POST', '/api/conversations', asker.auth, {
            username: owner.username,
            context_type: 'bid',
            context_id: bid.id,
          }),
        written: () => rowsOf('conversations', sql`${asker.id} in (user_a_id, user_b_id)`),
      };
    },
    async message(condition) {
      const [sender, recipient] = [await makeUser(t), await makeUser(t)];
      const opened = await call('POST', '/api/conversations', sender.auth, { username: recipient.username });
      const id = opened.json().id as number;
      return {
        actor: sender,
        other: recipient,
        act: () => call('POST', `/api/conversations/${id}/messages`, sender.auth, { body: 'Tuma pesa sasa' }),
        written: () => rowsOf('messages', sql`conversation_id = ${id}`),
        silent: {
          status: 201,
          // Moderators hide (or hold) the message once it was sent.
          after: async (res) => {
            const moderation = condition === 'held' ? 'held' : 'hidden';
            await t.db.updateTable('messages').set({ moderation }).where('id', '=', res.json().id).execute();
          },
          seenByOther: async () => {
            const listed = (await call('GET', `/api/conversations/${id}/messages`, recipient.auth)).json();
            const { count } = (await call('GET', '/api/conversations/unread-count', recipient.auth)).json();
            const { last_message } = (await call('GET', `/api/conversations/${id}`, recipient.auth)).json();
            const exported = await call('GET', `/api/users/${recipient.id}/export`, recipient.auth);
            expect(exported.statusCode).toBe(200);
            const leaks = exported.rawPayload.includes('Tuma pesa sasa') ? ['in the export'] : [];
            return [
              ...listed,
              ...(count > 0 ? [{ count }] : []),
              ...(last_message ? [last_message] : []),
              ...leaks,
            ];
          },
        },
      };
    },
    async mention(condition) {
      const [author, mentioned, third] = [await makeUser(t), await makeUser(t), await makeUser(t)];
      const text = `Karibu @${mentioned.username.replace(/^@/, '')}`;
      // Read from the table: a suspended member cannot sign in to look.
      const seenByOther = () =>
        t.db.selectFrom('notifications').select('message').where('user_id', '=', mentioned.id).execute();
      if (condition === 'hidden') {
        // A comment naming them under a post moderators hid: refused, and no one is told.
        const post = await makePost(t, third);
        return {
          actor: author,
          other: mentioned,
          listing: { table: 'posts', id: post.id },
          act: () => call('POST', `/api/posts/${post.id}/comments`, author.auth, { body: text }),
          written: () => rowsOf('comments', sql`post_id = ${post.id}`),
          silent: { status: 404, seenByOther },
        };
      }
      // A post naming them: one the shield holds, or a plain one by a member they blocked (or while
      // they are suspended).
      const content =
        condition === 'held'
          ? `${text}. Pay the registration fee of KSh 1,000 to M-Pesa 0712 345 678 then WhatsApp me only.`
          : text;
      return {
        actor: author,
        other: mentioned,
        act: async () => {
          const form = await multipart({ content });
          return t.app.inject({
            method: 'POST',
            url: '/api/posts',
            headers: { ...author.auth, ...form.headers },
            payload: form.payload,
          });
        },
        written: () => rowsOf('posts', sql`user_id = ${author.id}`),
        silent: {
          status: 201,
          after: async (res) => {
            if (condition === 'held') expect(res.json().moderation).toBe('held');
          },
          seenByOther,
        },
      };
    },
    async comment() {
      const [owner, commenter] = [await makeUser(t), await makeUser(t)];
      const post = await makePost(t, owner);
      return {
        actor: commenter,
        other: owner,
        listing: { table: 'posts', id: post.id },
        act: () => call('POST', `/api/posts/${post.id}/comments`, commenter.auth, { body: 'Poa sana' }),
        written: () => rowsOf('comments', sql`post_id = ${post.id}`),
      };
    },
    async review() {
      const { client, winner, bid } = await completedDeal();
      expect((await call('POST', `/api/bids/${bid.id}/complete`, client.auth)).statusCode).toBe(200);
      return {
        actor: winner,
        other: client,
        listing: { table: 'bids', id: bid.id },
        act: () => call('POST', '/api/reviews', winner.auth, { bid_id: bid.id, rating: 1, text: 'Bad' }),
        written: async () =>
          (await rowsOf('reviews', sql`bid_id = ${bid.id}`)) +
          (await rowsOf('users', sql`id = ${client.id} and rating_count > 0`)),
      };
    },
  };

  async function applyCondition(scene: Scene, condition: Condition) {
    if (condition === 'suspended author') {
      const res = await call('POST', `/api/admin/users/${at(scene.other)}/suspend`, admin.auth, {
        reason: 'Scam reports',
      });
      expect(res.statusCode, res.body).toBe(200);
    } else if (condition === 'blocked pair') {
      const res = await call('POST', `/api/users/${at(scene.actor)}/block`, scene.other.auth);
      expect(res.statusCode, res.body).toBe(200);
    } else if (scene.listing) {
      const { table, id } = scene.listing;
      await t.db.updateTable(table).set({ moderation: condition }).where('id', '=', id).execute();
    }
  }

  const cells = (Object.keys(EXPECTED) as Action[]).flatMap((action) =>
    CONDITIONS.map((condition) => [action, condition, EXPECTED[action][condition]] as const),
  );

  it.each(cells)('%s under %s → %s', async (action, condition, expected) => {
    const scene = await ARRANGE[action](condition);
    await applyCondition(scene, condition);
    const toldBefore = await notificationsOf(scene.other);
    const writtenBefore = await scene.written();

    const res = await scene.act();

    if (expected === 'silent') {
      expect(scene.silent, 'a silent cell says what the other member would see').toBeDefined();
      expect(res.statusCode, res.body).toBe(scene.silent!.status);
      await scene.silent!.after?.(res);
      expect(await scene.silent!.seenByOther()).toEqual([]);
    } else {
      expect(res.statusCode, res.body).toBe(expected);
      expect(res.json().code).toBe(expected === 404 ? 'NOT_FOUND' : 'BLOCKED');
      expect(await scene.written()).toBe(writtenBefore);
    }
    expect(await notificationsOf(scene.other)).toBe(toldBefore);
  });
  it('declines a blocker’s pending offer when another is accepted, and tells them nothing', async () => {
    const [owner, blocker, winner] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const bid = await makeBid(t, owner, { job_title: 'Threatening new title' });
    const theirs = await makeOffer(t, bid, blocker);
    const chosen = await makeOffer(t, bid, winner);
    expect((await call('POST', `/api/users/${at(owner)}/block`, blocker.auth)).statusCode).toBe(200);
    expect((await call('PUT', `/api/bids/offer/accept/${chosen.id}`, owner.auth)).statusCode).toBe(200);
    const declined = await t.db
      .selectFrom('offers')
      .select('status')
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(declined.status).toBe('declined');
    expect(await notificationsOf(blocker)).toBe(0);
    // The winner, with no block between them, is told.
    expect(await notificationsOf(winner)).toBe(1);
  });

  it('answers a conversation about a hidden or held listing exactly as about a missing one', async () => {
    const [owner, asker] = [await makeUser(t), await makeUser(t)];
    const open = (type: string, id: number) =>
      call('POST', '/api/conversations', asker.auth, {
        username: owner.username,
        context_type: type,
        context_id: id,
      });
    const bid = await makeBid(t, owner);
    const job = await makeJob(t, owner);
    const offer = await makeOffer(t, await makeBid(t, asker), owner);
    const service = (
      await call('POST', '/api/services', owner.auth, { title: 'Ushonaji', price: 700 })
    ).json();
    for (const [type, table, id] of [
      ['bid', 'bids', bid.id],
      ['job', 'jobs', job.id],
      ['offer', 'offers', offer.id],
      ['service', 'services', service.id as number],
    ] as const) {
      const missing = await open(type, 2_000_000_000);
      for (const moderation of ['hidden', 'held'] as const) {
        await t.db.updateTable(table).set({ moderation }).where('id', '=', id).execute();
        const res = await open(type, id);
        expect({ status: res.statusCode, body: res.json() }, `${type} ${moderation}`).toEqual({
          status: missing.statusCode,
          body: missing.json(),
        });
      }
      expect(missing.statusCode).toBe(404);
    }
    expect(await rowsOf('conversations', sql`${asker.id} in (user_a_id, user_b_id)`)).toBe(0);
  });
});
