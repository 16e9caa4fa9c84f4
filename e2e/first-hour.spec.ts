import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import {
  apiAs,
  logInByApi,
  newMember,
  seriousAxeViolations,
  signIn,
  signUpByApi,
  snap,
  storedItem,
  uniqueTitle,
  type NewMember,
} from './helpers';

// A new member's first hour: every section has a way in at every width, and the walls a new
// member hits (double submits, account deletion, lost upload errors, blocked people's buttons, stale
// live screens) are gone.

const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

async function newSignedIn(page: Page, testInfo: TestInfo): Promise<NewMember> {
  const member = newMember(testInfo);
  await signUpByApi(page.request, member);
  await signIn(page, member.username, member.password);
  return member;
}

/** Sets the member's language through the API and reloads, so the screen is drawn in it. */
async function useLanguage(page: Page, language: 'en' | 'sw') {
  const token = await storedItem(page, TOKEN_STORAGE_KEY);
  const me = JSON.parse((await storedItem(page, 'user')) ?? '{}') as { id: number };
  const response = await page.request.put(`/api/users/${me.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { language },
  });
  expect(response.ok()).toBe(true);
}

const SECTIONS = [
  'Feed',
  'Jobs',
  'Bids',
  'Services',
  'Videos',
  'Shorts',
  'Quiz',
  'Discover',
  'Find People',
  'Messages',
  'Notifications',
  'Achievements',
  'Profile',
];

test('every section has a way in: a side panel on wide screens, Discover on phones', async ({
  page,
}, testInfo) => {
  await newSignedIn(page, testInfo);
  await page.goto('/feed');
  const sections = page.getByRole('navigation', { name: 'Sections' });

  if (isMobile(testInfo)) {
    // The phone keeps SPEC's bottom nav; Videos, Shorts and the Quiz are one tap from Discover.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(sections).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    const more = page.getByRole('navigation', { name: 'Watch and play' });
    await expect(more.getByRole('link', { name: 'Videos' })).toBeVisible();
    await expect(more.getByRole('link', { name: 'Quiz' })).toBeVisible();
    await snap(page, testInfo, 'first-hour-discover-entries');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await more.getByRole('link', { name: 'Shorts' }).click();
    await expect(page).toHaveURL(/\/shorts$/);
    await page.goBack();
    await page
      .getByRole('navigation', { name: 'Watch and play' })
      .getByRole('link', { name: 'Videos' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
    return;
  }

  for (const name of SECTIONS) await expect(sections.getByRole('link', { name, exact: true })).toBeVisible();
  const suggestions = page.getByRole('complementary', { name: 'Suggestions' });
  await expect(suggestions.getByRole('heading', { name: 'People to follow' })).toBeVisible();
  // The member lives in Nyeri: the jobs offered are Nyeri County's.
  await expect(suggestions.getByRole('heading', { name: 'Jobs in Nyeri' })).toBeVisible();
  await expect(suggestions.getByRole('link', { name: 'See all people' })).toBeVisible();
  await snap(page, testInfo, 'first-hour-side-panels');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await sections.getByRole('link', { name: 'Bids', exact: true }).click();
  await expect(page).toHaveURL(/\/bids$/);
  await expect(sections.getByRole('link', { name: 'Bids', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await sections.getByRole('link', { name: 'Videos', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await sections.getByRole('link', { name: 'Quiz', exact: true }).click();
  await expect(page).toHaveURL(/\/kaquiz$/);
});

test('the side panels speak Kiswahili', async ({ page }, testInfo) => {
  await newSignedIn(page, testInfo);
  await useLanguage(page, 'sw');
  await page.goto(isMobile(testInfo) ? '/explore' : '/feed');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  if (isMobile(testInfo)) {
    const more = page.getByRole('navigation', { name: 'Tazama na ucheze' });
    await expect(more.getByRole('link', { name: 'Chemsha bongo' })).toBeVisible();
    await snap(page, testInfo, 'first-hour-discover-entries-sw');
  } else {
    const sections = page.getByRole('navigation', { name: 'Sehemu' });
    await expect(sections.getByRole('link', { name: 'Zabuni', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Watu wa kufuata' })).toBeVisible();
    await snap(page, testInfo, 'first-hour-side-panels-sw');
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
});

/** Counts the requests the page sends with this method to a path matching `pattern`. */
function countRequests(page: Page, method: string, pattern: RegExp): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === method && pattern.test(new URL(request.url()).pathname)) seen.count += 1;
  });
  return seen;
}

const postCard = (page: Page, author: string, text: string): Locator =>
  page.getByRole('article', { name: `Post by ${author}` }).filter({ hasText: text });

test('a double-click on Post comment posts it once', async ({ page }, testInfo) => {
  const member = await newSignedIn(page, testInfo);
  const text = uniqueTitle(testInfo, 'Mvua imenyesha Nyeri leo');
  const token = await logInByApi(page.request, member.username, member.password);
  await apiAs(page.request, token, 'post', '/api/posts', { multipart: { content: text } });
  const sent = countRequests(page, 'POST', /^\/api\/posts\/\d+\/comments$/);

  await page.goto('/feed?feed=all');
  const card = postCard(page, member.name, text);
  await card.getByRole('button', { name: '0 comments' }).click();
  const thread = card.getByRole('region', { name: `Comments on the post by ${member.name}` });
  await thread.getByRole('textbox', { name: 'Write a comment' }).fill('Karibu sana!');
  await thread.getByRole('button', { name: 'Post comment' }).dblclick();

  await expect(thread.getByRole('article', { name: `Comment by ${member.name}` })).toHaveCount(1);
  await expect(card.getByRole('button', { name: '1 comment' })).toBeVisible();
  await expect(thread.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
  // What the server kept, after a reload: one comment.
  await page.reload();
  const again = postCard(page, member.name, text);
  await expect(again.getByRole('button', { name: '1 comment' })).toBeVisible();
  expect(sent.count).toBe(1);
});

test('a double-click on Post Job posts one job', async ({ page }, testInfo) => {
  await newSignedIn(page, testInfo);
  const title = uniqueTitle(testInfo, 'Fundi wa umeme');
  const sent = countRequests(page, 'POST', /^\/api\/jobs$/);
  await page.goto('/create?tab=job');
  await page.getByLabel('Job title').fill(title);
  await page.getByLabel('Location (optional)').fill('Nyeri');
  await page.getByRole('button', { name: 'Post Job' }).dblclick();
  await expect(page.getByText('Job posted')).toBeVisible();

  await page.goto('/jobs');
  await page.getByPlaceholder('Search jobs or companies...').fill(title);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(1);
  expect(sent.count).toBe(1);
});

test('deleting the account ends on the login page with that one message, and no failed call', async ({
  page,
}, testInfo) => {
  const member = newMember(testInfo);
  await signUpByApi(page.request, member);
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`);
  });
  // Logged in through the form, as a member does: the login's own notification is toasted on the feed.
  await page.goto('/login');
  await page.getByLabel('User name').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(/^Account Logged In successfully/)).toBeVisible();

  await page.goto('/profile/me?tab=settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure? This cannot be undone.' });
  await dialog.getByRole('button', { name: 'Delete Account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByText(/Logged In successfully/)).toHaveCount(0);
  await snap(page, testInfo, 'first-hour-account-deleted');
  // The logout that follows the deletion was answered (204), not refused with a 500.
  expect(failures).toEqual([]);
});

test('after blocking someone their profile offers Unblock, not Follow or Message', async ({
  page,
}, testInfo) => {
  const other = newMember(testInfo);
  await signUpByApi(page.request, other);
  await newSignedIn(page, testInfo);
  await page.goto(`/user/${other.username}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: /^Follow/ })).toBeVisible();
  await main.getByRole('button', { name: 'Block', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();

  await expect(main.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^Message/ })).toHaveCount(0);
  await snap(page, testInfo, 'first-hour-blocked-profile');
  await page.reload();
  await expect(main.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Follow/ })).toHaveCount(0);

  await main.getByRole('button', { name: 'Unblock' }).click();
  await expect(main.getByRole('button', { name: /^Follow/ })).toBeVisible();
});
