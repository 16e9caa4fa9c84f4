import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Which members have logged in on this browser before (docs/features/notifications.md): the login notice is always
 * written (the specified API calls), but a login from a browser that already holds the member's mark writes it
 * already read, so it is not toasted; a login from a new device is. The cookie holds, per member,
 * their id and an HMAC of it under the server's secret, so no one can mark a browser without having
 * logged in on it. Nothing is stored on the server.
 */
export const DEVICE_COOKIE = 'jamii_device';
/** A shared phone keeps the marks of its last few members. */
const MAX_MEMBERS = 5;
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

export function createDeviceMarks(secret: string) {
  const mark = (userId: number) =>
    `${userId}.${createHmac('sha256', secret).update(`jamii-device:${userId}`).digest('base64url').slice(0, 22)}`;
  const entries = (cookie: string | undefined) =>
    (cookie ?? '')
      .split('~')
      .filter((entry) => /^\d+\.[\w-]{22}$/.test(entry))
      .slice(0, MAX_MEMBERS);
  const same = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  return {
    /** Whether the member logged in on the browser that sent this cookie before. */
    knows(cookie: string | undefined, userId: number) {
      const expected = mark(userId);
      return entries(cookie).some((entry) => same(entry, expected));
    },
    /** The cookie's new value: this member first, then the others it held. */
    remember(cookie: string | undefined, userId: number) {
      const own = mark(userId);
      return [own, ...entries(cookie).filter((entry) => entry !== own)].slice(0, MAX_MEMBERS).join('~');
    },
  };
}
