import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, logIn, seriousAxeViolations, snap } from './helpers';

// Sharing (docs/design.md#conversation-around-posts): a shared post or job opens a page whose HTML already carries the preview
// (Open Graph tags, read by WhatsApp without JavaScript); a visitor sees the post and a way to join;
// a member's Share offers WhatsApp and Copy link where the browser has no share sheet.

const ogTag = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

test('a shared post: the preview in the HTML, the post and Join for a visitor', async ({
  page,
}, testInfo) => {
  const [post] = (await (await page.request.get('/api/posts?limit=1')).json()) as {
    id: number;
    name: string;
    content: string;
  }[];
  const html = await (await page.request.get(`/p/${post!.id}`)).text();
  expect(ogTag(html, 'og:title')).toBe(`${post!.name} on Jamii`);
  expect(ogTag(html, 'og:url')).toMatch(new RegExp(`/p/${post!.id}$`));
  expect(ogTag(html, 'og:description')).toBeTruthy();

  await page.goto(`/p/${post!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Post by ${post!.name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join Jamii' })).toBeVisible();
  await snap(page, testInfo, 'shared-post-visitor');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Sign up free' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a shared job carries its title and company in the HTML', async ({ page }) => {
  const [job] = (await (await page.request.get('/api/jobs?limit=1')).json()) as {
    id: number;
    title: string;
    company: string;
  }[];
  const html = await (await page.request.get(`/explore/jobs/${job!.id}`)).text();
  const title = job!.company ? `${job!.title} at ${job!.company}` : job!.title;
  const escaped = title
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  expect(ogTag(html, 'og:title')).toBe(escaped);
  const missing = await page.request.get('/p/2147483647');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('og:title');
});

test('a member shares a post: WhatsApp and Copy link', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['clipboard-write']);
  await logIn(page, 'wanjiku_k', DEMO_PASSWORD);
  // The feed mixes posts, jobs and bids: the first post's card.
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /^Share Post by / }) })
    .first();
  await card.getByRole('button', { name: /^Share Post by / }).click();
  const whatsapp = card.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=.*%2Fp%2F\d+$/);
  await snap(page, testInfo, 'share-menu');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  // Pasted, as a person would check it: the page itself may not read the clipboard (its
  // Permissions-Policy turns clipboard-read off), a paste the member makes is theirs to make.
  const copied = await pasted(page);
  expect(copied).toMatch(/\/p\/\d+$/);

  await page.goto(new URL(copied).pathname);
  await expect(page.getByRole('heading', { level: 1, name: /^Post by / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join Jamii' })).toHaveCount(0);
});

/** What a paste (Ctrl+V) into a scratch field of the page gives. */
async function pasted(page: Page): Promise<string> {
  await page.evaluate(`{
    const field = document.createElement('textarea');
    field.id = 'paste-check';
    field.setAttribute('aria-label', 'Paste check');
    document.body.append(field);
  }`);
  const field = page.locator('#paste-check');
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).not.toHaveValue('');
  const value = await field.inputValue();
  await page.evaluate("document.getElementById('paste-check').remove()");
  return value;
}
