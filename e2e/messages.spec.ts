import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  logIn,
  newMember,
  seriousAxeViolations,
  signIn,
  signUpByApi,
  snap,
  watchLiveConnection,
} from './helpers';

// Messages between members (docs/design.md#messages): a Message button on a profile opens the conversation,
// messages arrive live, the unread badge in the navigation follows, and both screens pass axe.

/** The Messages entry a member sees: the top bar's on wide screens, the bottom nav's on small ones. */
const messagesLink = (page: Page): Locator => page.getByTestId('messages-link').filter({ visible: true });

test('two members message each other live, and the unread badge follows', async ({
  page,
  browser,
}, testInfo) => {
  const amina = { ...newMember(testInfo), name: 'Amina Hassan' };
  const baraka = { ...newMember(testInfo), name: 'Baraka Mwangi' };
  await signUpByApi(page.request, amina);
  await signUpByApi(page.request, baraka);

  // Baraka waits on the feed, in a browser of his own.
  const barakaContext = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const other = await barakaContext.newPage();
    const live = watchLiveConnection(other);
    await logIn(other, baraka.username, baraka.password);
    await expect(messagesLink(other)).toBeVisible();
    await expect(messagesLink(other).getByTestId('messages-badge')).toHaveCount(0);
    await expect.poll(() => live.connected).toBe(true);

    // Amina opens Baraka's profile and taps Message.
    await signIn(page, amina.username, amina.password);
    await page.goto(`/user/${baraka.username.replace(/^@/, '')}`);
    await page.getByRole('button', { name: 'Message' }).click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    await expect(page.getByRole('heading', { name: baraka.name })).toBeVisible();
    await expect(page.getByText('Say habari! Your first message starts the conversation.')).toBeVisible();

    const box = page.getByRole('textbox', { name: 'Write a message' });
    await box.fill('Habari Baraka!');
    await box.press('Shift+Enter');
    await box.pressSequentially('Can you fix my sink on Saturday? Call 0712 345 678.');
    await box.press('Enter');
    const mine = page.getByTestId('message').filter({ hasText: 'Can you fix my sink' });
    await expect(mine).toHaveAttribute('data-state', 'sent');
    await expect(mine).toContainText('Habari Baraka!');
    await expect(mine.getByRole('link', { name: '0712 345 678', exact: true })).toHaveAttribute(
      'href',
      'tel:+254712345678',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, testInfo, 'messages-thread');

    // Baraka's badge shows it at once, without a reload.
    await expect(messagesLink(other).getByTestId('messages-badge')).toHaveText('1');
    await messagesLink(other).click();
    await expect(other).toHaveURL(/\/messages$/);
    const row = other.getByTestId('conversation').filter({ hasText: amina.name });
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row).toContainText('Can you fix my sink');
    expect(await seriousAxeViolations(other)).toEqual([]);
    await snap(other, testInfo, 'messages-list');

    // Opening the conversation reads it: the badge goes.
    await row.getByRole('link').click();
    await expect(other.getByTestId('message').filter({ hasText: 'Can you fix my sink' })).toBeVisible();
    await expect(messagesLink(other).getByTestId('messages-badge')).toHaveCount(0);

    // His answer reaches Amina's open thread live.
    await other.getByRole('textbox', { name: 'Write a message' }).fill('Sawa, Saturday at 10.');
    await other.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('message').filter({ hasText: 'Sawa, Saturday at 10.' })).toHaveAttribute(
      'data-mine',
      'false',
    );
    // Read while she looks at it: her badge stays empty.
    await expect(messagesLink(page).getByTestId('messages-badge')).toHaveCount(0);
    await snap(page, testInfo, 'messages-thread-reply');

    // A message asking for money up front warns its recipient, not its sender.
    await box.fill('Please pay a booking fee of KSh 500 before I come.');
    await box.press('Enter');
    const risky = other.getByTestId('message').filter({ hasText: 'booking fee of KSh 500' });
    // A fee asked before any work: the fee warning's own title.
    await expect(risky.getByRole('note')).toContainText('Jamii never asks for fees to get a job — don’t pay');
    await expect(page.getByTestId('message-risk')).toHaveCount(0);
    expect(await seriousAxeViolations(other)).toEqual([]);
    await snap(other, testInfo, 'messages-thread-warning');
  } finally {
    await barakaContext.close();
  }
});

test('a member with no conversations sees the empty state', async ({ page }, testInfo) => {
  const member = newMember(testInfo);
  await signUpByApi(page.request, member);
  await logIn(page, member.username, member.password);
  await messagesLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByText(/^No messages yet\. Start a conversation/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'messages-empty');
});
