import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestApp } from './build-test-app';
import { multipart } from './factories';

const run = promisify(execFile);

/**
 * An H.264/AAC MP4 from ffmpeg's test picture and tone, written to `file` and answered as bytes.
 * Without `faststart` its index (moov) is at the end, as phones record; with it, in front.
 */
export async function makeTestClip(
  file: string,
  opts: { seconds?: number; size?: string; faststart?: boolean } = {},
): Promise<Buffer> {
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${opts.size ?? '320x240'}:rate=10`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', String(opts.seconds ?? 2), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', ...(opts.faststart ? ['-movflags', '+faststart'] : [])],
    file,
  ]);
  return readFile(file);
}

/** makeTestClip's bytes alone: the file is made in a temporary folder, removed afterwards. */
export async function testClipBytes(opts: Parameters<typeof makeTestClip>[1] = {}): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'jamii-clip-'));
  try {
    return await makeTestClip(path.join(dir, 'clip.mp4'), opts);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * POST /api/videos as a phone's form sends it: the text `fields` and, when given, the file (a
 * clip called clip.mp4 of type video/mp4 unless told otherwise), with the caller's `headers`.
 */
export async function postVideo(
  t: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: { data: Buffer; filename?: string; type?: string },
) {
  const body = await multipart(
    fields,
    file && {
      field: 'video',
      filename: file.filename ?? 'clip.mp4',
      data: file.data,
      type: file.type ?? 'video/mp4',
    },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/videos',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}
