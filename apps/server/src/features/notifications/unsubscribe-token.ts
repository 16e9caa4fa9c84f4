import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@jamii/shared';

/** What a link unsubscribes from: one category's email, or the email of the member's job alerts. */
export type UnsubscribeScope = NotificationCategory | 'job_alerts';

/**
 * The token of an email's unsubscribe link: the member and the scope (a category), signed with the server's
 * secret (HMAC-SHA256), so a link turns off that one member's email for that one category without a
 * login, and nobody can make one for another member. It does not expire: an old email's link must
 * still work (RFC 8058 asks for that).
 */
const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');

export function makeUnsubscribeToken(secret: string, userId: number, category: UnsubscribeScope) {
  const body = `${userId}.${category}`;
  return `${body}.${sign(secret, body)}`;
}

/** The member and scope of a valid token of one of `scopes` (the categories unless told), or null. */
export function readUnsubscribeToken<S extends UnsubscribeScope = NotificationCategory>(
  secret: string,
  token: string,
  scopes: readonly S[] = NOTIFICATION_CATEGORIES as unknown as readonly S[],
): { userId: number; category: S } | null {
  const match = /^(\d{1,12})\.([a-z_]{1,30})\.([A-Za-z0-9_-]{43})$/.exec(token.slice(0, 100));
  if (!match) return null;
  const [, id, category, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${id}.${category}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!(scopes as readonly string[]).includes(category)) return null;
  return { userId: Number(id), category: category as S };
}
