import { expect, test, type Page } from '@playwright/test';
import { signIn, signUpMembers } from './helpers';

// The service worker's Web Push handlers in Chromium (docs/features/notifications.md): a push the
// server would send, delivered through DevTools' ServiceWorker.deliverPushMessage as a push service
// delivers it, is shown as a notification with its body; a tap on it opens its link in the open
// Jamii window. The sending side (VAPID, encryption, the push service) is tested against a real
// push service in apps/server/src/features/push/push.test.ts.

test.use({ serviceWorkers: 'allow' });

interface ShownNotification {
  title: string;
  body: string;
  link: string;
}

async function waitForServiceWorker(page: Page): Promise<void> {
  // Strings: the e2e project compiles without the DOM library.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
}

const shown = (page: Page) =>
  page.evaluate(
    `navigator.serviceWorker.ready
      .then((r) => r.getNotifications())
      .then((list) => list.map((n) => ({ title: n.title, body: n.body, link: n.data && n.data.link })))`,
  ) as Promise<ShownNotification[]>;

test('a push is shown as a notification, and tapping it opens its link', async ({
  page,
  context,
}, testInfo) => {
  const [amina] = await signUpMembers(page.request, testInfo, 'Amina Push');
  await context.grantPermissions(['notifications']);
  await signIn(page, amina.username, amina.password);
  await page.goto('/feed');
  await waitForServiceWorker(page);

  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      const ours = list.find((r: { scopeURL: string; isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({
      title: 'Jamii',
      body: 'Your offer on Paint a duka sign was accepted',
      link: '/notifications',
      tag: 'n:1:1',
    }),
  });
  await expect
    .poll(() => shown(page))
    .toEqual([
      { title: 'Jamii', body: 'Your offer on Paint a duka sign was accepted', link: '/notifications' },
    ]);

  // A link to another site is never followed: a tap opens Jamii's notifications instead.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({ title: 'Jamii', body: 'Elsewhere', link: 'https://example.com/x', tag: 'n:2:2' }),
  });
  await expect.poll(async () => (await shown(page)).map((n) => n.body)).toContain('Elsewhere');

  // A tap: the worker's own notificationclick handler, given the notification the push showed.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  const tap = (body: string) =>
    worker!.evaluate(`self.registration.getNotifications().then((list) => {
      const n = list.find((x) => x.body === ${JSON.stringify(body)});
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
    })`);
  await tap('Your offer on Paint a duka sign was accepted');
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  // Closed by the tap.
  await expect.poll(async () => (await shown(page)).map((n) => n.body)).toEqual(['Elsewhere']);

  await page.goto('/feed');
  await waitForServiceWorker(page);
  await tap('Elsewhere');
  await expect(page).toHaveURL(`${origin}/notifications`);
  await expect.poll(() => shown(page)).toEqual([]);
});
