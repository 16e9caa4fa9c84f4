import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, logInByApi, seriousAxeViolations, signIn, signUpMembers, snap, uniqueTitle } from './helpers';

// An installable app that survives a dropped connection (docs/features/kiswahili.md): a manifest with icons, a service
// worker that opens the app from its cache with "You are offline", and a post made offline that is
// kept on the phone and reaches the server exactly once when the connection returns.

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  lang: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose?: string }[];
}

// The rest of the suite blocks service workers (playwright.config.ts); these tests are about one.
test.use({ serviceWorkers: 'allow' });

/** The posts of a member with this text, as the server has them. */
async function postsWithText(request: APIRequestContext, token: string, text: string): Promise<number> {
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const me = (await (await request.get('/api/me', { headers })).json()) as { id: number };
  const response = await request.get(`/api/posts/user/${me.id}?limit=50`, { headers });
  expect(response.ok()).toBe(true);
  const posts = (await response.json()) as { content: string }[];
  return posts.filter((post) => post.content === text).length;
}

/** Waits until the service worker is active and controls the page, as on a member's second visit. */
async function waitForServiceWorker(page: Page): Promise<void> {
  // Strings: the e2e project compiles without the DOM library.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
}

test('the manifest names the app with its icons, and the service worker is served from the site', async ({
  request,
}) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.ok()).toBe(true);
  const manifest = (await answer.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Jamii',
    start_url: '/feed',
    display: 'standalone',
    lang: 'en',
    theme_color: '#046a2f',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/sw.js');
  expect(worker.ok()).toBe(true);
  // A new build reaches members at their next visit.
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const code = await worker.text();
  expect(code).toContain('precacheAndRoute');
  // Workbox is part of the build: nothing is loaded from another site.
  expect(code).not.toMatch(/importScripts\(\s*["']https?:/);
  expect(code).not.toContain('googleapis');
});

test('offline: the app opens from the cache and a post made offline reaches the server exactly once', async ({
  page,
  context,
  request,
}, testInfo) => {
  const [member] = await signUpMembers(request, testInfo, 'Wanjiru Kamau');
  const token = await logInByApi(request, member.username, member.password);
  const seen = uniqueTitle(testInfo, 'Soko la Gikomba limefunguliwa mapema leo');
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
  expect((await request.post('/api/posts', { headers, multipart: { content: seen } })).ok()).toBe(true);

  await signIn(page, member.username, member.password);
  await page.goto('/feed?feed=all');
  await expect(page.getByText(seen)).toBeVisible();
  await waitForServiceWorker(page);
  // The visit a member makes while the app is installed keeps the feed for later.
  await page.reload();
  await expect(page.getByText(seen)).toBeVisible();

  // The connection drops: the app still opens, from the phone, and says it is offline.
  await context.setOffline(true);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toBeVisible();
  await expect(page.getByText(seen)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A post written offline is kept on the phone, with a clear word about it.
  const text = uniqueTitle(testInfo, 'Nimeandika hii bila mtandao, itafika baadaye');
  await page.goto('/feed?feed=all&type=post');
  const composer = page.getByRole('form', { name: 'New post' });
  await composer.getByRole('textbox').fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Saved on your phone; it will be sent when you are back online')).toBeVisible();
  const waiting = page.getByRole('region', { name: '1 waiting to be sent' });
  await expect(waiting).toContainText(text);
  await expect(waiting).toContainText('Waiting to send');
  await snap(page, testInfo, 'offline-post-kept');
  expect(await postsWithText(request, token, text)).toBe(0);

  // Kept on the device: a reload while still offline does not lose it.
  await page.reload();
  await expect(page.getByRole('region', { name: '1 waiting to be sent' })).toContainText(text);

  // The connection returns: it is sent, the member is told, and it shows in the feed.
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /waiting to be sent/ })).toHaveCount(0);
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(1);

  // Exactly once, even after another start of the app and another return of the connection.
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(1);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByRole('article').filter({ hasText: seen })).toBeVisible();
  expect(await postsWithText(request, token, text)).toBe(1);
});

test('a list that cannot load offline offers a retry, which works once the connection is back', async ({
  page,
  context,
  request,
}, testInfo) => {
  const [member] = await signUpMembers(request, testInfo, 'Ochieng Korir');
  await logIn(page, member.username, member.password);
  await waitForServiceWorker(page);

  // Never opened before, so nothing of it is on the phone.
  await context.setOffline(true);
  await page.goto('/services');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  const retry = page.getByRole('button', { name: 'Try again' }).first();
  await expect(retry).toBeVisible();
  await snap(page, testInfo, 'offline-retry');

  await context.setOffline(false);
  await retry.click();
  await expect(page.getByRole('heading', { name: 'Services Offered', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});
