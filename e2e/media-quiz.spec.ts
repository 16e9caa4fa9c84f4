import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { logIn, newMember, type NewMember, signIn, signUpByApi, snap } from './helpers';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

// The e2e project compiles without the DOM library; this is the little of <video> the tests read.
interface MediaState {
  duration: number;
  currentTime: number;
  paused: boolean;
  muted: boolean;
  preload: string;
}

const media = (video: Locator) =>
  video.evaluate((element) => {
    const { duration, currentTime, paused, muted, preload } = element as unknown as MediaState;
    return { duration, currentTime, paused, muted, preload };
  });

interface ProgressSample {
  value: number;
  /** Width of the bar's filled part, in CSS pixels. */
  fill: number;
}

// Runs in the page: keeps every value the upload progress bar shows, with the width of its fill.
function recordProgressValues() {
  interface Box {
    getAttribute(name: string): string | null;
    getBoundingClientRect(): { width: number };
  }
  interface PageGlobals {
    progressSeen: ProgressSample[];
    document: { body: unknown; querySelector(selector: string): Box | null };
    MutationObserver: new (callback: () => void) => { observe(node: unknown, options: object): void };
  }
  const page = globalThis as unknown as PageGlobals;
  const seen: ProgressSample[] = [];
  page.progressSeen = seen;
  new page.MutationObserver(() => {
    const bar = page.document.querySelector('[role="progressbar"]');
    const fill = page.document.querySelector('[data-testid="upload-progress-fill"]');
    const value = bar?.getAttribute('aria-valuenow');
    if (value == null || !fill || seen.at(-1)?.value === Number(value)) return;
    seen.push({ value: Number(value), fill: fill.getBoundingClientRect().width });
  }).observe(page.document.body, { subtree: true, childList: true, attributes: true });
}

/** the specified states ranks, written out here so the test does not trust the code it checks. */
function expectedRank(score: number): string {
  if (score === 10) return 'Gaming Master';
  if (score >= 8) return 'Gaming Expert';
  if (score >= 6) return 'Gaming Enthusiast';
  return 'Gaming Novice';
}

async function signUpAndLogIn(page: Page, request: APIRequestContext, member: NewMember) {
  await signUpByApi(request, member);
  await logIn(page, member.username, member.password);
}

test.describe('quiz and achievements', () => {
  test('plays a round to Quiz Complete!, then sees it on /achievements and in the games tab', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember(testInfo);
    await signUpAndLogIn(page, request, member);

    await page.goto('/kaquiz');
    await expect(page.getByText('Question 1 of 10')).toBeVisible();
    // Outside the common layout: no bottom nav or top bar, a way back to the apps instead.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Apps' })).toHaveAttribute('href', '/apps');
    await expect(page.getByRole('radio')).toHaveCount(4);

    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await expect(page.getByText('Please select an answer')).toBeVisible();
    await snap(page, testInfo, 'kaquiz-question');

    const progress = page.getByRole('progressbar', { name: 'Quiz progress' });
    for (let question = 1; question <= 10; question += 1) {
      await expect(page.getByText(`Question ${question} of 10`)).toBeVisible();
      await expect(progress).toHaveAttribute('aria-valuenow', String(question));
      await expect(page.getByTestId('quiz-progress-fill')).toHaveAttribute(
        'style',
        `width: ${question * 10}%;`,
      );
      // The right answer cannot be read from the page; any answer will do, the score is what it is.
      await page
        .getByRole('radio')
        .nth(question % 4)
        .check();
      await page.getByRole('button', { name: 'Submit Answer' }).click();
    }

    await expect(page.getByRole('heading', { name: 'Quiz Complete!' })).toBeVisible();
    const scoreLine = page.getByTestId('quiz-score');
    await expect(scoreLine).toHaveText(/You scored \d+ out of 10/);
    const scoreText = (await scoreLine.textContent()) ?? '';
    const score = Number(/You scored (\d+) out of 10/.exec(scoreText)?.[1]);
    expect(score).toBeGreaterThanOrEqual(0);
    await expect(page.getByTestId('quiz-rank')).toHaveText(expectedRank(score));
    await expect(page.getByText('Your result is saved in your achievements.')).toBeVisible();
    await snap(page, testInfo, 'kaquiz-result');

    await page.getByRole('link', { name: 'See your achievements' }).click();
    await expect(page).toHaveURL(/\/achievements$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Achievements' })).toBeVisible();
    const roundsPlayed = page
      .getByText('Rounds played', { exact: true })
      .locator('xpath=following-sibling::dd');
    await expect(roundsPlayed).toHaveText('1');
    const history = page.getByRole('region', { name: 'Recent rounds' });
    await expect(history.getByText(`${score}/10`)).toBeVisible();
    await expect(page.getByText('First round', { exact: true })).toBeVisible();
    await snap(page, testInfo, 'achievements');

    await page.goto('/profile/me?tab=games');
    await expect(page.getByRole('tab', { name: 'Games' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByText(expectedRank(score))).toBeVisible();
    await snap(page, testInfo, 'profile-games');
  });

  test('Play Again starts a new round', async ({ page, request }, testInfo) => {
    await signUpAndLogIn(page, request, newMember(testInfo));
    await page.goto('/kaquiz');
    for (let question = 1; question <= 10; question += 1) {
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Submit Answer' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Quiz Complete!' })).toBeVisible();

    await page.getByRole('button', { name: 'Play Again' }).click();

    await expect(page.getByText('Question 1 of 10')).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  });
});

test.describe('videos', () => {
  let workDir = '';
  const file = (name: string) => path.join(workDir, name);

  test.beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'jamii-e2e-video-'));
    const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];
    const encode = [
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    ];
    await run(FFMPEG, [
      '-y',
      '-loglevel',
      'error',
      ...lavfi('testsrc=size=320x240:rate=15'),
      ...lavfi('sine'),
      '-t',
      '5',
      ...encode,
      file('short.mp4'),
    ]);
    // A phone-shaped short, and a long video (over 60 s) kept small with a low frame rate.
    await run(FFMPEG, [
      '-y',
      '-loglevel',
      'error',
      ...lavfi('testsrc2=size=240x426:rate=15'),
      ...lavfi('sine=frequency=330'),
      '-t',
      '8',
      ...encode,
      file('portrait.mp4'),
    ]);
    await run(FFMPEG, [
      '-y',
      '-loglevel',
      'error',
      ...lavfi('testsrc2=size=320x180:rate=10'),
      ...lavfi('sine=frequency=440'),
      '-t',
      '65',
      '-crf',
      '35',
      ...encode,
      file('long.mp4'),
    ]);
  });

  test.afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function uploadByApi(request: APIRequestContext, member: NewMember, name: string, title: string) {
    const login = await request.post('/api/login', {
      data: { username: `@${member.username}`, password: member.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const response = await request.post('/api/videos', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        title,
        description: 'Imepakiwa na jaribio.',
        video: { name, mimeType: 'video/mp4', buffer: await readFile(file(name)) },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number; kind: string };
  }

  test('uploads a short from the form with a progress bar, then plays and seeks it on /shorts', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember(testInfo);
    const title = `Matatu ride ${member.username}`;
    await signUpAndLogIn(page, request, member);

    await page.goto('/videos');
    await page.getByRole('link', { name: 'Upload a video' }).first().click();
    await expect(page.getByLabel(/Choose a video/)).toBeAttached();
    await page.getByLabel(/Choose a video/).setInputFiles(file('short.mp4'));
    await expect(page.getByText(/short\.mp4 \(0\.1 MB\)/)).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description (optional)').fill('Safari ya jioni kutoka Thika.');
    await snap(page, testInfo, 'upload-video-form');

    // A slow upload link (about 3G), so the bar can be watched; every value it shows is recorded.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: -1,
      uploadThroughput: 48 * 1024,
    });
    await page.evaluate(recordProgressValues);
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await snap(page, testInfo, 'upload-video-progress');

    await expect(page).toHaveURL(/\/shorts$/, { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const seen = await page.evaluate(
      () => (globalThis as unknown as { progressSeen: ProgressSample[] }).progressSeen,
    );
    const values = seen.map((sample) => sample.value);
    expect(
      seen.some((sample) => sample.value > 0 && sample.value < 99 && sample.fill > 0),
      `progress seen: ${JSON.stringify(seen)}`,
    ).toBe(true);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    await expect(page.getByText('Video uploaded')).toBeVisible();

    const slide = page.getByRole('region', { name: title });
    await slide.scrollIntoViewIfNeeded();
    const video = slide.locator('video');
    await expect(video).toHaveAttribute('preload', 'metadata');
    await expect
      .poll(async () => (await media(video)).duration, { message: 'duration after metadata' })
      .toBeGreaterThan(4);
    // The short on screen plays, muted until the member taps.
    await expect.poll(async () => (await media(video)).paused).toBe(false);
    expect((await media(video)).muted).toBe(true);
    await slide.getByRole('button', { name: 'Tap to unmute' }).click();
    expect((await media(video)).muted).toBe(false);

    await slide.getByRole('button', { name: 'Pause' }).click();
    const seek = slide.getByRole('slider', { name: 'Seek' });
    await seek.focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await media(video)).currentTime).toBeLessThan(0.5);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await media(video)).currentTime).toBeCloseTo(3, 0);
    await expect(seek).toHaveAttribute('aria-valuetext', /^0:03 of 0:05$/);
    await snap(page, testInfo, 'shorts-uploaded');
  });

  test('lists long and short videos with the Long/Short toggle, and the black /shorts screen', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember(testInfo);
    await signUpByApi(request, member);
    const longTitle = `Nairobi National Park ${member.username}`;
    const shortTitle = `Chapati flip ${member.username}`;
    const long = await uploadByApi(request, member, 'long.mp4', longTitle);
    const short = await uploadByApi(request, member, 'portrait.mp4', shortTitle);
    expect(long.kind).toBe('long');
    expect(short.kind).toBe('short');
    await signIn(page, member.username, member.password);

    await page.goto('/videos');
    await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: longTitle }) });
    const longVideo = card.locator('video');
    await expect(longVideo).toHaveAttribute('preload', 'metadata');
    await expect.poll(async () => (await media(longVideo)).duration).toBeGreaterThan(60);
    // A long video never starts by itself.
    expect((await media(longVideo)).paused).toBe(true);
    await expect(card.getByRole('button', { name: `Delete ${longTitle}` })).toBeVisible();
    await snap(page, testInfo, 'videos-long');

    await page.getByRole('button', { name: 'Short' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shorts' })).toBeVisible();
    await expect(page).toHaveTitle('Shorts · Jamii');
    await expect(page.getByRole('heading', { name: shortTitle })).toBeVisible();
    await snap(page, testInfo, 'videos-short');

    await page.goto('/shorts');
    const first = page.getByRole('region', { name: shortTitle });
    await expect(first).toBeVisible();
    const shortVideo = first.locator('video');
    await expect.poll(async () => (await media(shortVideo)).paused).toBe(false);
    // Only the short on screen and the next one may fetch anything.
    const players = await page.locator('video').count();
    expect(players).toBeLessThanOrEqual(2);
    await snap(page, testInfo, 'shorts');

    // The uploader's videos tab, opened by the uploader link.
    await first.getByRole('link', { name: new RegExp(member.name) }).click();
    await expect(page).toHaveURL(/\/profile\/\d+\?tab=videos$/);
    await expect(page.getByRole('tabpanel', { name: 'Videos' }).getByText(longTitle)).toBeVisible();
    await snap(page, testInfo, 'profile-videos');

    // The owner deletes the long video.
    await page.goto('/videos');
    await card.getByRole('button', { name: `Delete ${longTitle}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this video?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Video deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: longTitle })).toHaveCount(0);
  });
});
