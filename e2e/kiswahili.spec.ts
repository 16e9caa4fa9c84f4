import { expect, test, type Page } from '@playwright/test';
import { sw } from '../apps/web/src/lib/i18n/sw';
import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { newMember, seriousAxeViolations, signUpByApi, snap, storedItem } from './helpers';

// docs/features/kiswahili.md: a member uses the whole product in Kiswahili. The first visit follows the browser's
// language; the switch changes every screen at once and is kept on the account, so it follows the
// member to another device.

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test.describe('a browser set to Kiswahili', () => {
  test.use({ locale: 'sw-KE' });

  test('opens the product in Kiswahili on the first visit', async ({ page }) => {
    await page.goto('/');
    await expect(heading(page, sw['landing.headline'])).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('combobox', { name: sw['language.label'] })).toHaveValue('sw');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test('a member switches to Kiswahili and walks login → feed → jobs → messages → quiz', async ({
  page,
  browser,
}, testInfo) => {
  const member = newMember(testInfo);
  await signUpByApi(page.request, member);

  // An English login page; the switch turns it into Kiswahili at once.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
  await expect(heading(page, sw['auth.login.heading'])).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel(sw['auth.username']).fill(member.username);
  await page.getByLabel(sw['auth.password'], { exact: true }).fill(member.password);
  await page.getByRole('button', { name: sw['auth.login.submit'] }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(heading(page, sw['feed.title'])).toBeAttached();
  // The choice travelled with the login: the server's own login notice is in Kiswahili too.
  await expect(page.getByText(/^Umeingia kwenye akaunti yako kwa mafanikio/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'sw-feed');

  // The choice made before login reached the account.
  await expect
    .poll(async () => {
      const token = await storedItem(page, TOKEN_STORAGE_KEY);
      const answer = await page.request.get('/api/users/' + member.username.replace(/^@/, ''), {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await answer.json()).language;
    })
    .toBe('sw');

  for (const [path, title] of [
    ['/jobs', sw['jobs.feed.title']],
    ['/messages', sw['messages.title']],
  ] as const) {
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
  await page.goto('/kaquiz');
  await expect(page.getByText(sw['quiz.title']).first()).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'sw-quiz');

  // Another device, set to English, follows the account once the member logs in there.
  const other = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-GB' });
  try {
    const phone = await other.newPage();
    await phone.goto('/login');
    await phone.getByLabel('User name').fill(member.username);
    await phone.getByLabel('Password', { exact: true }).fill(member.password);
    await phone.getByRole('button', { name: 'Login' }).click();
    await expect(heading(phone, sw['feed.title'])).toBeAttached();
    await expect(phone.locator('html')).toHaveAttribute('lang', 'sw');
  } finally {
    await other.close();
  }
});
