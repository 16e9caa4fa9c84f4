import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiAs,
  followByApi,
  logInByApi,
  seriousAxeViolations,
  signIn,
  signUpMembers,
  snap,
  uniqueTitle,
} from './helpers';

// Comments on posts and the following feed (docs/design.md#conversation-around-posts, docs/features/notifications.md): a comment reaches the post's
// owner live, replies nest one level, an author deletes their own, and Following shows only the
// people one follows.

/** The card of one post in the feed. */
const postCard = (page: Page, author: string, text: string): Locator =>
  page.getByRole('article', { name: `Post by ${author}` }).filter({ hasText: text });

/** Opens the card's comments and waits until others' new comments arrive live. */
async function openComments(card: Locator, author: string): Promise<Locator> {
  await card.getByRole('button', { name: /\d+ comments?$/ }).click();
  const thread = card.getByRole('region', { name: `Comments on the post by ${author}` });
  await expect(thread).toHaveAttribute('data-live', 'true');
  return thread;
}

test('a comment arrives live, the owner replies, the commenter deletes theirs, and the counts follow', async ({
  page,
  browser,
}, testInfo) => {
  const [owner, commenter] = await signUpMembers(page.request, testInfo, 'Kamaliza Wekesa', 'Mwikali Nduta');
  const text = uniqueTitle(testInfo, 'Nani anajua fundi wa solar Nyeri?');
  const token = await logInByApi(page.request, owner.username, owner.password);
  await apiAs(page.request, token, 'post', '/api/posts', { multipart: { content: text } });

  // The owner has the post's comments open.
  await signIn(page, owner.username, owner.password);
  await page.goto('/feed?feed=all');
  const ownersCard = postCard(page, owner.name, text);
  await expect(ownersCard.getByRole('button', { name: '0 comments' })).toBeVisible();
  const ownersThread = await openComments(ownersCard, owner.name);
  await expect(ownersThread.getByText('No comments yet')).toBeVisible();

  const commenterContext = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const other = await commenterContext.newPage();
    await signIn(other, commenter.username, commenter.password);
    await other.goto('/feed?feed=all');
    const card = postCard(other, owner.name, text);
    const thread = await openComments(card, owner.name);
    await thread.getByRole('textbox', { name: 'Write a comment' }).fill('Ndiyo! Jirani yangu anaweka solar.');
    await expect(thread.getByText('34/1000')).toBeVisible();
    await thread.getByRole('button', { name: 'Post comment' }).click();
    const mine = thread.getByRole('article', { name: `Comment by ${commenter.name}` });
    await expect(mine).toContainText('Ndiyo! Jirani yangu anaweka solar.');
    await expect(card.getByRole('button', { name: '1 comment' })).toBeVisible();

    // It reaches the owner without a reload.
    const arrived = ownersThread.getByRole('article', { name: `Comment by ${commenter.name}` });
    await expect(arrived).toContainText('Ndiyo! Jirani yangu anaweka solar.');
    await expect(ownersCard.getByRole('button', { name: '1 comment' })).toBeVisible();

    // The owner replies under it; the reply reaches the commenter live, nested.
    await arrived.getByRole('button', { name: 'Reply', exact: true }).click();
    await ownersThread
      .getByRole('textbox', { name: `Write a reply to ${commenter.name}` })
      .fill('Asante, nitampigia simu.');
    await ownersThread.getByRole('button', { name: 'Send reply' }).click();
    await expect(ownersCard.getByRole('button', { name: '2 comments' })).toBeVisible();
    const replies = thread.getByRole('list', { name: `Replies to ${commenter.name}` });
    await expect(replies.getByRole('article', { name: `Comment by ${owner.name}` })).toContainText(
      'Asante, nitampigia simu.',
    );
    await expect(card.getByRole('button', { name: '2 comments' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, testInfo, 'comments-owner');
    expect(await seriousAxeViolations(other)).toEqual([]);
    await snap(other, testInfo, 'comments-commenter');

    // The commenter deletes their comment; its reply goes with it.
    await mine.getByRole('button', { name: 'Delete comment' }).first().click();
    const dialog = other.getByRole('dialog');
    await expect(dialog).toContainText('Delete this comment?');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(other.getByText('Comment deleted')).toBeVisible();
    await expect(thread.getByText('No comments yet')).toBeVisible();
    await expect(card.getByRole('button', { name: '0 comments' })).toBeVisible();

    // Read again, the owner's card agrees.
    await page.reload();
    await expect(postCard(page, owner.name, text).getByRole('button', { name: '0 comments' })).toBeVisible();
  } finally {
    await commenterContext.close();
  }
});

test('the Following switch shows only the posts of followed people', async ({ page }, testInfo) => {
  const [reader, followed, stranger] = await signUpMembers(
    page.request,
    testInfo,
    'Chebet Kiplagat',
    'Nafula Simiyu',
    'Lokai Ekiru',
  );
  const followedText = uniqueTitle(testInfo, 'Mavuno ya chai mwaka huu');
  const strangerText = uniqueTitle(testInfo, 'Soko la Gikomba leo');
  const followedToken = await logInByApi(page.request, followed.username, followed.password);
  const strangerToken = await logInByApi(page.request, stranger.username, stranger.password);
  await apiAs(page.request, followedToken, 'post', '/api/posts', { multipart: { content: followedText } });
  await apiAs(page.request, strangerToken, 'post', '/api/posts', { multipart: { content: strangerText } });
  const readerToken = await logInByApi(page.request, reader.username, reader.password);

  // Following nobody yet: the empty state points to people to follow.
  await signIn(page, reader.username, reader.password);
  await page.goto('/feed');
  const tabs = page.getByRole('tablist', { name: 'Whose posts' });
  await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Following' }).click();
  await expect(page).toHaveURL(/\?feed=following$/);
  await expect(page.getByText('No posts yet from the people you follow.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find people to follow' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'following-empty');

  await followByApi(page.request, readerToken, followed.username);
  await page.reload();
  await expect(postCard(page, followed.name, followedText)).toBeVisible();
  await expect(page.getByText(strangerText)).toHaveCount(0);
  await expect(tabs.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'following-feed');

  // All has everyone's.
  await tabs.getByRole('tab', { name: 'All' }).click();
  await expect(postCard(page, stranger.name, strangerText)).toBeVisible();
  await expect(postCard(page, followed.name, followedText)).toBeVisible();
});
