import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { createSemaphore } from './concurrency';
import { AppError } from './errors';

// ffprobe and ffmpeg (docs/design.md#stack-and-why) on uploaded files, which are untrusted: run without a shell, with
// arguments as arrays, a time limit and bounded output; only local files and only the containers
// that phones and browsers record (MP4/MOV/3GP, WebM/Matroska) are opened, so a crafted playlist or
// concat file cannot make ffmpeg read other files or the network. A request only probes, copies
// streams into a web-playable container and grabs one frame; the low-data renditions, the one
// transcoding, run in the background, one at a time.

export const videoProcessingUnavailable = () =>
  new AppError(
    'VIDEO_PROCESSING_UNAVAILABLE',
    503,
    'Video uploads are not available on this server right now',
  );

/** Demuxers that may open an upload (ffmpeg's names; the mov demuxer reads MP4, MOV, 3GP and M4V). */
const INPUT_FORMATS = 'mov,matroska';
const INPUT_GUARD = ['-protocol_whitelist', 'file', '-format_whitelist', INPUT_FORMATS];
const QUIET = ['-hide_banner', '-v', 'error'];
/** ffmpeg only: never read the terminal, print no progress. */
const BATCH = ['-nostdin', '-nostats'];

const PROBE_TIMEOUT_MS = 20_000;
const REMUX_TIMEOUT_MS = 180_000;
const THUMBNAIL_TIMEOUT_MS = 30_000;
const VERSION_TIMEOUT_MS = 5_000;
/** A 3-minute upload takes well under a minute per rendition here; a stuck encoder is stopped. */
const RENDITION_TIMEOUT_MS = 10 * 60_000;
/** ffprobe's JSON for a few streams is a few kilobytes; anything far larger is not a phone video. */
const PROBE_MAX_OUTPUT = 1024 * 1024;
const STDERR_MAX_OUTPUT = 256 * 1024;
/** Two cores: at most this many ffmpeg/ffprobe processes at once; further uploads wait their turn. */
const MAX_CONCURRENT_RUNS = 2;

export const THUMBNAIL_WIDTH = 480;

/** The low-data renditions (docs/design.md#past-one-machine), by the length of the picture's shorter side. */
export const RENDITION_HEIGHTS = [240, 360] as const;
export type RenditionHeight = (typeof RENDITION_HEIGHTS)[number];

/** The renditions worth making: only those smaller than the video itself. */
export function renditionHeightsFor(probe: Probe): RenditionHeight[] {
  const video = probe.streams.find((s) => s.type === 'video' && !s.isAttachedPicture && s.height > 0);
  if (!video) return [];
  const shorterSide = Math.min(video.width, video.height);
  return RENDITION_HEIGHTS.filter((height) => height < shorterSide);
}

/** A program that could not be run at all (missing, not executable), as opposed to one that failed. */
class ToolMissingError extends Error {}
/** The program ran and refused the file, or ran out of time or output. */
export class MediaUnreadableError extends Error {}

interface RunLimits {
  timeoutMs: number;
  maxBuffer: number;
}

function run(program: string, args: string[], limits: RunLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      {
        timeout: limits.timeoutMs,
        maxBuffer: limits.maxBuffer,
        killSignal: 'SIGKILL',
        windowsHide: true,
        encoding: 'utf8',
      },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EACCES') return reject(new ToolMissingError(err.message));
        const why = err.killed ? 'killed (time or output limit)' : `exit ${String(code)}`;
        reject(new MediaUnreadableError(`${program} ${why}: ${stderr.slice(0, 500).trim()}`));
      },
    );
  });
}

const ProbeOutput = z.object({
  format: z.object({ format_name: z.string(), duration: z.string().optional() }).optional(),
  streams: z
    .array(
      z.object({
        index: z.number(),
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        pix_fmt: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        duration: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
      }),
    )
    .default([]),
});

export interface ProbedStream {
  index: number;
  type: string;
  codec: string;
  pixelFormat: string | null;
  width: number;
  height: number;
  /** Cover art in a video container is a single picture, not the video. */
  isAttachedPicture: boolean;
}

export interface Probe {
  /** ffmpeg's demuxer name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  formatName: string;
  durationSeconds: number | null;
  streams: ProbedStream[];
}

const seconds = (text: string | undefined) => {
  const value = text === undefined ? NaN : Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
};

export function parseProbe(json: string): Probe | null {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = ProbeOutput.safeParse(data);
  if (!parsed.success || !parsed.data.format) return null;
  const streams = parsed.data.streams.map((s) => ({
    index: s.index,
    type: s.codec_type ?? '',
    codec: s.codec_name ?? '',
    pixelFormat: s.pix_fmt ?? null,
    width: s.width ?? 0,
    height: s.height ?? 0,
    isAttachedPicture: s.disposition?.attached_pic === 1,
  }));
  const videoDuration = parsed.data.streams.find((s) => s.codec_type === 'video')?.duration;
  return {
    formatName: parsed.data.format.format_name,
    durationSeconds: seconds(parsed.data.format.duration) ?? seconds(videoDuration),
    streams,
  };
}

export interface PlayableFormat {
  container: 'mp4' | 'webm';
  mimeType: 'video/mp4' | 'video/webm';
  videoStream: number;
  audioStream: number | null;
}

export type FormatChoice = PlayableFormat | { problem: 'not-a-video' | 'unsupported-codec' };

// What every browser on a cheap Android phone decodes (in hardware for H.264 and usually VP9).
// 8-bit 4:2:0 only: High 10 or 4:4:4 H.264 plays on almost no phone.
const PLAYABLE_PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);
const MP4_VIDEO = new Set(['h264']);
const MP4_AUDIO = new Set(['aac', 'mp3', 'opus']);
const WEBM_VIDEO = new Set(['vp8', 'vp9']);
const WEBM_AUDIO = new Set(['opus', 'vorbis']);

/**
 * The container a probed file can be stored in unchanged (streams copied, not re-encoded), or why it
 * cannot: not a video at all, or a video in a codec a phone's browser may not play (HEVC, MPEG-4
 * part 2, AV1, 10-bit), which would need transcoding.
 */
export function choosePlayableFormat(probe: Probe): FormatChoice {
  const video = probe.streams.find(
    (s) => s.type === 'video' && !s.isAttachedPicture && s.width > 0 && s.height > 0,
  );
  if (!video) return { problem: 'not-a-video' };
  const audio = probe.streams.find((s) => s.type === 'audio') ?? null;
  const isPlayablePixels = video.pixelFormat !== null && PLAYABLE_PIXEL_FORMATS.has(video.pixelFormat);
  if (isPlayablePixels && MP4_VIDEO.has(video.codec) && (!audio || MP4_AUDIO.has(audio.codec)))
    return {
      container: 'mp4',
      mimeType: 'video/mp4',
      videoStream: video.index,
      audioStream: audio?.index ?? null,
    };
  if (isPlayablePixels && WEBM_VIDEO.has(video.codec) && (!audio || WEBM_AUDIO.has(audio.codec)))
    return {
      container: 'webm',
      mimeType: 'video/webm',
      videoStream: video.index,
      audioStream: audio?.index ?? null,
    };
  return { problem: 'unsupported-codec' };
}

/** The ffprobe arguments for a file (exported so the commands can be read in one place). */
export const probeArgs = (file: string) => [
  ...QUIET,
  ...INPUT_GUARD,
  '-print_format',
  'json',
  '-show_entries',
  'format=format_name,duration:stream=index,codec_type,codec_name,pix_fmt,width,height,duration:stream_disposition=attached_pic',
  `file:${file}`,
];

/** ffmpeg, quiet and unattended, opening one local file under the input guard (`before`: seek options). */
const readUpload = (input: string, before: string[] = []) => [
  ...QUIET,
  ...BATCH,
  ...INPUT_GUARD,
  ...before,
  '-i',
  `file:${input}`,
];
const writeTo = (output: string) => ['-y', `file:${output}`];

/**
 * Copies the chosen streams into the target container without re-encoding. MP4 gets its index (moov)
 * at the front, so a player starts after one small range request instead of fetching the file's end.
 * Metadata (a phone's GPS position, device name) is dropped; the rotation (a stream property) stays.
 */
export const remuxArgs = (input: string, output: string, format: PlayableFormat) => [
  ...readUpload(input),
  '-map',
  `0:${format.videoStream}`,
  ...(format.audioStream === null ? [] : ['-map', `0:${format.audioStream}`]),
  '-c',
  'copy',
  '-map_metadata',
  '-1',
  '-map_chapters',
  '-1',
  ...(format.container === 'mp4' ? ['-movflags', '+faststart', '-f', 'mp4'] : ['-f', 'webm']),
  ...writeTo(output),
];

/** One frame at `atSeconds`, upright, at most 480 px wide, as WebP. */
export const thumbnailArgs = (input: string, output: string, atSeconds: number) => [
  ...readUpload(input, ['-ss', atSeconds.toFixed(3)]),
  '-map',
  '0:v:0',
  '-frames:v',
  '1',
  '-vf',
  `scale='min(${THUMBNAIL_WIDTH},iw)':-2`,
  '-c:v',
  'libwebp',
  '-quality',
  '75',
  '-f',
  'webp',
  ...writeTo(output),
];

/**
 * A low-data copy: H.264 Main (every phone decodes it in hardware) and mono AAC, the shorter side
 * `height` pixels (portrait shorts stay portrait: ffmpeg has applied the rotation before the
 * filter), the index at the front, no metadata. One thread: the machine keeps serving meanwhile.
 */
export const renditionArgs = (input: string, output: string, height: RenditionHeight) => [
  ...readUpload(input),
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  '-vf',
  `scale='if(gt(iw,ih),-2,${height})':'if(gt(iw,ih),${height},-2)'`,
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  height === 240 ? '30' : '28',
  '-profile:v',
  'main',
  '-pix_fmt',
  'yuv420p',
  '-threads',
  '1',
  '-c:a',
  'aac',
  '-b:a',
  '48k',
  '-ac',
  '1',
  '-map_metadata',
  '-1',
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  ...writeTo(output),
];

export interface VideoTools {
  /** Whether ffmpeg and ffprobe answered the check (made on the first call, once). */
  isAvailable(): Promise<boolean>;
  /** null when the file is not a media file in an accepted container. */
  probe(file: string): Promise<Probe | null>;
  remux(input: string, output: string, format: PlayableFormat): Promise<void>;
  thumbnail(input: string, output: string, atSeconds: number): Promise<void>;
  /** Transcodes a low-data copy; runs one at a time, apart from the uploads' probes and copies. */
  rendition(input: string, output: string, height: RenditionHeight): Promise<void>;
}

/** Runs each program with `-version`; false (and one warning naming the failures) when one fails. */
async function checkPrograms(programs: string[], log: FastifyBaseLogger): Promise<boolean> {
  const checks = await Promise.allSettled(
    programs.map((program) =>
      run(program, ['-version'], { timeoutMs: VERSION_TIMEOUT_MS, maxBuffer: PROBE_MAX_OUTPUT }),
    ),
  );
  const failed = checks.flatMap((c, i) =>
    c.status === 'rejected' ? [{ program: programs[i], error: String(c.reason) }] : [],
  );
  if (failed.length > 0)
    log.warn({ failed }, 'ffmpeg/ffprobe not available: video uploads will answer 503 until it is installed');
  return failed.length === 0;
}

/**
 * The tools, which check once that both programs run (`-version`): on the first use, or when told
 * (`isAvailable()`; the server asks once it listens). Not during the start: two programs to start and
 * load take 60-100 ms of a 2-core machine. Without the programs the server still starts: the warning
 * is logged once and uploads answer 503.
 */
export function openVideoTools(
  paths: { ffmpegPath: string; ffprobePath: string },
  log: FastifyBaseLogger,
): VideoTools {
  // One rule for bounded work, in one place (platform/concurrency.ts).
  const runs = createSemaphore(MAX_CONCURRENT_RUNS);
  // Renditions take long: one at a time, in their own queue, so uploads never wait behind them.
  const renditionRuns = createSemaphore(1);
  let checked: Promise<boolean> | undefined;
  const isAvailable = () => (checked ??= checkPrograms([paths.ffprobePath, paths.ffmpegPath], log));

  /** A program that vanished after start-up answers 503 like one that was never there. */
  const guarded = async <T>(task: () => Promise<T>, queue = runs) => {
    if (!(await isAvailable())) throw videoProcessingUnavailable();
    try {
      return await queue.run(task);
    } catch (err) {
      if (err instanceof ToolMissingError) {
        log.error({ err: err.message }, 'ffmpeg/ffprobe could not be run');
        throw videoProcessingUnavailable();
      }
      throw err;
    }
  };

  return {
    isAvailable,
    probe: (file) =>
      guarded(async () => {
        try {
          const out = await run(paths.ffprobePath, probeArgs(file), {
            timeoutMs: PROBE_TIMEOUT_MS,
            maxBuffer: PROBE_MAX_OUTPUT,
          });
          return parseProbe(out);
        } catch (err) {
          if (err instanceof MediaUnreadableError) return null;
          throw err;
        }
      }),
    remux: (input, output, format) =>
      guarded(async () => {
        await run(paths.ffmpegPath, remuxArgs(input, output, format), {
          timeoutMs: REMUX_TIMEOUT_MS,
          maxBuffer: STDERR_MAX_OUTPUT,
        });
      }),
    thumbnail: (input, output, atSeconds) =>
      guarded(async () => {
        await run(paths.ffmpegPath, thumbnailArgs(input, output, atSeconds), {
          timeoutMs: THUMBNAIL_TIMEOUT_MS,
          maxBuffer: STDERR_MAX_OUTPUT,
        });
        // A seek past the last frame writes nothing and still succeeds.
        const written = await stat(output).catch(() => null);
        if (!written?.size) throw new MediaUnreadableError('no frame at that time');
      }),
    rendition: (input, output, height) =>
      guarded(async () => {
        await run(paths.ffmpegPath, renditionArgs(input, output, height), {
          timeoutMs: RENDITION_TIMEOUT_MS,
          maxBuffer: STDERR_MAX_OUTPUT,
        });
      }, renditionRuns),
  };
}
