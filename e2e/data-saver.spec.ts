import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectPictureLoaded,
  logIn,
  logInByApi,
  makePng,
  seriousAxeViolations,
  snap,
  uniqueTitle,
} from './helpers';

// Data saver (docs/features/kiswahili.md): with `Save-Data: on` (as a browser's or an operator's data saver sends it)
// the feed downloads no picture until the member taps one; the switch in Settings turns it off.

/** A post with a real picture (re-encoded by the server into a 1280 px and a 640 px WebP). */
async function postPicture(request: APIRequestContext, token: string, content: string) {
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    multipart: {
      content,
      image: { name: 'mandhari.png', mimeType: 'image/png', buffer: makePng(1600, 1200) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; image_feed_url: string; image_feed_bytes: number };
}

/** Every picture of posts and profiles the page asks for (data: URIs are no requests). */
function watchMediaImages(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image' && new URL(request.url()).pathname.startsWith('/media/')) {
      asked.push(new URL(request.url()).pathname);
    }
  });
  return asked;
}

const test = base.extend<{
  /**
   * Wanjiku posts a picture captioned `title` (made unique to the test); the page starts watching
   * picture downloads and signs in as Otieno.
   */
  pictureSeenByOtieno: (title: string) => Promise<{
    text: string;
    post: Awaited<ReturnType<typeof postPicture>>;
    asked: string[];
  }>;
}>({
  pictureSeenByOtieno: async ({ page, request }, use, testInfo) => {
    await use(async (title) => {
      const text = uniqueTitle(testInfo, title);
      const token = await logInByApi(request, '@wanjiku_k', DEMO_PASSWORD);
      const post = await postPicture(request, token, text);
      const asked = watchMediaImages(page);
      await logIn(page, 'otieno_dev', DEMO_PASSWORD);
      return { text, post, asked };
    });
  },
});

/** A signed-in member's browser with a cold cache, sending Save-Data or not. */
async function signedInContext(browser: Browser, testInfo: TestInfo, page: Page, saveData: boolean) {
  const { baseURL, viewport } = testInfo.project.use;
  return browser.newContext({
    baseURL,
    viewport,
    storageState: await page.context().storageState(),
    ...(saveData ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {}),
  });
}

test.describe('data saver', () => {
  test.describe('with Save-Data sent', () => {
    test.use({ extraHTTPHeaders: { 'Save-Data': 'on' } });

    test('the feed downloads no picture before a tap; a tap loads the feed size', async ({
      page,
      pictureSeenByOtieno,
    }, testInfo) => {
      const { text, post, asked } = await pictureSeenByOtieno('Mandhari ya Naivasha leo');
      await page.goto('/feed?feed=all');
      const card = page.getByRole('article').filter({ hasText: text });
      const kb = Math.round(post.image_feed_bytes / 1000);
      const tap = card.getByRole('button', { name: new RegExp(`Tap to load · ${kb} kB`) });
      await expect(tap).toBeVisible();
      await expect(card.getByTestId('image-placeholder')).toHaveAttribute('src', /^data:image\/webp;base64,/);
      await snap(page, testInfo, 'data-saver-feed');
      expect(asked).toEqual([]);

      await tap.click();
      const picture = card.getByRole('img', { name: 'Picture shared by Wanjiku Kamau' });
      await expectPictureLoaded(picture);
      expect(asked).toEqual([post.image_feed_url]);
      await expect(card.getByRole('link', { name: /^Full size · \d+ kB$/ })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    test('Settings says why it is on, and turning it off brings pictures back', async ({
      page,
      pictureSeenByOtieno,
    }, testInfo) => {
      const { text, post, asked } = await pictureSeenByOtieno('Chai ya asubuhi Kericho');
      await page.goto('/profile/me?tab=settings');
      const toggle = page.getByRole('switch', { name: 'Save data on this device' });
      await expect(toggle).toBeChecked();
      await expect(page.getByText(/your browser asked to save data/)).toBeVisible();
      await toggle.scrollIntoViewIfNeeded();
      await snap(page, testInfo, 'data-saver-settings');
      expect(await seriousAxeViolations(page)).toEqual([]);

      await toggle.uncheck();
      await expect(page.getByText(/your browser asked to save data/)).toBeHidden();
      await page.goto('/feed?feed=all');
      const card = page.getByRole('article').filter({ hasText: text });
      const picture = card.getByRole('img', { name: 'Picture shared by Wanjiku Kamau' });
      await expectPictureLoaded(picture);
      expect(asked).toContain(post.image_feed_url);
      await expect(card.getByRole('button', { name: /Tap to load/ })).toHaveCount(0);
    });
  });

  test('without Save-Data, on a fast connection, the feed shows pictures at once', async ({
    page,
    pictureSeenByOtieno,
  }) => {
    const { text, post, asked } = await pictureSeenByOtieno('Soko la Marikiti');
    await page.goto('/feed?feed=all');
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card.getByRole('img', { name: 'Picture shared by Wanjiku Kamau' })).toBeVisible();
    await expect.poll(() => asked).toContain(post.image_feed_url);
    await expect(card.getByRole('button', { name: /Tap to load/ })).toHaveCount(0);
  });

  /**
   * The bytes of a signed-in member's first visit to the feed (a cold cache), by resource type, with
   * the data saver on and off; written to the test's output and attached to its report.
   * `E2E_PORT=3211 npx playwright test e2e/data-saver.spec.ts -g "bytes of a first visit"`
   */
  test('bytes of a first visit to the feed, with the data saver on and off', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const token = await logInByApi(request, '@wanjiku_k', DEMO_PASSWORD);
    const texts: string[] = [];
    for (let n = 0; n < 4; n++) {
      texts.push(uniqueTitle(testInfo, `Picha ya safari ${n + 1}`));
      await postPicture(request, token, texts[n]!);
    }
    await logIn(page, 'otieno_dev', DEMO_PASSWORD);

    const visit = async (saveData: boolean) => {
      const context = await signedInContext(browser, testInfo, page, saveData);
      const visitor = await context.newPage();
      const sizes: Promise<[string, number]>[] = [];
      visitor.on('requestfinished', (finished) =>
        sizes.push(
          finished
            .sizes()
            .then((size) => [finished.resourceType(), size.responseBodySize + size.responseHeadersSize]),
        ),
      );
      await visitor.goto('/feed?feed=all');
      const newest = visitor.getByRole('article').filter({ hasText: texts[3]! });
      if (saveData) {
        await expect(newest.getByRole('button', { name: /Tap to load/ })).toBeVisible();
      } else {
        const picture = newest.getByRole('img', { name: 'Picture shared by Wanjiku Kamau' });
        await expectPictureLoaded(picture);
      }
      await expect(visitor.getByRole('article').first()).toBeVisible();
      // What finished up to here is counted; a request finishing as the context closes is not
      // (its sizes can no longer be read).
      visitor.removeAllListeners('requestfinished');
      const byType: Record<string, number> = {};
      for (const [type, bytes] of await Promise.all(sizes)) byType[type] = (byType[type] ?? 0) + bytes;
      await context.close();
      return byType;
    };

    const on = await visit(true);
    const off = await visit(false);
    const total = (byType: Record<string, number>) => Object.values(byType).reduce((a, b) => a + b, 0);
    const report = {
      viewport: testInfo.project.name,
      on: { ...on, total: total(on) },
      off: { ...off, total: total(off) },
    };
    console.log(`feed first-visit bytes ${JSON.stringify(report)}`);
    await testInfo.attach('feed-bytes', {
      body: JSON.stringify(report, null, 2),
      contentType: 'application/json',
    });

    expect(on.image ?? 0).toBe(0);
    expect(off.image ?? 0).toBeGreaterThan(0);
    expect(total(on)).toBeLessThan(total(off));
  });
});
