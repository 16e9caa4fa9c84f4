import { expect, test, type Page } from '@playwright/test';
import { holdTheApp, signIn, signUpMembers } from './helpers';

/** How many times each API path was asked for with a GET, from now on. */
function countApiGets(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
    const path = url.pathname + url.search;
    counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return counts;
}

// feed.html and jobs.html start the screen's first calls before the app's code has arrived
// (apps/web/src/app/early-start.ts); the app then takes those answers instead of asking again.
test.describe("a cold start's first API calls", () => {
  test("/feed asks for the member's identity, counts, posts, jobs and bids before the app arrives, each once", async ({
    page,
    request,
  }, testInfo) => {
    const [member] = await signUpMembers(request, testInfo, 'Zawadi Wairimu');
    await signIn(page, member.username, member.password);
    const gets = countApiGets(page);
    const { entries, letThrough } = await holdTheApp(page);

    await page.goto('/feed', { waitUntil: 'commit' });
    const first = [
      '/api/me',
      `/api/users/${member.username}`,
      '/api/posts?limit=10',
      '/api/jobs?limit=10',
      '/api/bids?limit=10',
    ];
    await expect.poll(() => first.filter((path) => gets.has(path))).toEqual(first);
    expect(entries).toHaveLength(1);

    letThrough();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(Object.fromEntries(first.map((path) => [path, gets.get(path)]))).toEqual(
      Object.fromEntries(first.map((path) => [path, 1])),
    );
  });

  test("/jobs asks for the page of the address's filters and the filter options before the app arrives, each once", async ({
    page,
  }) => {
    const gets = countApiGets(page);
    const { letThrough } = await holdTheApp(page);

    await page.goto('/jobs?type=Contract', { waitUntil: 'commit' });
    const first = ['/api/jobs?limit=10&type=Contract', '/api/jobs/filters'];
    await expect.poll(() => first.filter((path) => gets.has(path))).toEqual(first);

    letThrough();
    // The options have arrived (the demo jobs include contracts) and the page is drawn from them.
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('Contract');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(first.map((path) => gets.get(path))).toEqual([1, 1]);
  });
});
