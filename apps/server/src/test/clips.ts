import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

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
