import { expect, test } from '@playwright/test';
import { apiAs, logInByApi, newMember, seriousAxeViolations, signIn, signUpByApi, snap } from './helpers';

// The scam shield's warning on a job and blocks (DESIGN §8.6): a job that asks for a fee shows
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
