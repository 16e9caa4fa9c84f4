import { expect, test } from '@playwright/test';
import { followByApi, logInByApi, signIn, signUpMembers, watchLiveConnection } from './helpers';

// A live connection that drops loses whatever the server pushed meanwhile (nothing is replayed):
// when Socket.IO reconnects, the app fetches the member's notifications at once (docs/testing.md), so a
// notification made during the gap shows without a reload and without waiting for the next poll.

test('a notification made while the connection was down shows once it is back, without a reload', async ({
  page,
  context,
  request,
}, testInfo) => {
  const [member, other] = await signUpMembers(request, testInfo, 'Neema Chebet', 'Juma Mwangi');
  const otherToken = await logInByApi(request, other.username, other.password);

  const live = watchLiveConnection(page);
  let closedSockets = 0;
  page.on('websocket', (socket) => socket.on('close', () => (closedSockets += 1)));
  await signIn(page, member.username, member.password);
  await page.goto('/feed');
  await expect.poll(() => live.connected).toBe(true);
  // Marks this document: a reload would lose it.
  await page.evaluate('globalThis.beforeTheGap = true');

  // The phone loses its network: the browser says so, and Socket.IO drops its connection.
  const closedBefore = closedSockets;
  await context.setOffline(true);
  await expect.poll(() => closedSockets).toBeGreaterThan(closedBefore);
  live.connected = false;

  // Meanwhile another member follows them: the server pushes the notification to nobody.
  await followByApi(request, otherToken, member.username);
  const message = `${other.name} (@${other.username}) started following you`;

  // The network comes back; Socket.IO reconnects by itself (its back-off is a few seconds at most).
  await context.setOffline(false);
  await expect.poll(() => live.connected, { timeout: 20_000 }).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  expect(await page.evaluate('globalThis.beforeTheGap')).toBe(true);
});
