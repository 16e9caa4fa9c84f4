import { existsSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testClipBytes } from '../test/clips';
import { IMAGE_MAX_BYTES } from '@jamii/shared';
import { makeJob, makeJpeg, makeUser, multipart } from '../test/factories';
import { makePdf } from '../test/footprint';
import { slowClient } from '../test/slow-client';
import { useTestApp } from '../test/use-test-app';

// Uploads wait on disk (DATA_DIR/tmp/uploads), never in memory, and each is removed before its
// request's answer goes out, whatever the answer: a success, a refusal, a client that went away or
// one that stalled (docs/security.md, "Bodies, uploads and storage quotas").

const TIMEOUT_MS = 500;
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

interface FormRoute {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  fields: () => Record<string, string>;
  field: string;
  good: () => Promise<Buffer>;
  /** What the route answers to a good file. */
  ok: number;
  /** A file refused for its bytes, and the status it gets. */
  bad: Buffer;
  refused: number;
  /** The route needs no member (signup). */
  open?: boolean;
  /** Texts of the form that its rules refuse, whatever the file (none: a form of the file alone). */
  badFields?: Record<string, string>;
}

describe('an upload’s temporary file', () => {
  const t = useTestApp({ listen: true, env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });
  const port = () => (t.app.server.address() as AddressInfo).port;
  const uploadsDir = () => path.join(t.dataDir, 'tmp', 'uploads');
  let member: Awaited<ReturnType<typeof makeUser>> | undefined;
  let jobs = 0;
  let signups = 0;
  const me = async () => (member ??= await makeUser(t));
  const jobIds: number[] = [];

  const ROUTES: FormRoute[] = [
    {
      name: 'a post’s picture',
      method: 'POST',
      url: () => '/api/posts',
      fields: () => ({ content: 'Soko la Gikomba leo' }),
      badFields: { content: '' },
      field: 'image',
      good: () => makeJpeg(800, 600),
      ok: 201,
      bad: HTML,
      refused: 415,
    },
    {
      name: 'a profile picture',
      method: 'PUT',
      url: () => `/api/user/${member!.id}/profile-pic`,
      fields: () => ({}),
      field: 'profile_pic',
      good: () => makeJpeg(400, 400),
      ok: 200,
      bad: HTML,
      refused: 415,
    },
    {
      name: 'a picture at sign-up',
      method: 'POST',
      url: () => '/api/signup',
      fields: () => {
        signups += 1;
        return {
          username: `temp_files_${signups}`,
          name: 'Achieng Otieno',
          email: `achieng.temp${signups}@tujenge.co.ke`,
          password: 'Umoja-Kazi-2024!',
          confirmPassword: 'Umoja-Kazi-2024!',
        };
      },
      badFields: { name: 'x'.repeat(200) },
      field: 'profile_pic',
      good: () => makeJpeg(300, 300),
      ok: 201,
      bad: HTML,
      refused: 415,
      open: true,
    },
    {
      name: 'a CV',
      method: 'POST',
      url: () => `/api/jobs/${jobIds[jobs++]}/apply`,
      fields: () => ({ message: 'My CV is attached' }),
      badFields: { message: 'x'.repeat(10_000) },
      field: 'cv',
      good: async () => makePdf('Wanjiru Kamau, accountant'),
      ok: 201,
      bad: HTML,
      refused: 400,
    },
  ];

  async function send(route: FormRoute, data: Buffer, fields = route.fields()) {
    const user = await me();
    const body = await multipart(fields, { field: route.field, filename: 'upload.bin', data });
    return t.app.inject({
      method: route.method,
      url: route.url(),
      payload: body.payload,
      headers: { ...body.headers, ...(route.open ? {} : user.auth) },
    });
  }

  /** Writes the head and the first `bytes` of a form over a real socket, and leaves it open. */
  async function sendPartOf(route: FormRoute, data: Buffer, bytes: number) {
    const user = await me();
    const body = await multipart(route.fields(), { field: route.field, filename: 'upload.bin', data });
    const socket: Socket = connect(port(), '127.0.0.1');
    socket.on('error', () => undefined);
    const head = [
      `${route.method} ${route.url()} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Type: ${body.headers['content-type']}`,
      `Content-Length: ${body.payload.length}`,
      ...(route.open ? [] : [`Authorization: ${user.auth.authorization}`]),
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    socket.write(body.payload.subarray(0, bytes));
    return { socket, head, body };
  }

  /** Waits until a temporary file holds at least `bytes` (the server is writing the upload to disk). */
  const expectFileOnDisk = (bytes: number) =>
    expect
      .poll(
        () =>
          filesUnder(uploadsDir()).some(
            (file) => (statSync(file, { throwIfNoEntry: false })?.size ?? 0) >= bytes,
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);

  it.each(ROUTES)('is removed after a success: $name', async (route) => {
    const owner = await makeUser(t);
    jobIds.push((await makeJob(t, owner)).id);
    const res = await send(route, await route.good());
    expect(res.statusCode, res.body).toBe(route.ok);
    expect(filesUnder(uploadsDir())).toEqual([]);
  });

  it.each(ROUTES)('is removed after a refusal of its bytes, its size or its form: $name', async (route) => {
    const owner = await makeUser(t);
    jobIds.push((await makeJob(t, owner)).id, (await makeJob(t, owner)).id, (await makeJob(t, owner)).id);
    const bad = await send(route, route.bad);
    expect(bad.statusCode, bad.body).toBe(route.refused);
    expect(filesUnder(uploadsDir())).toEqual([]);

    // Just over the limit (every upload route takes 5 MB): written until it crosses it, then refused.
    const tooLarge = await send(route, Buffer.alloc(IMAGE_MAX_BYTES + 1024, 7));
    expect(tooLarge.statusCode).toBe(413);
    expect(filesUnder(uploadsDir())).toEqual([]);

    if (!route.badFields) return;
    // The file arrives whole; a text of the form is refused after it.
    const invalid = await send(route, await route.good(), { ...route.fields(), ...route.badFields });
    expect(invalid.statusCode, invalid.body).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(filesUnder(uploadsDir())).toEqual([]);
  });

  it.each(ROUTES)('is removed when the client goes away halfway: $name', async (route) => {
    const owner = await makeUser(t);
    jobIds.push((await makeJob(t, owner)).id);
    const data = Buffer.alloc(3 * 1024 * 1024, 9);
    const { socket } = await sendPartOf(route, data, 1024 * 1024);
    await expectFileOnDisk(512 * 1024);
    socket.destroy();
    await expect.poll(() => filesUnder(uploadsDir()), { timeout: 15_000 }).toEqual([]);
  });

  it.each(ROUTES)('is removed when the upload stalls and times out: $name', async (route) => {
    const owner = await makeUser(t);
    jobIds.push((await makeJob(t, owner)).id);
    const user = await me();
    const body = await multipart(route.fields(), {
      field: route.field,
      filename: 'upload.bin',
      data: Buffer.alloc(3 * 1024 * 1024, 9),
    });
    const head = [
      `${route.method} ${route.url()} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Type: ${body.headers['content-type']}`,
      `Content-Length: ${body.payload.length}`,
      ...(route.open ? [] : [`Authorization: ${user.auth.authorization}`]),
      '',
      '',
    ].join('\r\n');
    const result = await slowClient({
      port: port(),
      head: Buffer.concat([Buffer.from(head), body.payload.subarray(0, 1024 * 1024)]),
    });
    expect(result.status).toBe(408);
    await expect.poll(() => filesUnder(uploadsDir()), { timeout: 15_000 }).toEqual([]);
  });

  it('leaves no work folder of a video whose client went away halfway', async () => {
    const user = await me();
    const clip = await testClipBytes();
    const data = Buffer.concat([clip, Buffer.alloc(2 * 1024 * 1024, 1)]);
    const body = await multipart(
      { title: 'Matatu art', description: '' },
      { field: 'video', filename: 'a.mp4', data },
    );
    const socket = connect(port(), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      [
        'POST /api/videos HTTP/1.1',
        'Host: 127.0.0.1',
        `Content-Type: ${body.headers['content-type']}`,
        `Content-Length: ${body.payload.length}`,
        `Authorization: ${user.auth.authorization}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(body.payload.subarray(0, 1024 * 1024));
    const videosDir = path.join(t.dataDir, 'tmp', 'videos');
    await expect
      .poll(
        () =>
          filesUnder(videosDir).some((file) => (statSync(file, { throwIfNoEntry: false })?.size ?? 0) > 0),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    socket.destroy();
    await expect.poll(() => readdirSync(videosDir), { timeout: 15_000 }).toEqual([]);
  });
});
