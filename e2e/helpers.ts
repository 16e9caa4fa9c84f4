import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

/** The seeded demo password (README, Demo accounts). */
export const DEMO_PASSWORD = 'Karibu-Jamii-2025!';

/** Where the e2e server (scripts/e2e-server.mjs) writes its emails. */
export const OUTBOX_DIR = path.resolve(import.meta.dirname, '..', '.data-e2e', 'outbox');

/** An 8×8 PNG in the brand green, small enough to keep in the test. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNgydLHihiGlgQAS+knQcbL0GcAAAAASUVORK5CYII=',
  'base64',
);

export interface NewMember {
  username: string;
  name: string;
  email: string;
  password: string;
}

let counter = 0;

/**
 * A member nobody has used yet: mobile and desktop run against one database, so the project's
 * initial, the time and a counter make the username unique (5-15 letters and digits, SPEC §5).
 */
export function newMember(testInfo: TestInfo): NewMember {
  counter += 1;
  const stamp = (Date.now() % 36 ** 6).toString(36).padStart(6, '0');
  const username = `k${testInfo.project.name[0]}${stamp}${counter.toString(36)}`;
  return {
    username,
    name: 'Zawadi Wairimu',
    email: `${username}@jamii-e2e.co.ke`,
    password: 'Mvua-Nyingi-2025!',
  };
}

/** Signs a member up through the API, for tests about what comes after signup. */
export async function signUpByApi(request: APIRequestContext, member: NewMember): Promise<void> {
  const response = await request.post('/api/signup', {
    multipart: {
      username: member.username,
      name: member.name,
      email: member.email,
      location: 'Nyeri',
      bio: 'Ninapenda kahawa.',
      password: member.password,
      confirmPassword: member.password,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Fills and sends the login form on the current page (which must be /login). */
export async function submitLogin(
  page: Page,
  username: string,
  password: string,
  { rememberMe = false } = {},
): Promise<void> {
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember Me').check();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens /login, logs in and waits for the welcome toast. */
export async function logIn(
  page: Page,
  username: string,
  password: string,
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, username, password, options);
  await expect(page.getByText(`Karibu Tena @${username.replace(/^@/, '')}`)).toBeVisible();
}

/** The reset link of the newest email to `email` in the outbox (sent just after the answer, so polled). */
export async function readResetLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX_DIR).catch(() => [])).sort().reverse();
        for (const file of files) {
          const text = await readFile(path.join(OUTBOX_DIR, file), 'utf8');
          if (!text.includes(`To: ${email}`)) continue;
          link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(text)?.[0];
          return link;
        }
        return undefined;
      },
      { message: `a reset email to ${email} in ${OUTBOX_DIR}` },
    )
    .toBeTruthy();
  return link!;
}

/** A screenshot to look at: test-results/<name>-<project>.png. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // From the top, so sticky and fixed bars are drawn where a member sees them first.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `test-results/${name}-${testInfo.project.name}.png`, fullPage: true });
}

// The e2e project compiles without the DOM library; this is the little of it the tests use.
interface PageStorage {
  getItem(key: string): string | null;
  clear(): void;
}

/** An item of the page's local storage (`token`, `user`). */
export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate(
    (name) => (globalThis as unknown as { localStorage: PageStorage }).localStorage.getItem(name),
    key,
  );
}

export function clearStorage(page: Page): Promise<void> {
  return page.evaluate(() => (globalThis as unknown as { localStorage: PageStorage }).localStorage.clear());
}
