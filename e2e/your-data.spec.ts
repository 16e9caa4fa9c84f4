import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { EXPORT_FILE_NAME } from '@jamii/shared';
import { en } from '../apps/web/src/lib/i18n/en';
import { sw } from '../apps/web/src/lib/i18n/sw';
import { newMember, seriousAxeViolations, signIn, signUpByApi, snap } from './helpers';

// Members' data rights (docs/features/your-data.md): a member downloads their data from Settings (a real zip holding
// data.json with their profile and consent record), and the privacy notice reads in English and in
// Kiswahili, linked from signup; every screen passes axe.

test('Download my data saves a zip of everything about the member', async ({ page }, testInfo) => {
  const me = newMember(testInfo);
  await signUpByApi(page.request, me);
  await signIn(page, me.username, me.password);
  await page.goto('/profile/me?tab=settings');
  const section = page.getByRole('region', { name: en['dataExport.title'] });
  await expect(section).toBeVisible();

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: en['dataExport.button'] }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(EXPORT_FILE_NAME);
  await expect(section.getByText(`Your data is downloaded: ${EXPORT_FILE_NAME}`)).toBeVisible();
  const zip = await readFile((await file.path())!);
  // A zip (local file header), whose stored data.json names the member and their consent.
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const text = zip.toString('utf8');
  expect(text).toContain(`"username": "@${me.username}"`);
  expect(text).toContain('"privacy_notice_version": "');
  await snap(page, testInfo, 'your-data');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the privacy notice reads in English and Kiswahili, linked from signup', async ({ page }, testInfo) => {
  await page.goto('/signup');
  await expect(page.getByText(en['privacy.signupAccept'])).toBeVisible();
  await page.getByRole('link', { name: en['privacy.signupLink'] }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: en['privacy.title'], level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: en['privacy.rights.heading'] })).toBeVisible();
  await expect(page.getByText(en['privacy.rights.access'])).toBeVisible();
  await snap(page, testInfo, 'privacy-en');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: en['language.label'] }).selectOption('sw');
  await expect(page.getByRole('heading', { name: sw['privacy.title'], level: 1 })).toBeVisible();
  await expect(page.getByText(sw['privacy.rights.erasure'])).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await snap(page, testInfo, 'privacy-sw');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
