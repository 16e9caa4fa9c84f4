import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { apiAs, DEMO_PASSWORD, logIn, newMember, type NewMember, signIn, signUpByApi } from './helpers';

// Stored XSS (docs/security.md#hostile-input): a member types script into every text field they control; every screen
// that shows it is opened, and (a) nothing runs: no `window.__xss`, no dialog, no Content-Security-
// Policy violation (the CSP would block an injected inline handler, but the page must not even try)
// and no injected element in the DOM; (b) the text shows exactly as typed. The shared page's
// preview tags and the WhatsApp share text carry it as text too. Most content is made through the
// API; the post composer and the message composer are the real forms.

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const BREAKOUT = '"><svg onload=window.__xss=1>';
const JS_URL = 'javascript:window.__xss=1';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

/**
 * Makes texts that start with a label no other run uses, then every payload: the label finds the text,
 * the rest is the attack. The run's word is taken once: one search for it must find every field
 * (a clock tick between two fields once gave the job and the bid different words).
 */
function hostileTexts(testInfo: TestInfo) {
  const runWord = `Xss${testInfo.project.name[0]}${(Date.now() % 36 ** 5).toString(36)}`;
  return (field: string, short = false): string => {
    const label = `${runWord} ${field}`;
    return short ? `${label} ${IMG} ${BREAKOUT}` : `${label} ${IMG} ${SCRIPT} ${BREAKOUT} ${JS_URL}`;
  };
}

/** Elements an injection would have made: inline scripts, event-handler attributes, javascript: links. */
const INJECTED_SELECTOR =
  'script:not([src]), [onerror], [onload], [onclick], a[href^="javascript:" i], iframe, object, embed';

interface Guarded {
  page: Page;
  /** Dialogs opened and CSP complaints in the console. */
  problems: string[];
}

/** Watches a page for anything a payload would do if it ran (or tried to run and was blocked). */
async function guard(page: Page): Promise<Guarded> {
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/content security policy|refused to (execute|load|run)/i.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  // An init script is not subject to the page's CSP; it records every violation from the first byte.
  await page.addInitScript({
    content: `window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));`,
  });
  return { page, problems };
}

/** Nothing ran, nothing was blocked, nothing was injected. */
async function expectNothingRan({ page, problems }: Guarded): Promise<void> {
  expect(await page.evaluate('window.__xss')).toBeUndefined();
  expect(await page.evaluate('window.__cspViolations')).toEqual([]);
  expect(await page.evaluate(`document.querySelectorAll(${JSON.stringify(INJECTED_SELECTOR)}).length`)).toBe(
    0,
  );
  expect(problems).toEqual([]);
}

/**
 * Each text shows on the page as typed, whole (the first place it shows; some screens put a word
 * before it, such as "Salary:").
 */
async function expectShown(page: Page, ...texts: string[]): Promise<void> {
  for (const text of texts)
    await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
}

async function openAs(browser: Browser, testInfo: TestInfo, username: string, password: string) {
  const { baseURL, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport });
  const guarded = await guard(await context.newPage());
  await logIn(guarded.page, username, password);
  return guarded;
}

interface LoggedIn {
  token: string;
  user: { id: number };
}

async function logInFull(request: APIRequestContext, member: NewMember): Promise<LoggedIn> {
  const response = await request.post('/api/login', {
    data: { username: member.username, password: member.password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoggedIn;
}

/** A one-second clip, small enough to make in the test (ffmpeg's test pattern). */
async function makeClip(dir: string): Promise<Buffer> {
  const file = path.join(dir, 'clip.mp4');
  await run(FFMPEG, [
    '-y',
    '-loglevel',
    'error',
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10'],
    ...['-f', 'lavfi', '-i', 'sine'],
    ...['-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    '-shortest',
    file,
  ]);
  return readFile(file);
}

test('script typed into every member text field runs nowhere and shows as typed', async ({
  page: posterPage,
  browser,
}, testInfo) => {
  // About 25 fields written and 15 screens opened by three members: about 40 s on a quiet machine,
  // twice that on a busy one.
  test.setTimeout(120_000);
  const workDir = await mkdtemp(path.join(tmpdir(), 'jamii-e2e-xss-'));
  const request = posterPage.request;
  const poster = { ...newMember(testInfo), name: 'Amani O’Brien-Wekesa' };
  const worker = { ...newMember(testInfo), name: 'Baraka Mfanyakazi' };

  // Name, location and bio allow no markup at all (the specified validation rules): the payloads are refused, not stored.
  for (const [field, value] of [
    ['name', `Amani ${IMG}`],
    ['location', `Nyeri ${SCRIPT}`],
    ['bio', `Fundi ${IMG}`],
  ] as const) {
    const refused = await request.post('/api/signup', {
      multipart: {
        username: poster.username,
        name: poster.name,
        email: poster.email,
        location: 'Nyeri',
        bio: 'Fundi.',
        password: poster.password,
        confirmPassword: poster.password,
        [field]: value,
      },
    });
    expect(refused.status(), field).toBe(400);
  }
  await signUpByApi(request, poster);
  await signUpByApi(request, worker);
  const posterAuth = await logInFull(request, poster);
  const workerAuth = await logInFull(request, worker);
  const asPoster = (method: 'post' | 'put', url: string, data: Parameters<typeof apiAs>[4]) =>
    apiAs<{ id: number }>(request, posterAuth.token, method, url, data);
  const asWorker = (method: 'post' | 'put', url: string, data: Parameters<typeof apiAs>[4]) =>
    apiAs<{ id: number }>(request, workerAuth.token, method, url, data);

  // What a member controls, each with its own label.
  const hostile = hostileTexts(testInfo);
  const text = {
    post: hostile('post'),
    headline: hostile('headline', true),
    skill: IMG,
    bio: 'Mjenzi <b>hodari',
    jobTitle: hostile('job title'),
    jobCompany: hostile('company'),
    jobLocation: hostile('job place', true),
    jobType: `${SCRIPT}x`,
    jobDescription: hostile('job description'),
    jobSalary: hostile('salary', true),
    bidTitle: hostile('bid title'),
    bidDescription: hostile('bid description'),
    service: hostile('service'),
    serviceDescription: hostile('service description'),
    serviceLocation: hostile('service place', true),
    videoTitle: hostile('video'),
    videoDescription: hostile('video description'),
    note: hostile('note to self'),
    comment: hostile('comment'),
    offer: hostile('offer'),
    coverNote: hostile('cover note'),
    report: hostile('report'),
    message: hostile('message'),
    review: hostile('review'),
  };

  try {
    // The poster's profile, jobs, bid, service, video and a note to themselves, through the API.
    await asPoster('put', `/api/users/${posterAuth.user.id}`, {
      headline: text.headline,
      skills: [text.skill, SCRIPT, BREAKOUT],
      bio: text.bio,
    });
    const job = await asPoster('post', '/api/jobs', {
      title: text.jobTitle,
      company: text.jobCompany,
      location: text.jobLocation,
      type: text.jobType,
      description: text.jobDescription,
      salary: text.jobSalary,
    });
    const bid = await asPoster('post', '/api/bids', {
      job_title: text.bidTitle,
      max_price: 5000,
      description: text.bidDescription,
    });
    await asPoster('post', '/api/services', {
      title: text.service,
      description: text.serviceDescription,
      location: text.serviceLocation,
      price: 1500,
    });
    const video = await request.post('/api/videos', {
      headers: { Authorization: `Bearer ${posterAuth.token}`, 'X-Requested-With': 'XMLHttpRequest' },
      multipart: {
        title: text.videoTitle,
        description: text.videoDescription,
        video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await makeClip(workDir) },
      },
    });
    expect(video.status(), await video.text()).toBe(201);
    await asPoster('post', '/api/notifications', { user_id: posterAuth.user.id, message: text.note });

    // The post through the real composer.
    const poster$ = await guard(posterPage);
    await signIn(posterPage, poster.username, poster.password);
    await posterPage.goto('/feed?type=post');
    const composer = posterPage.getByRole('form', { name: 'New post' });
    await composer.getByPlaceholder("What's on your mind?").fill(text.post);
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(posterPage.getByText('Post created')).toBeVisible();
    await expectShown(posterPage, text.post);
    const postId = (
      (await (
        await request.get(`/api/posts/user/${posterAuth.user.id}`, {
          headers: { Authorization: `Bearer ${posterAuth.token}` },
        })
      ).json()) as { id: number }[]
    )[0]!.id;

    // The worker comments, offers, applies, reports the post, and is hired and reviewed.
    await asWorker('post', `/api/posts/${postId}/comments`, { body: text.comment });
    await asWorker('post', '/api/bids/offer', { bid_id: bid.id, offer_price: 4000, message: text.offer });
    const application = await asWorker('post', `/api/jobs/${job.id}/apply`, { message: text.coverNote });
    await asWorker('post', '/api/reports', {
      target_type: 'post',
      target_id: postId,
      reason: 'other',
      note: text.report,
    });
    const hired = await request.patch(`/api/applications/${application.id}`, {
      headers: { Authorization: `Bearer ${posterAuth.token}`, 'X-Requested-With': 'XMLHttpRequest' },
      data: { status: 'hired' },
    });
    expect(hired.status(), await hired.text()).toBe(200);
    await asPoster('post', '/api/reviews', { application_id: application.id, rating: 5, text: text.review });

    // The worker's message through the real message composer.
    const conversation = await asWorker('post', '/api/conversations', { username: poster.username });
    const worker$ = await openAs(browser, testInfo, worker.username, worker.password);
    const workerPage = worker$.page;
    await workerPage.goto(`/messages/${conversation.id}`);
    await workerPage.getByRole('textbox', { name: 'Write a message' }).fill(text.message);
    await workerPage.getByRole('button', { name: 'Send' }).click();
    await expect(workerPage.getByTestId('message').filter({ hasText: text.message })).toHaveAttribute(
      'data-state',
      'sent',
    );
    await expectNothingRan(worker$);

    // Every screen where the poster reads it.
    const openComments = () => posterPage.getByRole('button', { name: '1 comment' }).click();
    const screens: [string, string[], (() => Promise<void>)?][] = [
      ['/feed', [text.post, text.jobTitle, text.bidTitle]],
      [`/p/${postId}`, [text.post, text.comment], openComments],
      [
        `/user/${poster.username.replace(/^@/, '')}`,
        [poster.name, text.headline, text.bio, text.skill, SCRIPT, BREAKOUT],
      ],
      [
        `/jobs?search=${encodeURIComponent(text.jobTitle.split(' ')[0]!)}`,
        [text.jobTitle, text.jobDescription],
      ],
      [
        `/explore/jobs/${job.id}`,
        [text.jobTitle, text.jobCompany, text.jobLocation, text.jobType, text.jobDescription, text.jobSalary],
        // The tab's title too (React writes it as text).
        () => expect(posterPage).toHaveTitle(`${text.jobTitle} · Jamii`),
      ],
      [`/jobs/${job.id}/applications`, [text.coverNote]],
      ['/bids', [text.bidTitle, text.bidDescription, text.offer]],
      ['/services', [text.service, text.serviceDescription, text.serviceLocation]],
      ['/videos?kind=short', [text.videoTitle]],
      ['/shorts', [text.videoTitle, text.videoDescription]],
      [`/messages/${conversation.id}`, [text.message]],
      ['/notifications', [text.note, text.jobTitle, text.bidTitle]],
      [`/explore?search=${encodeURIComponent(text.jobTitle.split(' ')[0]!)}`, [text.jobTitle, text.bidTitle]],
    ];
    for (const [url, shown, act] of screens) {
      await test.step(url, async () => {
        await posterPage.goto(url);
        await act?.();
        await expectShown(posterPage, ...shown);
        await expectNothingRan(poster$);
      });
    }

    // The worker reads the review on their profile and the notifications that name the job.
    await workerPage.goto(`/user/${worker.username.replace(/^@/, '')}`);
    await workerPage.getByRole('tab', { name: 'Reviews' }).click();
    await expectShown(workerPage, text.review);
    await workerPage.goto('/notifications');
    await expect(workerPage.getByText(text.jobTitle).first()).toBeVisible();
    await expectNothingRan(worker$);
    await workerPage.context().close();

    // The admin's report queue.
    const admin$ = await openAs(browser, testInfo, 'msimamizi', DEMO_PASSWORD);
    await admin$.page.goto('/admin/reports');
    const group = admin$.page.getByRole('article', { name: `post #${postId}` });
    await expect(group).toContainText(text.report);
    await expect(group).toContainText(text.post);
    await expectNothingRan(admin$);
    await admin$.page.context().close();

    // The shared page's preview tags carry the text escaped; the page has no more script than the app
    // shell (as served for /signup: `/` and `/login` are drawn by the build, with their boot script
    // and the app's scripts held in a <template>).
    const plain = await (await request.get('/signup')).text();
    for (const url of [`/p/${postId}`, `/explore/jobs/${job.id}`]) {
      const html = await (await request.get(url)).text();
      expect(html).not.toContain(IMG);
      expect(html).not.toContain('<svg');
      expect(html.split('<script').length).toBe(plain.split('<script').length);
      expect(html).toContain('&lt;img src=x onerror=window.__xss=1&gt;');
    }

    // The WhatsApp share line is the text as typed, in the link's query (never markup).
    await posterPage.goto(`/p/${postId}`);
    await posterPage
      .getByRole('button', { name: /^Share/ })
      .first()
      .click();
    const whatsApp = posterPage.getByRole('link', { name: 'Share on WhatsApp' });
    const href = (await whatsApp.getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toContain(
      `${poster.name} on Jamii: ${text.post.slice(0, 60)}`,
    );
    await expectNothingRan(poster$);

    // The guard is honest: markup inserted by hand is blocked by the CSP, and the guard sees it.
    await posterPage.evaluate(`document.body.insertAdjacentHTML('beforeend', ${JSON.stringify(IMG)})`);
    await expect
      .poll(() => posterPage.evaluate('window.__cspViolations.length'), { message: 'a CSP violation' })
      .toBeGreaterThan(0);
    expect(await posterPage.evaluate('window.__xss')).toBeUndefined();
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
});

test('the built app loads with no Content-Security-Policy violation', async ({ page }) => {
  const guarded = await guard(page);
  for (const url of ['/', '/login', '/signup', '/jobs']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNothingRan(guarded);
  }
  const answer = await page.request.get('/login');
  const csp = answer.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
});
