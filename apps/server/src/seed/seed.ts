import { randomBytes } from 'node:crypto';
import { extractHashtags, passwordPolicyIssue } from '@jamii/shared';
import { sql } from 'kysely';
import { hashPassword } from '../platform/passwords';
import type { Kdb } from '../db/database';
import { DEMO_BIDS, DEMO_FOLLOWS, DEMO_JOBS, DEMO_MEMBERS, DEMO_POSTS, DEMO_SERVICES } from './demo-content';

/** A fresh password that meets the signup policy (upper, lower, digit, symbol, 12+ characters). */
export function freshDemoPassword(owner: { username: string; name: string }): string {
  for (;;) {
    const password = `Jm-${randomBytes(12).toString('base64url')}-7k!`;
    if (!passwordPolicyIssue(password, owner)) return password;
  }
}

export interface SeedOptions {
  /**
   * One password for every demo account: only a test harness sets it (DEMO_PASSWORD in the
   * environment, see scripts/e2e-server.mjs). Otherwise each account gets a fresh password.
   */
  password?: string;
  /**
   * The accounts' passwords and hashes (see demoAccounts), asked for only when the seed runs: a new
   * install starts hashing them while its database opens, and its caller keeps them to show.
   */
  accounts?: () => Promise<DemoAccounts>;
}

export interface DemoAccounts {
  passwords: string[];
  hashes: string[];
  /** Each account got a fresh password (not the harness's one), to be shown once. */
  fresh: boolean;
}

/**
 * The demo members' passwords and their hashes, in DEMO_MEMBERS' order. Hashing them takes about
 * 0.2 s (one at a time, platform/passwords.ts), which a new install spends while its database opens.
 */
export async function demoAccounts(options: Pick<SeedOptions, 'password'> = {}): Promise<DemoAccounts> {
  // Read here rather than in config.ts: only the e2e harness sets it, and nothing else may.
  const fixed = options.password ?? process.env.DEMO_PASSWORD;
  const passwords = DEMO_MEMBERS.map((m) => fixed ?? freshDemoPassword(m));
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  return { passwords, hashes, fresh: fixed === undefined };
}

/** A demo account and the password the seed gave it. */
export interface DemoLogin {
  username: string;
  password: string;
  admin: boolean;
}

/**
 * The accounts and passwords to show once, the admin first (a newcomer's first login): none when the
 * harness's one password was used, which is written in its own source.
 */
export function freshLogins(accounts: DemoAccounts): DemoLogin[] {
  if (!accounts.fresh) return [];
  const logins = DEMO_MEMBERS.map((m, i) => ({
    username: m.username,
    password: accounts.passwords[i]!,
    admin: m.role === 'admin',
  }));
  return [...logins.filter((l) => l.admin), ...logins.filter((l) => !l.admin)];
}

/** Plain lines for the standard output, never for the log (a log record would keep the passwords). */
export function demoLoginLines(logins: readonly DemoLogin[]): string[] {
  if (!logins.length) return [];
  return [
    'Demo accounts (these passwords are shown only now; copy them, or use Forgot password later):',
    ...logins.map((l) => `  ${l.username.padEnd(16)} ${l.password}${l.admin ? '   admin' : ''}`),
  ];
}

/** Seeds only a database with no members; answers what it added, or null when it left it alone. */
export async function seedIfEmpty(db: Kdb, options: SeedOptions = {}) {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return null;
  return seedDemo(db, options);
}

export async function seedDemo(db: Kdb, options: SeedOptions = {}) {
  const { hashes } = await (options.accounts?.() ?? demoAccounts(options));
  // Spread the content over the last days so the feed reads naturally, newest first.
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

  const summary = await db.transaction().execute(async (trx) => {
    const users = await trx
      .insertInto('users')
      .values(
        DEMO_MEMBERS.map((m, i) => ({
          username: m.username,
          name: m.name,
          email: m.email,
          location: m.location,
          bio: m.bio,
          role: m.role ?? 'member',
          password_hash: hashes[i]!,
          created_at: minutesAgo(60 * 24 * 30 - i * 60),
        })),
      )
      .returning(['id', 'username'])
      .execute();
    const idOf = new Map(users.map((u) => [u.username, u.id]));
    const id = (username: string) => {
      const found = idOf.get(username);
      if (found === undefined) throw new Error(`demo content names an unknown member ${username}`);
      return found;
    };

    await trx
      .insertInto('jobs')
      .values(
        DEMO_JOBS.map((j, i) => ({
          client_id: id(j.by),
          title: j.title,
          company: j.company,
          location: j.location,
          type: j.type,
          description: j.description,
          salary: j.salary,
          created_at: minutesAgo(400 + i * 173),
        })),
      )
      .execute();

    let offerCount = 0;
    for (const [i, b] of DEMO_BIDS.entries()) {
      const bid = await trx
        .insertInto('bids')
        .values({
          client_id: id(b.by),
          job_title: b.job_title,
          max_price: b.max_price,
          description: b.description,
          status: b.accepted === undefined ? 'Open' : 'Closed',
          created_at: minutesAgo(300 + i * 211),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [k, o] of b.offers.entries()) {
        await trx
          .insertInto('offers')
          .values({
            bid_id: bid.id,
            user_id: id(o.by),
            offer_price: o.offer_price,
            message: o.message,
            accepted: b.accepted === k,
            // On a closed bid every offer but the winner was declined when the client accepted.
            status: b.accepted === undefined ? 'pending' : b.accepted === k ? 'accepted' : 'declined',
            created_at: minutesAgo(250 + i * 211 - k * 20),
          })
          .execute();
        offerCount++;
      }
    }

    for (const [i, p] of DEMO_POSTS.entries()) {
      const createdAt = minutesAgo(15 + i * 97);
      const post = await trx
        .insertInto('posts')
        .values({ user_id: id(p.by), content: p.content, created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const tag of extractHashtags(p.content)) {
        const hashtag = await trx
          .insertInto('hashtags')
          .values({ tag })
          .onConflict((oc) => oc.expression(sql`tag`).doUpdateSet({ tag }))
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('post_hashtags')
          .values({ post_id: post.id, hashtag_id: hashtag.id, created_at: createdAt })
          .execute();
      }
    }

    await trx
      .insertInto('services')
      .values(
        DEMO_SERVICES.map((s, i) => ({
          user_id: id(s.by),
          title: s.title,
          description: s.description,
          price: s.price,
          location: s.location,
          created_at: minutesAgo(500 + i * 131),
        })),
      )
      .execute();

    await trx
      .insertInto('follows')
      .values(DEMO_FOLLOWS.map(([a, b]) => ({ follower_id: id(a), followee_id: id(b) })))
      .execute();

    return {
      members: users.length,
      jobs: DEMO_JOBS.length,
      bids: DEMO_BIDS.length,
      offers: offerCount,
      posts: DEMO_POSTS.length,
      services: DEMO_SERVICES.length,
      follows: DEMO_FOLLOWS.length,
    };
  });
  return summary;
}
