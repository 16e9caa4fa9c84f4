import { expect, test } from '@playwright/test';
import {
  apiAs,
  logInByApi,
  newMember,
  seriousAxeViolations,
  signIn,
  signUpByApi,
  snap,
  uniqueTitle,
} from './helpers';

// Who sees what (docs/design.md#trust-and-safety): a post the scam shield held stays on its author's profile with the
// label "Held for review: only you can see it", and is gone for another member; axe at 375 and 1280 px.

test('the author sees the held label on a post the shield held; another member does not see it', async ({
  page,
  browser,
}, testInfo) => {
  const author = newMember(testInfo);
  const other = newMember(testInfo);
  for (const m of [author, other]) await signUpByApi(page.request, m);
  const text = uniqueTitle(
    testInfo,
    'Kazi Dubai! Pay registration fee KSh 3000 to M-Pesa till 567890 before the interview, WhatsApp only 0712345678',
  );
  const authorToken = await logInByApi(page.request, author.username, author.password);
  const post = await apiAs<{ id: number; user_id: number; moderation: string }>(
    page.request,
    authorToken,
    'post',
    '/api/posts',
    {
      multipart: { content: text },
    },
  );
  expect(post.moderation).toBe('held');

  await signIn(page, author.username, author.password);
  await page.goto(`/profile/${post.user_id}`);
  await page.getByRole('tab', { name: 'Posts' }).click();
  // The card links the number (to call, and a WhatsApp link beside it), so it is found by the words
  // before the number.
  const card = page.getByRole('article').filter({ hasText: text.split(' 0712345678')[0]! });
  await expect(card.getByRole('status')).toContainText('Held for review: only you can see it');
  await snap(page, testInfo, 'held-label');
  expect(await seriousAxeViolations(page)).toEqual([]);

  const otherPage = await browser.newPage({ viewport: page.viewportSize() });
  await signIn(otherPage, other.username, other.password);
  await otherPage.goto(`/profile/${post.user_id}`);
  await expect(otherPage.getByRole('heading', { level: 1, name: author.name })).toBeVisible();
  await expect(otherPage.getByRole('tabpanel', { name: 'Posts' })).toBeVisible();
  await expect(otherPage.getByText(text)).toHaveCount(0);
  await otherPage.close();
});
