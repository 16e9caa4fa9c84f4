import { expect, test } from '@playwright/test';
import { SW_MESSAGES } from '@jamii/shared';
import { sw } from '../apps/web/src/lib/i18n/sw';
import { seriousAxeViolations, snap } from './helpers';

// docs/features/kiswahili.md: the forms' checks and the server's answers, written in English by the shared rules and
// the server, reach a member reading Kiswahili in Kiswahili (the table comes with the Kiswahili
// catalogue's chunk).
test.describe('messages in Kiswahili', () => {
  test.use({ locale: 'sw-KE' });

  test("the login form's checks and the server's refusal", async ({ page }, testInfo) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: sw['auth.login.submit'] })).toBeVisible();

    await page.getByRole('button', { name: sw['auth.login.submit'] }).click();
    const username = page.getByLabel(sw['auth.username']);
    await expect(username).toHaveAccessibleDescription(SW_MESSAGES['*User name is required']!);
    await expect(page.getByText('*User name is required')).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, testInfo, 'sw-login-checks');

    await username.fill('nobody_here_at_all');
    await page.getByLabel(sw['auth.password'], { exact: true }).fill('Not-The-Password-1!');
    await page.getByRole('button', { name: sw['auth.login.submit'] }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: SW_MESSAGES['Invalid username or password']! }),
    ).toBeVisible();
    await snap(page, testInfo, 'sw-login-refused');
  });
});
