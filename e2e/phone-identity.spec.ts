import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SW_MESSAGES } from '@jamii/shared';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { sw } from '../apps/web/src/lib/i18n/sw';
import { apiAs, logInByApi, newMember, seriousAxeViolations, signIn, signUpMembers, snap } from './helpers';

// Phones as identity (docs/features/accounts.md): a member without a company email signs up with a
// number proved by an SMS code, logs in with it and applies to a job; a member verifies a number in
// Account security; the SMS-code login; wrong codes and the hourly cap of codes.

/** Where the e2e server (scripts/e2e-server.mjs) writes its SMS. */
const SMS_OUTBOX = path.resolve(
  import.meta.dirname,
  '..',
  `.data-e2e-${process.env.E2E_PORT ?? '3199'}`,
  'sms-outbox',
);

let numbers = 0;
/** A Kenyan mobile number (as people type it) no other test has used: both projects share one database. */
function freshNumber(testInfo: TestInfo) {
  numbers += 1;
  const seed = (Date.now() * 10 + numbers + (testInfo.project.name === 'mobile' ? 0 : 5)) % 10_000_000;
  const digits = `9${String(seed).padStart(7, '0')}`;
  return {
    typed: `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`,
    e164: `+2547${digits}`,
  };
}

/** The code of the newest SMS to the number (written before the server answers, but polled). */
async function newestCode(e164: string, notThis?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = undefined;
        const files = (await readdir(SMS_OUTBOX).catch(() => [] as string[])).sort();
        for (const file of files) {
          const text = await readFile(path.join(SMS_OUTBOX, file), 'utf8');
          if (text.startsWith(`To: ${e164}\n`)) code = /\b(\d{6})\b/.exec(text)?.[1];
        }
        return code !== undefined && code !== notThis;
      },
      { message: `an SMS code to ${e164} in ${SMS_OUTBOX}` },
    )
    .toBe(true);
  return code!;
}

/** A six-digit code that is not this one. */
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function expectClean(page: Page, testInfo: TestInfo, name: string) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  const sideways = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(sideways).toBeLessThanOrEqual(0);
  await snap(page, testInfo, name);
}

test('a member without a company email signs up with a phone, logs in with it and applies to a job', async ({
  page,
}, testInfo) => {
  const [poster] = await signUpMembers(page.request, testInfo, 'Wambui Kariuki');
  const posterToken = await logInByApi(page.request, poster.username, poster.password);
  const job = await apiAs<{ id: number; title: string }>(page.request, posterToken, 'post', '/api/jobs', {
    title: `Fundi wa simu ${poster.username}`,
    location: 'Thika',
    description: 'Repairing phones in our Thika shop, Monday to Saturday.',
  });
  const member = newMember(testInfo);
  const phone = freshNumber(testInfo);

  // A Gmail address is refused, as the specified rules have it; the phone signup is offered beside the refusal.
  await page.goto('/signup');
  await page.getByLabel('Email').fill(`${member.username}@gmail.com`);
  await page.getByLabel('Location (optional)').focus();
  await expect(page.getByText('*Personal email providers not allowed')).toBeVisible();
  await expect(page.getByText('No company email?')).toBeVisible();
  await expectClean(page, testInfo, 'phone-signup-offered');
  await page.getByRole('link', { name: 'Sign up with your phone number instead' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sign up with your phone number' })).toBeVisible();
  await expectClean(page, testInfo, 'phone-signup-number');
  await page.getByLabel('Phone number').fill(phone.typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a six-digit code to' })).toHaveText(
    `We sent a six-digit code to ${phone.typed}. It expires in 10 minutes.`,
  );
  const first = await newestCode(phone.e164);

  // A new code retires the first one.
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText('A new code is on its way.')).toBeVisible();
  const code = await newestCode(phone.e164, first);
  await page.getByLabel('Six-digit code').fill(wrongCode(code));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Six-digit code')).toHaveAccessibleDescription('That code is not correct');
  await expectClean(page, testInfo, 'phone-signup-wrong-code');

  await page.getByLabel('Six-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Your number ${phone.typed} is verified. Now fill in the rest.`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await page.getByLabel('Full name').fill('Ouma Kibet');
  await page.getByLabel('User name').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
  await expectClean(page, testInfo, 'phone-signup-form');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByText('Karibu Jamii, Ouma Kibet! Your account is ready. Please log in.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The verified number logs in, with the password, in place of the user name.
  await page.goto('/login');
  await expect(page.getByLabel('User name')).toHaveAccessibleDescription(
    'Your user name, email or verified phone number',
  );
  await page.getByLabel('User name').fill(phone.typed);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(`Karibu Tena @${member.username}`)).toBeVisible();
  await expect(page).toHaveURL(/\/feed$/);

  // And the phone-only member applies to a job.
  await page.goto(`/explore/jobs/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  await page.getByLabel('Cover note (optional)').fill('Nimetengeneza simu kwa miaka mitano.');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible();

  // The account has no email: the number is its verified phone.
  const token = await logInByApi(page.request, phone.e164, member.password);
  const answer = await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const me = (await answer.json()) as { phone: string; phone_verified: boolean; email?: string | null };
  expect(me).toMatchObject({ phone: phone.e164, phone_verified: true });
  expect(me.email ?? null).toBeNull();
});

test('four codes in an hour are refused, on the SMS-code login', async ({ page }, testInfo) => {
  const phone = freshNumber(testInfo);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Log in with an SMS code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in with an SMS code' })).toBeVisible();
  await page.getByLabel('Phone number').fill(phone.typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Six-digit code')).toBeVisible();
  for (let sent = 2; sent <= 3; sent += 1) {
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByText('A new code is on its way.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  }
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many codes for this number. Try again in an hour.');
  await expectClean(page, testInfo, 'phone-login-too-many-codes');

  // A number no account has verified is offered the phone signup.
  const code = await newestCode(phone.e164);
  await page.getByLabel('Six-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('No account has verified this number yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Create an account with this number' }).click();
  await expect(page.getByText(`Your number ${phone.typed} is verified. Now fill in the rest.`)).toBeVisible();
});

test.describe('in Kiswahili', () => {
  test.use({ locale: 'sw-KE' });

  test('a member verifies a number in Account security, then logs in with an SMS code', async ({
    page,
    browser,
  }, testInfo) => {
    const member = { ...newMember(testInfo), name: 'Neema Achieng' };
    const signup = await page.request.post('/api/signup', {
      multipart: {
        username: member.username,
        name: member.name,
        email: member.email,
        password: member.password,
        confirmPassword: member.password,
        language: 'sw',
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const phone = freshNumber(testInfo);

    await signIn(page, member.username, member.password);
    await page.goto('/settings/security');
    const section = page.getByRole('region', { name: sw['phoneAuth.settings.title'] });
    await expect(section).toBeVisible();
    await section.getByLabel(sw['phoneAuth.number']).fill(phone.typed);
    await section.getByRole('button', { name: sw['phoneAuth.sendCode'] }).click();
    const code = await newestCode(phone.e164);
    await section.getByLabel(sw['phoneAuth.code']).fill(wrongCode(code));
    await section.getByRole('button', { name: sw['phoneAuth.verify'] }).click();
    await expect(section.getByLabel(sw['phoneAuth.code'])).toHaveAccessibleDescription(
      SW_MESSAGES['That code is not correct']!,
    );
    await expectClean(page, testInfo, 'sw-phone-verify-wrong-code');

    await section.getByLabel(sw['phoneAuth.code']).fill(code);
    await section.getByRole('button', { name: sw['phoneAuth.verify'] }).click();
    await expect(page.getByText(sw['phoneAuth.settings.done'])).toBeVisible();
    await expect(section.getByText(sw['phoneAuth.settings.verified'], { exact: true })).toBeVisible();
    await expect(section.getByText(phone.typed, { exact: true })).toBeVisible();
    await expectClean(page, testInfo, 'sw-phone-verified');

    // The profile settings say so beside the number.
    await page.goto('/profile/me?tab=settings');
    await expect(
      page.getByText(sw['phoneAuth.settings.verifiedNumber'].replace('{number}', phone.typed)),
    ).toBeVisible();

    // On another browser, signed out, the number's code logs the member in.
    const other = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: page.viewportSize(),
      locale: 'sw-KE',
    });
    const visitor = await other.newPage();
    await visitor.goto('/login');
    await expect(visitor.getByLabel(sw['auth.username'])).toHaveAccessibleDescription(
      sw['phoneAuth.login.hint'],
    );
    await visitor.getByRole('link', { name: sw['phoneAuth.login.link'] }).click();
    await expect(
      visitor.getByRole('heading', { level: 1, name: sw['phoneAuth.login.heading'] }),
    ).toBeVisible();
    await visitor.getByLabel(sw['phoneAuth.number']).fill(phone.typed);
    await visitor.getByRole('button', { name: sw['phoneAuth.sendCode'] }).click();
    const loginCode = await newestCode(phone.e164, code);
    await visitor.getByLabel(sw['phoneAuth.code']).fill(loginCode);
    await expectClean(visitor, testInfo, 'sw-phone-login-code');
    await visitor.getByRole('button', { name: sw['phoneAuth.verify'] }).click();
    await expect(
      visitor.getByText(sw['auth.login.welcome'].replace('{username}', `@${member.username}`)),
    ).toBeVisible();
    await expect(visitor).toHaveURL(/\/feed$/);
    await other.close();
  });
});
