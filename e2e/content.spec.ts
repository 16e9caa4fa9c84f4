import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  apiAs,
  DEMO_PASSWORD,
  expectPictureLoaded,
  logIn,
  logInByApi,
  makePng,
  signIn,
  snap,
  uniqueTitle,
  watchLiveConnection,
} from './helpers';

/** A second signed-in person in the same test: a browser context of its own, at this project's size. */
async function openAs(browser: Browser, testInfo: TestInfo, username: string): Promise<Page> {
  const { baseURL, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await logIn(page, username, DEMO_PASSWORD);
  return page;
}

/** The page does not scroll sideways (wide content scrolls inside its own box). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('posts', () => {
  test('composes a post with a picture: progress bar, Post created, then the post in the feed', async ({
    page,
  }, testInfo) => {
    const text = uniqueTitle(testInfo, 'Soko la Gikomba leo #Nairobi');
    await signIn(page, 'wanjiku_k', DEMO_PASSWORD);
    await page.goto('/feed?type=post');

    const composer = page.getByRole('form', { name: 'New post' });
    const textBox = composer.getByPlaceholder("What's on your mind?");
    await expect(textBox).toBeFocused();
    const postButton = composer.getByRole('button', { name: 'Post', exact: true });
    await expect(postButton).toBeDisabled();

    await textBox.fill(text);
    await composer.getByLabel('Add a picture').setInputFiles({
      name: 'soko.png',
      mimeType: 'image/png',
      buffer: makePng(900, 700),
    });
    await expect(composer.getByRole('img', { name: 'The picture to post' })).toBeVisible();
    await postButton.click();

    await expect(composer.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(page.getByText('Post created')).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card).toBeVisible();
    const picture = card.getByRole('img', { name: 'Picture shared by Wanjiku Kamau' });
    await expect(picture).toHaveAttribute('src', /\/media\//);
    await expect(picture).toHaveAttribute('loading', 'lazy');
    await expectPictureLoaded(picture);

    // the specified states Composer: 1.2 s after success the text, picture and progress reset.
    await expect(textBox).toHaveValue('');
    await expect(composer.getByRole('progressbar')).toBeHidden();
    await expect(composer.getByRole('img', { name: 'The picture to post' })).toBeHidden();
    await snap(page, testInfo, 'feed');
  });

  test('a like on one browser shows on another without reloading', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const text = uniqueTitle(testInfo, 'Nani ameona mvua ya leo?');
    const token = await logInByApi(request, '@wanjiku_k', DEMO_PASSWORD);
    await apiAs(request, token, 'post', '/api/posts', { multipart: { content: text } });

    await logIn(page, 'otieno_dev', DEMO_PASSWORD);
    const watcher = await openAs(browser, testInfo, 'akinyi_a');
    const live = watchLiveConnection(watcher);
    await watcher.goto('/feed');
    // The like is sent live once: the watcher's connection must be accepted before it happens.
    await expect.poll(() => live.connected, { message: "the watcher's live connection" }).toBe(true);
    await page.goto('/feed');

    const mine = page.getByRole('article').filter({ hasText: text });
    const theirs = watcher.getByRole('article').filter({ hasText: text });
    await expect(theirs).toContainText('0 likes');

    await mine.getByRole('button', { name: 'Like' }).click();

    await expect(mine.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    await expect(mine).toContainText('1 like');
    await expect(theirs).toContainText('1 like');
    await watcher.context().close();
  });

  test('Quick Create opens the post composer through /feed?type=post', async ({ page }, testInfo) => {
    await logIn(page, 'njeri_m', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/feed$/);
    if (testInfo.project.name === 'mobile') {
      // Small screens show a prompt instead of the form until Quick Create asks for one.
      await expect(page.getByRole('link', { name: "What's on your mind?" })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Posts, jobs and bids' }).getByRole('article').first(),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Create' })).toBeHidden();
      await expect(page.getByRole('tab', { name: 'Post' })).toBeHidden();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create' }).click();
      await page.getByRole('dialog', { name: 'Quick Create' }).getByRole('link', { name: /^Post/ }).click();
      await expect(page).toHaveURL(/\/feed\?type=post$/);
      await expect(page.getByRole('dialog', { name: 'Quick Create' })).toBeHidden();
      const panel = page.getByRole('region', { name: 'Create' });
      await expect(panel.getByRole('heading', { name: 'Quick Create' })).toBeVisible();
      await expect(panel.getByPlaceholder("What's on your mind?")).toBeFocused();
      await snap(page, testInfo, 'feed-quick-create');
      // Back leaves Quick Create: the prompt returns and the form goes.
      await page.goBack();
      await expect(page).toHaveURL(/\/feed$/);
      await expect(page.getByRole('link', { name: "What's on your mind?" })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Create' })).toBeHidden();
    } else {
      // Wide screens show the create form on the feed itself.
      await expect(page.getByPlaceholder("What's on your mind?")).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Job' })).toBeVisible();
    }
  });
});

test.describe('jobs', () => {
  test('a member posts a job, another applies once, the poster sees the applicant', async ({
    page,
    browser,
  }, testInfo) => {
    const title = uniqueTitle(testInfo, 'Mhasibu wa Sacco');
    await signIn(page, 'otieno_dev', DEMO_PASSWORD);
    await page.goto('/create?tab=job');
    await page.getByLabel('Job title').fill(title);
    await page.getByLabel('Company (optional)').fill('Kisumu Traders Sacco');
    await page.getByLabel('Location (optional)').fill('Kisumu');
    await page.getByLabel('Type (optional)').fill('Contract');
    await page.getByLabel('Description (optional)').fill('Keep the books of a savings group of 300 members.');
    await page.getByRole('button', { name: 'Post Job' }).click();
    await expect(page.getByText('Job posted')).toBeVisible();

    const applicant = await openAs(browser, testInfo, 'akinyi_a');
    await applicant.goto('/jobs');
    await applicant.getByPlaceholder('Search jobs or companies...').fill(title);
    const card = applicant.getByRole('article', { name: title });
    await expect(card).toContainText('Kisumu Traders Sacco · Kisumu · Contract');
    await expect(card).toContainText('Posted by Brian Otieno');
    await card.getByRole('button', { name: 'Apply' }).click();
    await expect(card.getByRole('button', { name: 'Applied' })).toBeDisabled();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('button', { name: 'Saved' })).toBeVisible();
    await snap(applicant, testInfo, 'jobs-feed');
    await applicant.reload();
    await applicant.getByPlaceholder('Search jobs or companies...').fill(title);
    await expect(
      applicant.getByRole('article', { name: title }).getByRole('button', { name: 'Applied' }),
    ).toBeDisabled();
    await applicant.goto('/profile/me?tab=saved');
    await expect(applicant.getByRole('article', { name: title })).toBeVisible();
    await applicant.context().close();

    await page.goto(`/jobs?search=${encodeURIComponent(title)}`);
    // The search's own result: on wide screens "Jobs near me" beside it may show the new job too.
    await page.locator('#main').getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/explore\/jobs\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Applicants (1)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Faith Akinyi' })).toBeVisible();
    await snap(page, testInfo, 'job-details');
  });

  test('a visitor sees the Jobs Feed, and Apply takes them to log in and back', async ({
    page,
  }, testInfo) => {
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByLabel('Type')).toBeVisible();
    await expect(page.getByLabel('Location')).toBeVisible();
    await expect(page.getByLabel('Company')).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await snap(page, testInfo, 'jobs-feed-visitor');

    await page.getByPlaceholder('Search jobs or companies...').fill('zzz no such job zzz');
    await expect(page.getByText('No jobs found')).toBeVisible();
    await page.getByPlaceholder('Search jobs or companies...').fill('');
    await page.getByRole('article').first().getByRole('button', { name: 'Apply' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('User name').fill('kariuki_p');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
  });
});

test.describe('bids', () => {
  test('a member posts a bid, another offers, the owner accepts and the bid closes', async ({
    page,
    browser,
  }, testInfo) => {
    const title = uniqueTitle(testInfo, 'Paka rangi nyumba ya vyumba viwili');
    await signIn(page, 'otieno_dev', DEMO_PASSWORD);
    await page.goto('/bids');
    await page.getByLabel('Job title').fill(title);
    await page.getByLabel('Max price').fill('500');
    await page.getByLabel('Description (optional)').fill('Kilimani: walls and ceilings, paint provided.');
    await page.getByRole('button', { name: 'Post Bid' }).click();
    await expect(page.getByText('Bid posted')).toBeVisible();
    const ownCard = page.getByRole('article', { name: title });
    await expect(ownCard).toContainText('Open');
    await expect(ownCard.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);

    const bidder = await openAs(browser, testInfo, 'akinyi_a');
    await bidder.goto('/bids');
    const card = bidder.getByRole('article', { name: title });
    await expect(card).toContainText('Client: Brian Otieno');
    await expect(card).toContainText('Max Price:KSh 500');
    await card.getByRole('button', { name: 'Place Bid' }).click();
    await card.getByLabel('Your price (KSh)').fill('420');
    await card.getByLabel('Message').fill('Nitamaliza kwa siku tatu.');
    await card.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(bidder.getByText('Bid Submitted')).toBeVisible();
    await expect(card).toContainText('Faith Akinyi');
    await expect(card).toContainText('KSh 420');
    await expect(card).toContainText('Pending');
    await expect(card.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);
    await snap(bidder, testInfo, 'bids');
    await bidder.context().close();

    await page.reload();
    await ownCard.getByRole('button', { name: 'Accept Offer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accept Offer' }).click();
    await expect(page.getByText('Offer accepted')).toBeVisible();
    await expect(ownCard).toContainText('Closed');
    await expect(ownCard).toContainText('Accepted');
    await expect(ownCard.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);
  });
});

test.describe('Manage Jobs', () => {
  test('the admin deletes a job', async ({ page, request }, testInfo) => {
    const title = uniqueTitle(testInfo, 'Dereva wa lori');
    const token = await logInByApi(request, '@kiprop_j', DEMO_PASSWORD);
    await apiAs(request, token, 'post', '/api/jobs', {
      title,
      company: 'Eldoret Haulage',
      location: 'Eldoret',
    });

    await signIn(page, 'msimamizi', DEMO_PASSWORD);
    await page.goto('/admin/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Jobs' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Eldoret Haulage');
    await expectNoSidewaysScroll(page);
    await snap(page, testInfo, 'admin');

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this job?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await expect(page.getByText('Job deleted successfully.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('Job deleted successfully.')).toBeHidden({ timeout: 4000 });
  });

  test('a member gets Not allowed', async ({ page }) => {
    await signIn(page, 'chebet_l', DEMO_PASSWORD);
    await page.goto('/admin/jobs');

    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
