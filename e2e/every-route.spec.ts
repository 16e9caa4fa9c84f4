import { expect, test, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { DEMO_PASSWORD, seriousAxeViolations, signIn, storedItem } from './helpers';

// Every screen fits the phone it is used on (docs/web-performance.md): at 375 px (and at 1280 px) no route
// scrolls sideways and no button or link sits off-screen outside a box that scrolls on purpose; and
// every screen passes axe (no serious or critical finding).
// Signed in as the seeded admin, so the admin screens are walked too.

const ADMIN = 'msimamizi';
/**
 * A walk of every signed-in route, each screen loaded, measured and checked by axe: 35–55 s on a
 * quiet CI machine, over 120 s once on one busy with benchmarks beside it. A bound, not a measure.
 */
const WALK_TIMEOUT_MS = 300_000;

// Runs in the page (the e2e project compiles without the DOM library, so it is a string).
const CONTROLS_OFF_SCREEN = `(() => {
  const width = document.documentElement.clientWidth;
  const scrollsSideways = (element) => {
    for (let node = element; node && node !== document.body; node = node.parentElement) {
      const overflowX = getComputedStyle(node).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth) return true;
    }
    return false;
  };
  return [...document.querySelectorAll('a[href], button, input, select, textarea, [role="tab"]')]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      if (getComputedStyle(element).visibility === 'hidden') return false;
      return (box.right > width + 1 || box.left < -1) && !scrollsSideways(element.parentElement);
    })
    .map((element) => {
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      return element.tagName.toLowerCase() + ' "' + label.slice(0, 40) + '"';
    });
})()`;

/** Buttons and links whose box leaves the viewport, unless an ancestor scrolls sideways by design. */
function controlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(CONTROLS_OFF_SCREEN);
}

/** The route fits, and axe finds nothing serious or critical on it. */
async function expectFits(page: Page, route: string) {
  expect(await seriousAxeViolations(page), `${route}: axe`).toEqual([]);
  const sideways = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(sideways, `${route} scrolls sideways by ${sideways} px`).toBeLessThanOrEqual(0);
  expect(await controlsOffScreen(page), `${route}: controls off-screen`).toEqual([]);
}

/** The routes a signed-in admin can open; ids of a job and a post from the demo content. */
async function signedInRoutes(page: Page): Promise<string[]> {
  const jobs = (await (await page.request.get('/api/jobs?limit=1')).json()) as { id: number }[];
  const posts = (await (await page.request.get('/api/posts?limit=1')).json()) as { id: number }[];
  return [
    '/feed',
    '/feed?type=post',
    '/jobs',
    '/jobs?county=Kisumu',
    '/bids',
    '/services',
    '/videos',
    '/shorts',
    '/create',
    '/create?tab=job',
    '/create?tab=bid',
    '/create?tab=service',
    '/create?tab=video',
    '/explore',
    '/explore?county=Nairobi',
    '/explore/users',
    `/explore/jobs/${jobs[0]!.id}`,
    `/p/${posts[0]!.id}`,
    '/explore/topics/nairobi',
    '/kaquiz',
    '/achievements',
    '/notifications',
    '/messages',
    '/profile/me',
    '/profile/me?tab=settings',
    '/profile/me?tab=followers',
    '/user/wanjiku_k',
    '/settings/blocked',
    '/settings/security',
    '/settings/notifications',
    '/settings/employer',
    '/jobs/alerts',
    '/admin/jobs',
    '/admin/reports',
    '/admin/members',
    '/admin/audit',
    '/admin/payments',
    '/admin/employers',
    '/admin/deliveries',
    '/apps',
  ];
}

async function walk(page: Page, routes: readonly string[], language: 'en' | 'sw') {
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
    await expect(page.locator('html'), route).toHaveAttribute('lang', language);
    await expectFits(page, route);
  }
}

test('every route fits the screen, signed in as an admin', async ({ page }) => {
  test.setTimeout(WALK_TIMEOUT_MS);
  const routes = await signedInRoutes(page);
  await signIn(page, ADMIN, DEMO_PASSWORD);
  await walk(page, routes, 'en');
});

// Kiswahili words run longer than English ones: every screen is walked again in Kiswahili.
test('every route fits the screen in Kiswahili too', async ({ page }) => {
  test.setTimeout(WALK_TIMEOUT_MS);
  const routes = await signedInRoutes(page);
  await signIn(page, ADMIN, DEMO_PASSWORD);
  const token = await storedItem(page, TOKEN_STORAGE_KEY);
  const admin = JSON.parse((await storedItem(page, 'user')) ?? '{}') as { id: number };
  const setLanguage = (language: 'en' | 'sw') =>
    page.request.put(`/api/users/${admin.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { language },
    });
  try {
    await page.goto('/apps');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await walk(page, routes, 'sw');
  } finally {
    // The demo admin reads English in every other spec.
    expect((await setLanguage('en')).ok()).toBe(true);
  }
});

const SIGNED_OUT_ROUTES = [
  '/',
  '/login',
  '/login/phone',
  '/signup',
  '/signup/phone',
  '/forgot-password',
  '/verify-email?token=x',
  '/no-such-page',
];

test('the signed-out screens fit the screen', async ({ page }) => {
  await walk(page, SIGNED_OUT_ROUTES, 'en');
});

test.describe('in a browser set to Kiswahili', () => {
  test.use({ locale: 'sw-KE' });

  test('the signed-out screens fit the screen', async ({ page }) => {
    await walk(page, SIGNED_OUT_ROUTES, 'sw');
  });
});
