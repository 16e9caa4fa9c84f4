import type { NotificationDto } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeUser, TEST_PASSWORD } from '../../test/factories';
import { createDeviceMarks, DEVICE_COOKIE } from './device-marks';

// The login notice is kept (the specified API calls), but only a login from a new device is toasted (docs/features/notifications.md):
// from a browser that holds the member's device mark it is written already read.

describe('the login notice and known devices', () => {
  const t = useTestApp();

  type Member = Awaited<ReturnType<typeof makeUser>>;
  const login = (member: Member, deviceCookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: TEST_PASSWORD },
      ...(deviceCookie ? { cookies: { [DEVICE_COOKIE]: deviceCookie } } : {}),
    });
  const loginNotices = async (member: Member) =>
    (
      (
        await t.app.inject({ method: 'GET', url: `/api/notifications/${member.id}`, headers: member.auth })
      ).json() as NotificationDto[]
    ).filter((n) => n.message.startsWith('Account Logged In successfully at'));

  it('writes the first login on a browser unread and marks the browser; the next one there is written read', async () => {
    const member = await makeUser(t);
    const first = await login(member);
    expect(first.statusCode).toBe(200);
    const mark = first.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(mark).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(mark.maxAge).toBeGreaterThan(300 * 24 * 3600);
    expect((await loginNotices(member)).map((n) => n.is_read)).toEqual([false]);

    expect((await login(member, mark.value)).statusCode).toBe(200);
    // Kept (the specified API calls), but already read: nothing to toast.
    expect((await loginNotices(member)).map((n) => n.is_read)).toEqual([true, false]);

    // Another browser is a new device.
    await login(member);
    expect((await loginNotices(member)).map((n) => n.is_read)).toEqual([false, true, false]);
  });

  it('keeps the marks of several members of a shared phone; another member is new there', async () => {
    const amina = await makeUser(t);
    const baraka = await makeUser(t);
    const aminaMark = (await login(amina)).cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    const afterBaraka = await login(baraka, aminaMark);
    expect((await loginNotices(baraka)).map((n) => n.is_read)).toEqual([false]);
    const shared = afterBaraka.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    await login(amina, shared);
    await login(baraka, shared);
    expect((await loginNotices(amina)).map((n) => n.is_read)).toEqual([true, false]);
    expect((await loginNotices(baraka)).map((n) => n.is_read)).toEqual([true, false]);
  });

  it('does not trust a mark it did not sign, nor one for another member', async () => {
    const member = await makeUser(t);
    const other = await makeUser(t);
    await login(member, `${member.id}.${'A'.repeat(22)}`);
    const otherMark = (await login(other)).cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    await login(member, otherMark.replace(/^\d+/, String(member.id)));
    await login(member, 'garbage~~;');
    expect((await loginNotices(member)).map((n) => n.is_read)).toEqual([false, false, false]);
  });

  it('takes the language chosen on the device signed out before writing the notice in it', async () => {
    const member = await makeUser(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: TEST_PASSWORD, language: 'sw' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user.language).toBe('sw');
    const notices = (
      await t.app.inject({ method: 'GET', url: `/api/notifications/${member.id}`, headers: member.auth })
    ).json() as NotificationDto[];
    expect(notices.map((n) => n.message)).toEqual([
      expect.stringMatching(/^Umeingia kwenye akaunti yako kwa mafanikio: /),
    ]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: TEST_PASSWORD, language: 'fr' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('remembers at most five members per browser, the latest first', () => {
    const marks = createDeviceMarks('a-secret-of-at-least-thirty-two-characters');
    let cookie: string | undefined;
    for (let id = 1; id <= 7; id++) cookie = marks.remember(cookie, id);
    expect(cookie!.split('~').map((entry) => Number(entry.split('.')[0]))).toEqual([7, 6, 5, 4, 3]);
    expect(marks.knows(cookie, 3)).toBe(true);
    expect(marks.knows(cookie, 2)).toBe(false);
    expect(createDeviceMarks('another-secret-of-thirty-two-characters!').knows(cookie, 7)).toBe(false);
  });
});
