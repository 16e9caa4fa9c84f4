import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { VideoDto } from '@jamii/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_JOB } from '../src/features/notifications/deliveries';
import { SWEEP_JOB } from '../src/features/payments/payments.settlement';
import { openTestBucket, type TestBucket } from '../src/test/s3-server';
import {
  createPostgresDatabase,
  startServerProcess,
  startWorkerProcess,
  type ServerProcess,
  type WorkerProcess,
} from '../src/test/server-process';
import { openSocket, type TestSocket } from '../src/test/sockets';

// docs/operations.md: a worker killed with SIGKILL mid-rendition. One instance answers requests (ROLE=web)
// and two workers (ROLE=worker, data folders of their own) run the jobs, on one PostgreSQL, Redis
// and bucket. Worker A's ffmpeg never finishes a rendition, so A is certainly mid-rendition when it
// is killed; its lease, renewed while it lived, then runs out within seconds (JOB_LEASE_SECONDS=3),
// worker B takes the job again, and one set of copies exists: rows and objects, no duplicates.
// Every wait polls what a process shows (the job's row, a file, an event) up to a deadline.

const run = promisify(execFile);
const PASSWORD = 'Tuko-Pamoja-2024!';
const LEASE_SECONDS = '3';

/** A 2-second 854×480 H.264/AAC clip: worth a 240p and a 360p copy. */
async function makeClip(dir: string) {
  const file = path.join(dir, 'clip.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=854x480:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', file],
  ]);
  return readFileSync(file);
}

/**
 * An ffmpeg for worker A: everything runs as usual except a rendition (the only command with -crf),
 * which marks that it began and then never ends.
 */
function writeStuckFfmpeg(dir: string, marker: string) {
  const file = path.join(dir, 'ffmpeg-stuck-on-renditions.sh');
  writeFileSync(
    file,
    [
      '#!/bin/sh',
      'for arg in "$@"; do',
      '  if [ "$arg" = "-crf" ]; then',
      `    : > '${marker}'`,
      '    exec sleep 600',
      '  fi',
      'done',
      'exec ffmpeg "$@"',
      '',
    ].join('\n'),
  );
  chmodSync(file, 0o755);
  return file;
}

/** Polls `probe` until it answers something, or fails naming `what` after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a worker killed mid-rendition', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'jamii-rendition-retry-'));
  const marker = path.join(work, 'worker-a-is-rendering');
  let web: ServerProcess | undefined;
  let workerA: WorkerProcess | undefined;
  let workerB: WorkerProcess | undefined;
  let bucket: TestBucket | undefined;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let db: pg.Client | undefined;
  let clip: Buffer;
  let shared: Record<string, string>;

  beforeAll(async () => {
    [bucket, database, clip] = await Promise.all([
      openTestBucket(),
      createPostgresDatabase(`jamii_rendition_retry_${process.pid}`),
      makeClip(work),
    ]);
    shared = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL!,
      JWT_SECRET: 'rendition-retry-secret-shared-by-every-process',
      JOB_LEASE_SECONDS: LEASE_SECONDS,
      ...bucket.env,
    };
    // The web instance migrates the database; the worker starts on the migrated one.
    web = await startServerProcess({ ...shared, ROLE: 'web' });
    workerA = await startWorkerProcess({ ...shared, FFMPEG_PATH: writeStuckFfmpeg(work, marker) });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 90_000);
  afterAll(async () => {
    await Promise.all([web?.stop(), workerA?.stop(), workerB?.stop()]);
    await db?.end();
    await database?.drop();
    await bucket?.close();
    rmSync(work, { recursive: true, force: true });
  }, 30_000);

  async function login(username: string) {
    const signup = await fetch(`${web!.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        name: 'Rendition Member',
        email: `${username}@cluster.co.ke`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    });
    expect(signup.ok, await signup.clone().text()).toBe(true);
    const res = await fetch(`${web!.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    return (await res.json()) as { token: string; user: { id: number } };
  }

  const jobOf = async (videoId: number) =>
    (
      await db!.query<{ state: string; attempts: number; locked_until: Date; lease_left_ms: number }>(
        `select state, attempts, locked_until,
                extract(epoch from (locked_until - now())) * 1000 as lease_left_ms
           from background_jobs where singleton_key = $1`,
        [`video:${videoId}`],
      )
    ).rows[0];

  it('is taken again by another worker after its short lease, leaving exactly one set of renditions', async () => {
    const { token, user } = await login('rendition_owner');
    const socket: TestSocket = await openSocket(web!.url, token);
    try {
      const ready = new Promise<VideoDto>((resolve) => socket.once('videoReady', resolve));
      const form = new FormData();
      form.append('title', 'Jioni Kisumu');
      form.append('video', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
      const res = await fetch(`${web!.url}/api/videos`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const video = (await res.json()) as VideoDto;
      expect(video).toMatchObject({ renditions: [], processing: true });

      // Worker A takes the job (the only worker yet) and starts a rendition that never ends.
      const claimed = await until('worker A to start a rendition', async () => {
        const job = await jobOf(video.id);
        return job?.state === 'running' && existsSync(marker) ? job : undefined;
      });
      expect(claimed.attempts).toBe(1);
      // A renews its 3-second lease while it works: the job is still its own after that lease's end.
      await until('worker A to renew its lease', async () => {
        const job = await jobOf(video.id);
        expect(job).toMatchObject({ state: 'running', attempts: 1 });
        return job!.locked_until > claimed.locked_until && job!.lease_left_ms > 0 ? job : undefined;
      });

      workerB = await startWorkerProcess(shared);
      // B is up and polling while A lives: A's heartbeat keeps the job A's.
      const stillA = await jobOf(video.id);
      expect(stillA).toMatchObject({ state: 'running', attempts: 1 });

      expect(await workerA!.kill()).toBe('SIGKILL');
      const announced = await until('videoReady from worker B', () =>
        Promise.race([
          ready,
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1000)),
        ]),
      );
      expect(announced).toMatchObject({ id: video.id, processing: false });
      expect(announced.renditions.map((r) => r.height)).toEqual([240, 360]);

      // The job is gone (done, not dead-lettered), and the copies are one set: rows and objects.
      await until('the job to be deleted', async () => ((await jobOf(video.id)) ? undefined : true));
      // The schedules each worker queues at start (the digest, the payments sweep) stay, as they should.
      const { rows: jobs } = await db!.query(
        'select name, state from background_jobs where name <> all($1::text[])',
        [[DIGEST_JOB, SWEEP_JOB]],
      );
      expect(jobs).toEqual([]);
      const { rows } = await db!.query<{ height: number; url: string }>(
        'select height, url from video_renditions where video_id = $1 order by height',
        [video.id],
      );
      expect(rows.map((r) => r.height)).toEqual([240, 360]);
      expect(rows.map((r) => r.url)).toEqual(announced.renditions.map((r) => r.url));
      const listed = await bucket!.client.send(
        new ListObjectsV2Command({ Bucket: bucket!.settings.bucket, Prefix: 'media/renditions/' }),
      );
      const keys = (listed.Contents ?? []).map((o) => `/${o.Key!}`).sort();
      expect(keys).toEqual(rows.map((r) => r.url).sort());

      const list = await fetch(`${web!.url}/api/videos/short?user_id=${user.id}`);
      const [shown] = (await list.json()) as VideoDto[];
      expect(shown).toMatchObject({ id: video.id, processing: false, renditions: announced.renditions });
      const copy = await fetch(`${web!.url}${rows[0]!.url}`);
      expect(copy.status).toBe(200);
      expect(copy.headers.get('content-type')).toBe('video/mp4');
    } finally {
      socket.disconnect();
    }
  }, 120_000);
});
