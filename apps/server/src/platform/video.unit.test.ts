import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  choosePlayableFormat,
  openVideoTools,
  parseProbe,
  remuxArgs,
  renditionHeightsFor,
  type Probe,
} from './video';

const probe = (...streams: Partial<Probe['streams'][number]>[]): Probe => ({
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSeconds: 12,
  streams: streams.map((s, index) => ({
    index,
    type: 'video',
    codec: 'h264',
    pixelFormat: 'yuv420p',
    width: 640,
    height: 360,
    isAttachedPicture: false,
    ...s,
  })),
});
const audio = (codec: string) => ({ type: 'audio', codec, pixelFormat: null, width: 0, height: 0 });

describe('choosePlayableFormat', () => {
  it('keeps H.264 with AAC (or no sound) as MP4 and VP9/VP8 with Opus as WebM', () => {
    expect(choosePlayableFormat(probe({}, audio('aac')))).toEqual({
      container: 'mp4',
      mimeType: 'video/mp4',
      videoStream: 0,
      audioStream: 1,
    });
    expect(choosePlayableFormat(probe({}))).toMatchObject({ container: 'mp4', audioStream: null });
    expect(choosePlayableFormat(probe({ codec: 'vp9' }, audio('opus')))).toMatchObject({ container: 'webm' });
    expect(choosePlayableFormat(probe({ codec: 'vp8' }, audio('vorbis')))).toMatchObject({
      container: 'webm',
    });
  });

  it('skips cover art and picks the real video stream', () => {
    const withCover = probe({ codec: 'mjpeg', isAttachedPicture: true }, {}, audio('aac'));
    expect(choosePlayableFormat(withCover)).toMatchObject({ videoStream: 1, audioStream: 2 });
  });

  it('tells a file with no video from a video phones cannot play', () => {
    expect(choosePlayableFormat(probe(audio('aac')))).toEqual({ problem: 'not-a-video' });
    expect(choosePlayableFormat(probe({ codec: 'mjpeg', isAttachedPicture: true }))).toEqual({
      problem: 'not-a-video',
    });
    for (const odd of [
      probe({ codec: 'hevc' }, audio('aac')),
      probe({ codec: 'mpeg4' }),
      probe({ pixelFormat: 'yuv420p10le' }),
      probe({ codec: 'vp9', pixelFormat: 'yuv444p' }),
      probe({ codec: 'vp9' }, audio('aac')),
      probe({}, audio('pcm_s16le')),
    ])
      expect(choosePlayableFormat(odd)).toEqual({ problem: 'unsupported-codec' });
  });
});

describe('parseProbe', () => {
  it('reads ffprobe JSON and rejects anything else', () => {
    const json = JSON.stringify({
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p', width: 320, height: 240 },
        { index: 1, codec_type: 'audio', codec_name: 'aac', duration: '5.01' },
      ],
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '5.000000' },
    });
    expect(parseProbe(json)).toMatchObject({
      durationSeconds: 5,
      streams: [{ codec: 'h264' }, { codec: 'aac' }],
    });
    expect(parseProbe('{}')).toBeNull();
    expect(parseProbe('not json')).toBeNull();
    expect(
      parseProbe(JSON.stringify({ format: { format_name: 'matroska,webm', duration: 'N/A' } })),
    ).toMatchObject({
      durationSeconds: null,
    });
  });
});

describe('remuxArgs', () => {
  it('copies streams without re-encoding, index first, metadata dropped, local files only', () => {
    const args = remuxArgs('/tmp/in', '/tmp/out.mp4', {
      container: 'mp4',
      mimeType: 'video/mp4',
      videoStream: 0,
      audioStream: 1,
    });
    expect(args.join(' ')).toContain('-c copy -map_metadata -1');
    expect(args.join(' ')).toContain('-movflags +faststart -f mp4');
    expect(args.join(' ')).toContain(
      '-protocol_whitelist file -format_whitelist mov,matroska -i file:/tmp/in',
    );
  });
});

describe('openVideoTools', () => {
  it('without the programs: warns once, and every use answers 503', async () => {
    const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
    const tools = openVideoTools(
      { ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' },
      log,
    );
    expect(await tools.isAvailable()).toBe(false);
    expect(log.warn).toHaveBeenCalledTimes(1);
    await expect(tools.probe('/tmp/x')).rejects.toMatchObject({
      statusCode: 503,
      code: 'VIDEO_PROCESSING_UNAVAILABLE',
    });
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('checks the programs on the first use only, and once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jamii-video-check-'));
    try {
      // A program that counts its runs: one line per `-version`.
      const runs = path.join(dir, 'runs');
      const program = path.join(dir, 'fake-ffmpeg');
      writeFileSync(program, `#!/bin/sh\necho "$1" >> '${runs}'\necho fake 1.0\n`);
      chmodSync(program, 0o755);
      const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
      const tools = openVideoTools({ ffmpegPath: program, ffprobePath: program }, log);
      expect(existsSync(runs)).toBe(false);
      const [first, second] = await Promise.all([tools.isAvailable(), tools.isAvailable()]);
      expect([first, second]).toEqual([true, true]);
      expect(await tools.isAvailable()).toBe(true);
      expect(readFileSync(runs, 'utf8')).toBe('-version\n-version\n');
      expect(log.warn).not.toHaveBeenCalled();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('renditionHeightsFor', () => {
  const probeOf = (width: number, height: number) => probe({ width, height });

  it('makes only the copies smaller than the upload, by its shorter side (portrait too)', () => {
    expect(renditionHeightsFor(probeOf(1920, 1080))).toEqual([240, 360]);
    expect(renditionHeightsFor(probeOf(1080, 1920))).toEqual([240, 360]);
    expect(renditionHeightsFor(probeOf(640, 360))).toEqual([240]);
    expect(renditionHeightsFor(probeOf(320, 240))).toEqual([]);
  });

  it('makes none without a picture', () => {
    expect(renditionHeightsFor(probe())).toEqual([]);
  });
});
