import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';

/**
 * The demo accounts' password on the e2e server only: scripts/e2e-server.mjs sets DEMO_PASSWORD to
 * it. A real install's demo accounts get fresh passwords, printed once by the seed.
 */
export const DEMO_PASSWORD = 'E2e-Harness-Only-Pass-42!';

/** Where the e2e server (scripts/e2e-server.mjs) writes its emails. */
export const OUTBOX_DIR = path.resolve(
  import.meta.dirname,
  '..',
  `.data-e2e-${process.env.E2E_PORT ?? '3199'}`,
  'outbox',
);

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
 * initial, the time and a counter make the username unique (5-15 letters and digits, the specified validation rules).
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

/** New members with these names (unique usernames and emails), signed up through the API, in order. */
export async function signUpMembers<Names extends string[]>(
  request: APIRequestContext,
  testInfo: TestInfo,
  ...names: Names
): Promise<{ [K in keyof Names]: NewMember }> {
  const members = names.map((name) => ({ ...newMember(testInfo), name }));
  for (const member of members) await signUpByApi(request, member);
  return members as { [K in keyof Names]: NewMember };
}

/**
 * Holds the app's entry script back, for a page the build drew (`/`, `/login`): the page the server
 * sent is all there is until `letThrough()`. `entries` lists the requests for it that were held.
 */
export async function holdTheApp(page: Page): Promise<{ entries: string[]; letThrough: () => void }> {
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  const entries: string[] = [];
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    entries.push(route.request().url());
    await held;
    await route.continue();
  });
  return { entries, letThrough };
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

/**
 * Signs in without the form, for tests about what comes after it: logs in through the API from the
 * page's browser (its cookies, as the form's call would set them), keeps the answer where the app
 * keeps its session, and leaves the page on a file of the site; the caller opens the screen it needs.
 * The form's own tests use logIn().
 */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { username, password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([tokenKey, session, member]) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
        .localStorage;
      storage.setItem(tokenKey, session);
      storage.setItem('user', member);
    },
    [TOKEN_STORAGE_KEY, token, JSON.stringify(user)] as const,
  );
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

/**
 * Screenshots are for people to look at (`npm run test:e2e` outside CI, or E2E_SCREENS=1); a CI run
 * asserts and moves on: about two hundred full-page captures in software rendering cost it minutes.
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENS === '1' || !process.env.CI;

/** A screenshot of the whole page to look at: test-results/<name>-<project>.png. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  // From the top, so sticky and fixed bars are drawn where a member sees them first.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `test-results/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** A screenshot of one element (a card, a row), or of the viewport, as snap() names it. */
export async function snapPart(target: Locator | Page, testInfo: TestInfo, name: string): Promise<void> {
  if (TAKE_SCREENSHOTS)
    await target.screenshot({ path: `test-results/${name}-${testInfo.project.name}.png` });
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

/** Logs in through the API (as another device would) and answers the access token. */
export async function logInByApi(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/login', {
    data: { username, password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** `POST /api/users/{username}/follow` as the member whose token is given. */
export async function followByApi(
  request: APIRequestContext,
  token: string,
  username: string,
): Promise<void> {
  const response = await request.post(`/api/users/${encodeURIComponent(username.replace(/^@/, ''))}/follow`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Calls the API as the member with this token and answers the JSON body. */
export async function apiAs<T>(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put' | 'delete',
  path: string,
  data: Record<string, unknown> | { multipart: Record<string, string> },
): Promise<T> {
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const response = await request[method](
    path,
    'multipart' in data ? { headers, ...data } : { headers, data },
  );
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Socket.IO's answer to a namespace connect (engine.io message `4`, socket.io CONNECT `0`). */
const isConnectAnswer = (payload: string) => payload.split('\x1e').some((packet) => packet.startsWith('40'));

/**
 * Watches the page's live connection: `connected` turns true once the server has accepted it (its
 * connect answer, over long polling or the WebSocket), so live events sent after that reach the page.
 * Start watching before the page opens the connection; wait with `expect.poll(() => live.connected)`.
 */
export function watchLiveConnection(page: Page): { connected: boolean } {
  const live = { connected: false };
  const readPoll = async (response: Response) => {
    const request = response.request();
    if (!response.url().includes('/socket.io/') || request.method() !== 'GET') return;
    if (isConnectAnswer(await response.text().catch(() => ''))) live.connected = true;
  };
  page.on('response', (response) => void readPoll(response));
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && isConnectAnswer(payload)) live.connected = true;
    }),
  );
  return live;
}

/** A title no other run has used: the project's name and the time. */
export function uniqueTitle(testInfo: TestInfo, base: string): string {
  counter += 1;
  return `${base} ${testInfo.project.name} ${(Date.now() % 36 ** 6).toString(36)}${counter}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real RGB picture of `width` × `height` (a colour gradient with some noise, so it does not
 * compress to nothing), for upload tests.
 */
export function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = seed >>> 27;
      const at = row + 1 + x * 3;
      rows[at] = (x * 255) / width + noise;
      rows[at + 1] = 106 + noise;
      rows[at + 2] = (y * 255) / height;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's serious and critical findings on the page as it is now (injected by evaluate: the CSP refuses script tags). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** Waits until the picture has really been downloaded and decoded (its natural width is known). */
export async function expectPictureLoaded(picture: Locator): Promise<void> {
  await expect
    .poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
}
