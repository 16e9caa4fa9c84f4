import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { logIn, logInByApi, newMember, OUTBOX_DIR, seriousAxeViolations, signUpByApi, snap } from './helpers';

// Account security and verified emails (docs/design.md#trust-and-safety): a new member sees Confirm your email; in
// Settings › Account security they see their sessions (this device marked), sign another one out
// after a confirmation, and change their password (a wrong current one is refused under its field).
// A bad confirmation link shows the server's error. Every screen passes axe.

/** The confirmation link of the newest email to `email` (sent just after signup, so polled). */
async function readVerifyLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const files = (await readdir(OUTBOX_DIR).catch(() => [])).sort().reverse();
      for (const file of files) {
        const text = await readFile(path.join(OUTBOX_DIR, file), 'utf8');
        if (!text.includes(`To: ${email}`)) continue;
        link = /https?:\/\/\S+\/verify-email\?token=[^\s"<]+/.exec(text)?.[0];
        if (link) return link;
      }
      return undefined;
    })
    .toBeTruthy();
  return link!;
}

test('sessions list, sign out another device, change password', async ({ page }, testInfo) => {
  const me = newMember(testInfo);
  await signUpByApi(page.request, me);
  // Another device: a login through the API, before this browser's own.
  await logInByApi(page.request, me.username, me.password);
  await logIn(page, me.username, me.password);

  await expect(page.getByRole('complementary', { name: 'Confirm your email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email me a new link' })).toBeVisible();
  await snap(page, testInfo, 'verify-banner');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { name: 'Account security', level: 1 })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await snap(page, testInfo, 'security');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await sessions.getByRole('button', { name: /^Sign out/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Sign out of');
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('That session is signed out.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByRole('listitem')).toContainText('This device');

  const newPassword = 'Jua-Kali-Sana-2026!';
  await page.getByLabel('Current password').fill('Not-My-Password-9!');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
    'Your current password is not correct',
  );
  await snap(page, testInfo, 'security-wrong-current');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel('Current password').fill(me.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // The new password works on a fresh login; this device stayed signed in.
  await logInByApi(page.request, me.username, newPassword);
  await page.reload();
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
});

test('a bad confirmation link shows the error, signed out', async ({ page }, testInfo) => {
  await page.goto('/verify-email?token=not-a-real-token');

  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This confirmation link is invalid or has expired. Ask for a new one.');
  await expect(alert).toContainText('Log in to ask for a new link.');
  await expect(page.getByText('Email confirmed')).toHaveCount(0);
  await snap(page, testInfo, 'verify-email-bad');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the emailed link confirms the email: the banner goes and the profile shows Verified email', async ({
  page,
}, testInfo) => {
  const me = newMember(testInfo);
  await signUpByApi(page.request, me);
  const link = new URL(await readVerifyLink(me.email));
  await logIn(page, me.username, me.password);
  await expect(page.getByRole('complementary', { name: 'Confirm your email' })).toBeVisible();

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Email confirmed')).toBeVisible();
  await snap(page, testInfo, 'verify-email-ok');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Go to your feed' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole('button', { name: 'Email me a new link' })).toHaveCount(0);

  await page.goto(`/user/${me.username}`);
  await expect(page.getByTitle('Verified email at jamii-e2e.co.ke')).toBeVisible();
  await snap(page, testInfo, 'verified-profile');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
