import { expect, test } from '@playwright/test';
import { apiAs, logInByApi, newMember, seriousAxeViolations, signIn, signUpByApi, snap } from './helpers';

// The scam shield's warning on a job and blocks (docs/design.md#trust-and-safety): a job that asks for a fee shows
// "Never pay to get a job" with the reason; a member blocks another from the profile, finds them in
// Settings › Blocked members and unblocks them. Every screen passes axe.

test('a job that asks for a fee shows the scam warning with its reason', async ({ page }, testInfo) => {
  const poster = newMember(testInfo);
  const reader = newMember(testInfo);
  await signUpByApi(page.request, poster);
  await signUpByApi(page.request, reader);
  const token = await logInByApi(page.request, poster.username, poster.password);
  const job = await apiAs<{ id: number; risk: { level: string } }>(page.request, token, 'post', '/api/jobs', {
    title: 'Waiters for a hotel in Nakuru',
    description: 'Serve guests at weddings. Registration fee KSh 500 on the first day.',
  });
  expect(job.risk.level).toBe('caution');

  await signIn(page, reader.username, reader.password);
  await page.goto(`/explore/jobs/${job.id}`);
  const warning = page.getByRole('note', { name: 'Never pay to get a job' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Usilipe ili upate kazi');
  await expect(warning).toContainText('It asks for money before any work');
  await snap(page, testInfo, 'shield-job-details');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

// A job the shield flags for every one of its reasons: its held notice runs past 700 characters.
const EVERY_REASON =
  'Safaricom hiring in Dubai. No experience needed, KSh 90,000 a month. Pay the registration fee of ' +
  'KSh 1,000 to M-Pesa 0712 345 678 then WhatsApp me only. You pay the visa fee of KSh 40,000 before travel.';

test('a job held for every shield reason is posted, and its author reads why in full, in their language', async ({
  page,
}, testInfo) => {
  const poster = newMember(testInfo);
  await signUpByApi(page.request, poster);
  await signIn(page, poster.username, poster.password);
  await page.goto('/create?tab=job');
  await page.getByLabel('Job title').fill('Customer care agents');
  await page.getByLabel('Description (optional)').fill(EVERY_REASON);
  await page.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByText('Job posted')).toBeVisible();

  await page.goto('/notifications');
  const held = page
    .getByTestId('notification')
    .filter({ hasText: 'Your job is held for a check by our moderators' });
  await expect(held).toHaveCount(1);
  // Every reason, in plain words: the last one is the end of the text.
  await expect(held).toContainText('It asks for money before any work');
  await expect(held).toContainText("Check on the employer's own website.");
  await snap(page, testInfo, 'shield-held-notice');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The switch (on the Apps page at every width) keeps the choice on the account first.
  await page.goto('/apps');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/users\/\d+$/.test(r.url()),
  );
  await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
  expect((await saved).ok()).toBe(true);
  await page.goto('/notifications');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  const kushikiliwa = page
    .getByTestId('notification')
    .filter({ hasText: 'Kazi yako inasubiri ukaguzi wa wasimamizi wetu' });
  await expect(kushikiliwa).toContainText('Inaomba pesa kabla ya kazi');
  await expect(kushikiliwa).toContainText('Hakikisha kwenye tovuti rasmi ya mwajiri.');
  await snap(page, testInfo, 'shield-held-notice-sw');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('block a member from the profile, find them in Blocked members, unblock', async ({ page }, testInfo) => {
  const me = newMember(testInfo);
  const other = { ...newMember(testInfo), name: 'Kamau Blocked' };
  await signUpByApi(page.request, me);
  await signUpByApi(page.request, other);

  await signIn(page, me.username, me.password);
  await page.goto(`/user/${other.username.replace(/^@/, '')}`);
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('You will stop following each other');
  await snap(page, testInfo, 'blocks-confirm');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('You blocked this member.')).toBeVisible();
  await snap(page, testInfo, 'blocks-profile-blocked');

  await page.goto('/settings/blocked');
  const list = page.getByRole('list', { name: 'Blocked members' });
  await expect(list.getByRole('link', { name: 'Kamau Blocked' })).toBeVisible();
  await snap(page, testInfo, 'blocks-list');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await list.getByRole('button', { name: 'Unblock Kamau Blocked' }).click();
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
  await snap(page, testInfo, 'blocks-empty');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
