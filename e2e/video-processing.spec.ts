import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { en } from '../apps/web/src/lib/i18n/en';
import { sw } from '../apps/web/src/lib/i18n/sw';
import { newMember, seriousAxeViolations, signIn, snap, uniqueTitle } from './helpers';

// docs/operations.md: the uploader's card says "Processing…" while the low-data copies are made. That state
// lasts as long as a rendition, so the screen is looked at with the list answered as the server
// answers it while the job waits (processing: true); the clip is too small for copies, so no job
// runs and no videoReady clears it meanwhile. The live clearing is the web and integration tests'.

const run = promisify(execFile);

async function tinyClip() {
  const dir = await mkdtemp(path.join(tmpdir(), 'jamii-e2e-processing-'));
  const file = path.join(dir, 'tiny.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=5', '-f', 'lavfi', '-i', 'sine'],
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', file],
  ]);
  const data = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  return data;
}

async function memberWithVideo(request: APIRequestContext, language: 'en' | 'sw', title: string) {
  const member = newMember(test.info());
  const signup = await request.post('/api/signup', {
    multipart: {
      username: member.username,
      name: member.name,
      email: member.email,
      password: member.password,
      confirmPassword: member.password,
      language,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await request.post('/api/login', {
    data: { username: member.username, password: member.password },
  });
  const { token } = (await login.json()) as { token: string };
  const upload = await request.post('/api/videos', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { title, video: { name: 'tiny.mp4', mimeType: 'video/mp4', buffer: await tinyClip() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return member;
}

/** Video lists answered as while every video's renditions job waits. */
async function answerAsProcessing(page: Page) {
  await page.route('**/api/videos/short?**', async (route) => {
    const response = await route.fetch();
    const videos = (await response.json()) as Record<string, unknown>[];
    await route.fulfill({ response, json: videos.map((video) => ({ ...video, processing: true })) });
  });
}

for (const language of ['en', 'sw'] as const) {
  const texts = language === 'en' ? en : { ...en, ...sw };
  test(`the uploader's card says Processing… (${language}), with no serious accessibility problem`, async ({
    page,
    request,
  }, testInfo) => {
    const title = uniqueTitle(testInfo, 'Ngoma za Pwani');
    const member = await memberWithVideo(request, language, title);
    await answerAsProcessing(page);
    await signIn(page, member.username, member.password);
    await page.goto(`/videos?kind=short`);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.getByTestId('video-processing')).toHaveText(texts['video.processing']!);
    // Every video in the list is answered as processing; only the uploader's own card says so.
    await expect(page.getByTestId('video-processing')).toHaveCount(1);
    await snap(page, testInfo, `video-processing-${language}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
