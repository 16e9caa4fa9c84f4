import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import {
  clearStorage,
  DEMO_PASSWORD,
  holdTheApp,
  logIn,
  newMember,
  readResetLink,
  seriousAxeViolations,
  signUpByApi,
  snap,
  storedItem,
  submitLogin,
  TINY_PNG,
} from './helpers';

const REFRESH_COOKIE = 'jamii_rt';

test.describe('signup and login', () => {
  test('signs up with a picture, is welcomed, logs in and lands on /feed', async ({ page }, testInfo) => {
    const member = newMember(testInfo);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await snap(page, testInfo, 'signup');

    // The shared rules speak before the server is asked.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('*Full name required')).toBeVisible();

    await page.getByLabel('Choose a picture').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await page.getByLabel('Full name').fill(member.name);
    await page.getByLabel('User name').fill(member.username);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Location (optional)').fill('Nyeri');
    await page.getByLabel('Bio (optional)').fill('Mkulima wa kahawa.');
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm password').fill(member.password);
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await snap(page, testInfo, 'signup-filled');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page.getByText(`Karibu Jamii, ${member.name}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('User name')).toHaveValue(`@${member.username}`);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await snap(page, testInfo, 'login');

    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByText(`Karibu Tena @${member.username}`)).toBeVisible();
    await expect(page).toHaveURL(/\/feed$/);
  });

  test('shows a taken username from the server under the field', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Wanjiku Kamau');
    await page.getByLabel('User name').fill('wanjiku_k');
    await page.getByLabel('Email').fill('another.wanjiku@kahawa-coop.co.ke');
    await page.getByLabel('Password', { exact: true }).fill('Mvua-Nyingi-2025!');
    await page.getByLabel('Confirm password').fill('Mvua-Nyingi-2025!');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page.getByText('That username is already taken')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a wrong password shows the server message as an error toast', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'otieno_dev', 'not-the-password');

    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('the login page drawn by the build', () => {
  /**
   * A member signed up, and /login opened with the app's entry held back (holdTheApp), so the page
   * the server drew is all there is; the member's name and password typed into it.
   */
  async function typeIntoDrawnLogin(page: Page, request: APIRequestContext, testInfo: TestInfo) {
    const member = newMember(testInfo);
    await signUpByApi(request, member);
    const app = await holdTheApp(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.locator('#root > [data-prerendered]')).toHaveCount(1);
    await page.getByLabel('User name').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    // Reaching for a field started the app.
    await expect.poll(() => app.entries.length).toBe(1);
    return { member, app };
  }

  test('paints and takes typing before the app arrives; the app keeps it once the reader leaves the field', async ({
    page,
    request,
  }, testInfo) => {
    const { member, app } = await typeIntoDrawnLogin(page, request, testInfo);
    // The drawn page's head has the screen's title, as the app sets it.
    await expect(page).toHaveTitle('Login · Jamii');
    await snap(page, testInfo, 'login-drawn');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The app does not replace the field the reader is in (main.tsx); leaving it lets it take over.
    app.letThrough();
    await page.keyboard.press('Tab');
    await expect(page.locator('#root > [data-prerendered]')).toHaveCount(0);
    await expect(page.getByLabel('User name')).toHaveValue(new RegExp(member.username));
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(`Karibu Tena @${member.username}`)).toBeVisible();
    await expect(page).toHaveURL(/\/feed$/);
  });

  test('a form sent before the app arrives is sent by the app, never as a page address', async ({
    page,
    request,
  }, testInfo) => {
    const pageRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.isNavigationRequest()) pageRequests.push(`${sent.method()} ${sent.url()}`);
    });
    const { member, app } = await typeIntoDrawnLogin(page, request, testInfo);
    await page.getByRole('button', { name: 'Login' }).click();
    // Held: still the drawn page, at the same address, and no page was asked for with the form.
    await expect(page.locator('#root > [data-prerendered]')).toHaveCount(1);
    await expect(page).toHaveURL(/\/login$/);

    app.letThrough();
    await expect(page.getByText(`Karibu Tena @${member.username}`)).toBeVisible();
    await expect(page).toHaveURL(/\/feed$/);
    expect(pageRequests.filter((sent) => sent.includes('/login'))).toEqual([
      expect.stringMatching(/^GET .*\/login$/),
    ]);
    expect(pageRequests.join(' ')).not.toContain(member.password);
  });
});

test.describe('login guard', () => {
  test('sends a visitor from /profile/me to /login and back there after logging in', async ({ page }) => {
    await page.goto('/profile/me');

    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, 'wanjiku_k', DEMO_PASSWORD);

    await expect(page.getByText('Karibu Tena @wanjiku_k')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/me$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Wanjiku Kamau' })).toBeVisible();

    // Going back does not return to the login form.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login$/);
  });

  test('shows the top bar on wide screens and the bottom nav on small ones', async ({ page }, testInfo) => {
    await logIn(page, 'akinyi_a', DEMO_PASSWORD);
    await page.goto('/profile/me?tab=settings');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await snap(page, testInfo, 'profile');

    const bottomNav = page.getByRole('navigation', { name: 'Main' });
    const topBar = page.getByRole('banner');
    if (testInfo.project.name === 'mobile') {
      await expect(bottomNav).toBeVisible();
      await expect(topBar).toBeHidden();
      await bottomNav.getByRole('button', { name: 'Create' }).click();
      const sheet = page.getByRole('dialog', { name: 'Quick Create' });
      await expect(sheet).toBeVisible();
      await snap(page, testInfo, 'quick-create');
      await sheet.getByRole('link', { name: /^Job/ }).click();
      await expect(page).toHaveURL(/\/feed\?type=job$/);
    } else {
      await expect(bottomNav).toBeHidden();
      await topBar.getByRole('searchbox', { name: 'Search' }).fill('fundi wa mbao');
      await topBar.getByRole('searchbox', { name: 'Search' }).press('Enter');
      await expect(page).toHaveURL(/\/explore\?search=fundi%20wa%20mbao$/);
    }
  });

  test('logs out after "Are you sure? You will be logged out!"', async ({ page }, testInfo) => {
    await logIn(page, 'kiprop_j', DEMO_PASSWORD);
    await page.goto('/profile/me?tab=settings');

    if (testInfo.project.name === 'mobile') {
      await page.getByRole('button', { name: 'Logout' }).click();
    } else {
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Account menu/ })
        .click();
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Are you sure? You will be logged out!' });
    await expect(dialog).toBeVisible();
    await snap(page, testInfo, 'logout-confirm');
    await dialog.getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => storedItem(page, 'token')).toBeNull();
    await page.goto('/profile/me?tab=settings');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('password reset', () => {
  test('emails a link that sets a new password, then the new password logs in', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember(testInfo);
    await signUpByApi(request, member);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'reset link' })).toBeVisible();

    const link = await readResetLink(member.email);
    expect(link).toContain('/reset-password?token=');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await snap(page, testInfo, 'reset-password');

    const newPassword = 'Jua-Kali-Kesho-2026#';
    await page.getByPlaceholder('Enter New Password').fill(newPassword);
    await page.getByPlaceholder('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    await submitLogin(page, member.username, member.password);
    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
    await submitLogin(page, member.username, newPassword);
    await expect(page.getByText(`Karibu Tena @${member.username}`)).toBeVisible();
    await expect(page).toHaveURL(/\/feed$/);

    // The link works once.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByPlaceholder('Enter New Password').fill('Mvua-Ya-Mawe-2027!');
    await page.getByPlaceholder('Confirm New Password').fill('Mvua-Ya-Mawe-2027!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  });
});

test.describe('profile', () => {
  test('edits the profile and uploads a picture', async ({ page, request }, testInfo) => {
    const member = newMember(testInfo);
    await signUpByApi(request, member);
    await logIn(page, member.username, member.password);
    await page.goto('/profile/me?tab=settings');

    const bio = page.getByLabel('Bio (optional)');
    await bio.fill('Visit www.example.com/deals');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('*No URLs allowed')).toBeVisible();

    await bio.fill('Mkulima wa kahawa na chai, Nyeri.');
    await page.getByLabel('Location (optional)').fill('Nyeri, Othaya');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(
      page.locator('section').first().getByText('Mkulima wa kahawa na chai, Nyeri.'),
    ).toBeVisible();

    await page.getByLabel('Choose a picture').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await page.getByRole('button', { name: 'Upload Picture' }).click();
    await expect(page.getByText('Profile picture updated successfully!')).toBeVisible();
    await expect(page.locator('section').first().locator('img')).toHaveAttribute('src', /\/media\//);

    await snap(page, testInfo, 'profile-edited');
    await page.reload();
    await expect(page.getByText('Mkulima wa kahawa na chai, Nyeri.').first()).toBeVisible();
    await expect(page.getByText('Nyeri, Othaya').first()).toBeVisible();
    await expect(page.locator('section').first().locator('img')).toHaveAttribute('src', /\/media\//);
  });

  test("shows another member's profile read only", async ({ page }) => {
    await logIn(page, 'wanjiku_k', DEMO_PASSWORD);
    await page.goto('/user/otieno_dev');

    await expect(page.getByRole('heading', { level: 1, name: 'Brian Otieno' })).toBeVisible();
    // The location line, not the #kisumu topic of his posts below it.
    await expect(page.getByText('Kisumu', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Account' })).toHaveCount(0);
  });

  test('deletes the account after "Are you sure? This cannot be undone."', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember(testInfo);
    await signUpByApi(request, member);
    await logIn(page, member.username, member.password);
    await page.goto('/profile/me?tab=settings');

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure? This cannot be undone.' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await submitLogin(page, member.username, member.password);
    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  });
});

test.describe('Remember Me', () => {
  /** A browser restart: cookies without an expiry are gone, and so is the short-lived access token. */
  async function reopenBrowser(page: Page) {
    const state = await page.context().storageState();
    const browser = page.context().browser()!;
    return browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: page.viewportSize(),
      storageState: {
        cookies: state.cookies.filter((cookie) => cookie.expires > 0),
        origins: state.origins.map((origin) => ({
          ...origin,
          localStorage: origin.localStorage.filter((item) => item.name !== 'token'),
        })),
      },
    });
  }

  test('keeps a member logged in across a browser restart only with Remember Me', async ({ page }) => {
    await logIn(page, 'njeri_m', DEMO_PASSWORD, { rememberMe: true });
    const remembered = (await page.context().cookies()).find((cookie) => cookie.name === REFRESH_COOKIE);
    expect(remembered?.expires).toBeGreaterThan(0);
    expect(remembered?.httpOnly).toBe(true);

    const reopened = await reopenBrowser(page);
    const again = await reopened.newPage();
    await again.goto('/profile/me');
    await expect(again.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(again.getByRole('heading', { name: 'Grace Njeri Mwangi' })).toBeVisible();
    await expect.poll(() => storedItem(again, 'token')).toBeTruthy();
    await reopened.close();

    // Without Remember Me the cookie ends with the browser session.
    await page.context().clearCookies();
    await clearStorage(page);
    await logIn(page, 'mutua_e', DEMO_PASSWORD);
    const forgotten = (await page.context().cookies()).find((cookie) => cookie.name === REFRESH_COOKIE);
    expect(forgotten?.expires).toBe(-1);

    const restarted = await reopenBrowser(page);
    const later = await restarted.newPage();
    await later.goto('/profile/me');
    await expect(later).toHaveURL(/\/login$/);
    await expect.poll(() => storedItem(later, 'user')).toBeNull();
    await restarted.close();
  });
});
