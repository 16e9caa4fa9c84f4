import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { renderStored } from '../features/notifications/notifications.service';
import { hashPassword } from '../platform/passwords';
import { hashToken, randomToken } from '../platform/tokens';
import type { TestApp } from './build-test-app';

export const TEST_PASSWORD = 'Strong-Pass-2024!';
let passwordHash: Promise<string> | undefined;
let counter = 0;

/** A member straight in the database, with an access token; names are unique per call. */
export async function makeUser(
  t: TestApp,
  overrides: { username?: string; name?: string; role?: 'member' | 'admin'; location?: string } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const n = ++counter;
  const email = `member${n}@company${n}.co.ke`;
  const row = await t.db
    .insertInto('users')
    .values({
      username: overrides.username ?? `@member_${n}`,
      name: overrides.name ?? `Member Number`,
      email,
      location: overrides.location ?? 'Nairobi',
      role: overrides.role ?? 'member',
      password_hash: await passwordHash,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // A login of its own, as POST /api/login opens one: access tokens name an open login.
  const sessionId = randomUUID();
  await t.db.insertInto('session_families').values({ id: sessionId, user_id: row.id }).execute();
  const token = await t.ctx.tokens.sign(row.id, sessionId);
  return { ...row, email, sessionId, token, auth: { authorization: `Bearer ${token}` } };
}

/** A real JPEG of the given size, carrying EXIF metadata the server must strip. */
export function makeJpeg(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'TestCam' } })
    .jpeg()
    .toBuffer();
}

/** A multipart body built the way a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; filename: string; data: Buffer; type?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return (async () => ({
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  }))();
}

type Member = { id: number };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** A post straight in the database; `minutesAgo` places it in the feed's order. */
export function makePost(
  t: TestApp,
  author: Member,
  overrides: { content?: string; minutesAgo?: number; created_at?: Date } = {},
) {
  return t.db
    .insertInto('posts')
    .values({
      user_id: author.id,
      content: overrides.content ?? `Habari ya leo #${++counter}`,
      created_at: overrides.created_at ?? minutesAgo(overrides.minutesAgo ?? 0),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function makeJob(
  t: TestApp,
  client: Member,
  overrides: Partial<{
    title: string;
    company: string;
    location: string;
    type: string;
    description: string;
    salary: string;
    minutesAgo: number;
  }> = {},
) {
  const { minutesAgo: age = 0, ...fields } = overrides;
  return t.db
    .insertInto('jobs')
    .values({
      client_id: client.id,
      title: 'Accountant',
      company: 'Tujenge Ltd',
      location: 'Nairobi',
      type: 'Full-time',
      description: 'Keep the books of a growing SACCO.',
      salary: 'KES 80,000',
      created_at: minutesAgo(age),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function makeBid(
  t: TestApp,
  client: Member,
  overrides: Partial<{
    job_title: string;
    max_price: number;
    status: 'Open' | 'Closed';
    minutesAgo: number;
  }> = {},
) {
  const { minutesAgo: age = 0, ...fields } = overrides;
  return t.db
    .insertInto('bids')
    .values({
      client_id: client.id,
      job_title: 'Logo for a matatu SACCO',
      max_price: 500,
      description: 'Bold colours, readable from afar.',
      created_at: minutesAgo(age),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function makeOffer(
  t: TestApp,
  bid: { id: number },
  bidder: Member,
  overrides: Partial<{ offer_price: number; message: string; accepted: boolean }> = {},
) {
  return t.db
    .insertInto('offers')
    .values({
      bid_id: bid.id,
      user_id: bidder.id,
      offer_price: 300,
      message: 'I can deliver in a week.',
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A reset link's token for the member, stored (hashed) the way forgot-password stores one. */
export async function makeResetToken(t: TestApp, userId: number) {
  const token = randomToken();
  await t.db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
    .execute();
  return token;
}

/** A verification link's token for the member's email, stored (hashed) to expire at `expiresAt`. */
export async function makeEmailVerificationToken(
  t: TestApp,
  member: { id: number; email: string },
  expiresAt: Date,
) {
  const token = randomToken();
  await t.db
    .insertInto('email_verification_tokens')
    .values({ user_id: member.id, token_hash: hashToken(token), email: member.email, expires_at: expiresAt })
    .execute();
  return token;
}

/**
 * A member's notifications straight from the database, oldest first, each with `message` rendered in
 * English from its kind and parameters as the API renders it (or the sentence of an older row).
 */
export async function storedNotifications(t: TestApp, userId: number) {
  const rows = await t.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, message: renderStored(row, 'en') }));
}

/** A member's notifications (message and type), oldest first, straight from the database. */
export async function notificationsOf(t: TestApp, userId: number) {
  return (await storedNotifications(t, userId)).map(({ message, type }) => ({ message, type }));
}
