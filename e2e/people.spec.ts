import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { SEARCH_DEBOUNCE_MS } from '@jamii/shared';
import {
  followByApi,
  logIn,
  logInByApi,
  newMember,
  type NewMember,
  signIn,
  signUpByApi,
  snap,
  snapPart,
} from './helpers';

// Find People, Discover and notifications (the specified screens; docs/design.md#principles: Follow works, Undo unfollows, the
// search is sent to the server; docs/design.md#behaviour-the-specification-leaves-open: notifications are pushed live as well as polled).

const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** The bell: the top bar's button on wide screens, the bottom nav's Alerts link on small ones. */
function bell(page: Page, testInfo: TestInfo): Locator {
  return isMobile(testInfo)
    ? page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Alerts/ })
    : page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

const peopleSection = (page: Page) => page.getByRole('region', { name: 'People to Connect' });

/** The row of the person with this @handle (rows move when a list refreshes; a handle does not). */
function personRow(within: Page | Locator, handle: string): Locator {
  const page = 'page' in within ? within.page() : within;
  return within.getByTestId('person-row').filter({ has: page.getByText(handle, { exact: true }) });
}

async function signUpAndLogIn(page: Page, testInfo: TestInfo): Promise<NewMember> {
  const member = newMember(testInfo);
  await signUpByApi(page.request, member);
  await logIn(page, member.username, member.password);
  return member;
}

test('follows someone from Find People and sees them in the following list', async ({ page }, testInfo) => {
  await signUpAndLogIn(page, testInfo);

  await page.goto('/explore/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Find People' })).toBeVisible();
  const firstRow = page.getByTestId('person-row').first();
  await expect(firstRow.getByText(/^@/).first()).toBeVisible();
  const handle = (await firstRow.getByText(/^@/).first().textContent())!.trim();
  // The person by their handle from here on, wherever the list places them.
  const row = personRow(page, handle);
  await snap(page, testInfo, 'find-people');

  await row.getByRole('button', { name: /^Follow/ }).click();

  await expect(page.getByRole('status').filter({ hasText: 'You followed this item' })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Following/ })).toBeVisible();

  // The follow is real: the own profile counts it and lists the person under Following.
  await page.goto('/profile/me');
  await expect(page.getByRole('link', { name: '1 Following' })).toBeVisible();
  await page.getByRole('link', { name: '1 Following' }).click();
  await expect(page).toHaveURL(/tab=following/);
  await expect(personRow(page, handle)).toBeVisible();
  await snap(page, testInfo, 'profile-following');
});

test('follows from Discover, and Undo in the toast unfollows', async ({ page }, testInfo) => {
  await signUpAndLogIn(page, testInfo);

  await page.goto('/explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search Discover' })).toHaveAttribute(
    'placeholder',
    'Search people, jobs, topics...',
  );
  const firstRow = peopleSection(page).getByTestId('person-row').first();
  await expect(firstRow.getByText(/^@/).first()).toBeVisible();
  const handle = (await firstRow.getByText(/^@/).first().textContent())!.trim();
  expect(handle).toMatch(/^@[^@]/);
  const row = personRow(peopleSection(page), handle);
  await snap(page, testInfo, 'discover');

  const unfollowed = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().endsWith('/follow'),
  );
  await row.getByRole('button', { name: /^Follow/ }).click();
  const toast = page.getByRole('status').filter({ hasText: 'You followed this item' });
  await expect(toast).toBeVisible();
  await expect(row.getByRole('button', { name: /^Following/ })).toBeVisible();

  await toast.getByRole('button', { name: 'Undo' }).click();
  expect((await unfollowed).status()).toBe(200);
  await expect(row.getByRole('button', { name: /^Follow\b(?!ing)/ })).toBeVisible();

  // Not followed any more: after a reload the person is still suggested (the server leaves out
  // people one follows).
  await page.reload();
  await expect(peopleSection(page).getByText(handle, { exact: true })).toBeVisible();
});

/** Resolves once the tasks the page queued before it (React's scheduler uses the same queue) ran. */
function afterQueuedTasks(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.addEventListener('message', () => resolve());
    channel.port1.start();
    channel.port2.postMessage(null);
  });
}

test('Discover searches on the server once typing stops, and keeps the search in the URL', async ({
  page,
}, testInfo) => {
  await signUpAndLogIn(page, testInfo);
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/users/suggestions' && url.searchParams.has('search')) {
      searches.push(url.searchParams.get('search')!);
    }
  });

  // The page's clock is ours: a busy machine may leave more than the debounce between two keys,
  // which a person would not, so time stands still while the keys come.
  await page.clock.install();
  await page.goto('/explore');
  await expect(peopleSection(page).getByTestId('person-row').first()).toBeVisible();
  // A few seconds ahead, so the page's clock has not passed it by the time the call lands.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  await page.getByRole('searchbox', { name: 'Search Discover' }).pressSequentially('Otieno', { delay: 80 });
  await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
  // A millisecond early, and the page's own work done (its tasks queue behind these): no search yet.
  await page.evaluate(afterQueuedTasks);
  await page.evaluate(afterQueuedTasks);
  expect(new URL(page.url()).searchParams.has('search')).toBe(false);
  expect(searches).toEqual([]);
  await page.clock.runFor(1);
  await page.clock.resume();

  await expect(page).toHaveURL(/[?&]search=Otieno/);
  const rows = peopleSection(page).getByTestId('person-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Brian Otieno');
  await expect(rows.first()).toContainText('@otieno_dev');
  // One search request for the whole word: nothing was sent while the keys kept coming.
  expect(searches).toEqual(['Otieno']);

  // The top bar's search form (wide screens) and a shared link land on the same search.
  await page.goto('/explore?search=Amina');
  await expect(page.getByRole('searchbox', { name: 'Search Discover' })).toHaveValue('Amina');
  // Other specs' members may share the name; the seeded Amina is found by her handle.
  await expect(personRow(peopleSection(page), '@amina_hassan')).toBeVisible();
});

test('a follow shows up live: a toast and the bell count, without a reload', async ({
  page,
  browser,
}, testInfo) => {
  const member = await signUpAndLogIn(page, testInfo);
  await page.goto('/explore/users');
  const badge = bell(page, testInfo).getByTestId('unread-badge');
  // The login notification is toasted, then marked read once its toast has had its time.
  await expect(page.getByText(/^Account Logged In successfully at/)).toBeVisible();
  await expect(badge).toHaveCount(0, { timeout: 15_000 });

  // Another member, in another browser, follows the first from their profile page.
  const other = newMember(testInfo);
  await signUpByApi(page.request, other);
  const otherContext = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, other.username, other.password);
    await otherPage.goto(`/user/${member.username}`);
    // The profile's own button: on wide screens the suggestions beside it offer Follow too.
    const profile = otherPage.locator('#main');
    await profile.getByRole('button', { name: `Follow ${member.name}` }).click();
    await expect(profile.getByRole('button', { name: /^Following/ })).toBeVisible();
  } finally {
    await otherContext.close();
  }

  const message = `${other.name} (@${other.username}) started following you`;
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  await expect(badge).toHaveText('1');

  if (isMobile(testInfo)) {
    await bell(page, testInfo).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByTestId('notification').filter({ hasText: message })).toBeVisible();
  } else {
    await bell(page, testInfo).click();
    const dropdown = page.getByRole('region', { name: 'Notifications' });
    await expect(dropdown.getByTestId('notification').filter({ hasText: message })).toBeVisible();
    await expect(dropdown.getByRole('link', { name: 'See all notifications' })).toBeVisible();
  }
  await snapPart(page, testInfo, 'bell-open');

  // Shown, then marked read: the count goes back down by itself.
  await expect(badge).toHaveCount(0, { timeout: 15_000 });
});

test('marks a notification read and deletes another on Your Notifications', async ({ page }, testInfo) => {
  const member = newMember(testInfo);
  await signUpByApi(page.request, member);
  // Two members follow the new one while they are away: two unread notifications wait.
  for (const follower of [newMember(testInfo), newMember(testInfo)]) {
    await signUpByApi(page.request, follower);
    const token = await logInByApi(page.request, follower.username, follower.password);
    await followByApi(page.request, token, member.username);
  }
  await signIn(page, member.username, member.password);

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Notifications' })).toBeVisible();
  const follows = page.getByTestId('notification').filter({ hasText: 'started following you' });
  await expect(follows).toHaveCount(2);
  await expect(follows.nth(0)).toHaveAttribute('data-unread', 'true');
  await expect(follows.nth(1)).toHaveAttribute('data-unread', 'true');
  await snap(page, testInfo, 'notifications');

  const first = follows.nth(0);
  await expect(follows.nth(1).locator('p').first()).toContainText('started following you');
  const firstText = (await first.locator('p').first().textContent())!.replace(/^Unread: /, '');
  const secondText = (await follows.nth(1).locator('p').first().textContent())!.replace(/^Unread: /, '');
  await first.getByRole('button', { name: 'Mark as read' }).click();
  const firstAfter = page.getByTestId('notification').filter({ hasText: firstText });
  await expect(firstAfter).toHaveAttribute('data-unread', 'false');
  await expect(firstAfter.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  await page
    .getByTestId('notification')
    .filter({ hasText: secondText })
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(page.getByTestId('notification').filter({ hasText: secondText })).toHaveCount(0);

  // Both changes were saved.
  await page.reload();
  await expect(page.getByTestId('notification').filter({ hasText: firstText })).toHaveAttribute(
    'data-unread',
    'false',
  );
  await expect(page.getByTestId('notification').filter({ hasText: secondText })).toHaveCount(0);
});
