import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { VideoInput, videoKind, type VideoKind, type VideoListQueryValues } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import { toViewer } from '../../platform/visibility';
import type { Platform } from '../../platform/context';
import { AppError, fieldErrors, forbidden, notFound, validationError } from '../../platform/errors';
import { uploadIncomplete, type StreamedForm } from '../../platform/multipart';
import { toPage, toPageRequest, type PageQueryValues } from '../../platform/pagination';
import { isForeignKeyViolation } from '../../platform/pg-errors';
import {
  choosePlayableFormat,
  renditionHeightsFor,
  videoProcessingUnavailable,
  type RenditionHeight,
  type VideoTools,
} from '../../platform/video';
import { writeTransaction } from '../../platform/write-transaction';
import { createStorageQuota } from '../users/storage-quota';
import { toVideoDto } from './videos.mapper';
import { canDeleteVideo } from './videos.policy';
import * as repo from './videos.repo';
import { RENDITIONS_JOB, renditionsJobKey } from './videos.repo';

export const notAVideo = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Please choose a video file (MP4 or WebM)');
export const unsupportedVideoFormat = () =>
  new AppError(
    'UNSUPPORTED_VIDEO_FORMAT',
    415,
    'This video format does not play on most phones. Please upload an MP4 (H.264) or WebM (VP9) video',
  );

/** Streams the request's form, its file written to `filePath`, refusing a file over `maxBytes`. */
export type ReceiveUpload = (filePath: string, maxBytes: number) => Promise<StreamedForm>;

export { RENDITIONS_JOB } from './videos.repo';
interface RenditionJob {
  videoId: number;
  videoUrl: string;
  heights: RenditionHeight[];
}

/** Upload folders older than this were left by a crash mid-upload (nothing takes longer). */
const STALE_WORK_MS = 24 * 60 * 60 * 1000;

export function createVideosService(
  p: Pick<Platform, 'db' | 'storage' | 'config' | 'queue' | 'events'>,
  tools: VideoTools,
  log: FastifyBaseLogger,
) {
  const { db, storage, config } = p;
  const quota = createStorageQuota(db, config.storageQuotaBytes);
  // Uploads land here first, never in the public media folder: they are untrusted until probed.
  const workRoot = path.join(config.dataDir, 'tmp', 'videos');
  // Renditions work apart: they run after the answer, while the next upload uses workRoot.
  const renditionRoot = path.join(config.dataDir, 'tmp', 'renditions');

  async function removeFiles(...urls: (string | null)[]) {
    const results = await Promise.allSettled(urls.map((url) => storage.remove(url)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed) log.warn({ urls, failed }, 'video files could not be removed');
  }

  /** Probes, makes the file web-playable without re-encoding, grabs a thumbnail, stores both. */
  async function processUpload(work: string, sourcePath: string) {
    const probe = await tools.probe(sourcePath);
    if (!probe) throw notAVideo();
    const format = choosePlayableFormat(probe);
    if ('problem' in format) {
      if (format.problem === 'not-a-video') throw notAVideo();
      log.info(
        { format: probe.formatName, streams: probe.streams },
        'video refused: codec needs transcoding',
      );
      throw unsupportedVideoFormat();
    }

    const videoPath = path.join(work, `video.${format.container}`);
    try {
      await tools.remux(sourcePath, videoPath, format);
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.info({ err: String(err) }, 'video refused: streams could not be copied');
      throw notAVideo();
    }
    // The duration is read from the stored file: a browser's MediaRecorder WebM has none in its header.
    const stored = await tools.probe(videoPath);
    const duration = stored?.durationSeconds;
    if (!stored || !duration) throw notAVideo();
    // A file cut short (a phone that lost its signal mid-send) may keep an index that promises the
    // whole clip; copying keeps only what arrived. Publishing that stub would lose the rest silently.
    const declared = probe.durationSeconds;
    if (declared && duration < declared * 0.9 - 0.5) {
      log.info({ declared, duration }, 'video refused: the file stops before its end');
      throw uploadIncomplete();
    }

    const thumbPath = path.join(work, 'thumbnail.webp');
    const hasThumbnail = await tools.thumbnail(videoPath, thumbPath, Math.min(1, duration / 2)).then(
      () => true,
      (err: unknown) => {
        if (err instanceof AppError) throw err;
        log.warn({ err: String(err) }, 'no thumbnail could be made for a video');
        return false;
      },
    );

    const sizeBytes = (await stat(videoPath)).size;
    const thumbnailBytes = hasThumbnail ? (await stat(thumbPath)).size : null;
    const videoUrl = await storage.putFile('videos', format.container, videoPath);
    let thumbnailUrl: string | null = null;
    try {
      if (hasThumbnail) thumbnailUrl = await storage.putFile('thumbnails', 'webp', thumbPath);
    } catch (err) {
      await removeFiles(videoUrl);
      throw err;
    }
    return {
      videoUrl,
      thumbnailUrl,
      duration,
      sizeBytes,
      thumbnailBytes: thumbnailUrl ? thumbnailBytes : null,
      mimeType: format.mimeType,
      renditionHeights: renditionHeightsFor(stored),
    };
  }

  /**
   * The low-data copies of a stored video (docs/design.md#past-one-machine), made after the upload has answered. Safe to
   * run twice: a height already stored is skipped, and a copy that lost the race (or whose video was
   * deleted meanwhile) is removed again, so one set of files remains.
   */
  async function makeRenditions(
    videoId: number,
    videoUrl: string,
    heights: RenditionHeight[],
    signal: AbortSignal,
  ) {
    if (heights.length === 0) return;
    await mkdir(renditionRoot, { recursive: true });
    // ffmpeg reads a file: the stored one on the local disk, a copy of it from a bucket.
    await storage.withLocalFile(videoUrl, renditionRoot, async (source) => {
      const work = await mkdtemp(path.join(renditionRoot, 'rendition-'));
      try {
        for (const height of heights) {
          // Another worker holds the job now (this one stalled past its lease): leave it the rest.
          if (signal.aborted) return;
          if (await repo.hasRendition(db, videoId, height)) continue;
          const output = path.join(work, `${height}.mp4`);
          await tools.rendition(source, output, height);
          const sizeBytes = (await stat(output)).size;
          const url = await storage.putFile('renditions', 'mp4', output);
          const kept = await repo
            .insertRendition(db, { video_id: videoId, height, url, size_bytes: sizeBytes })
            .catch((err: unknown) => {
              if (isForeignKeyViolation(err)) return undefined;
              throw err;
            });
          if (!kept) {
            await removeFiles(url);
            if (!(await repo.findVideoForChange(db, videoId))) return;
            continue;
          }
          log.info({ videoId, height, bytes: sizeBytes }, 'video rendition made');
        }
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    });
  }

  // On the job queue (docs/design.md#past-one-machine): retried after a failure or a worker that died mid-rendition (its
  // lease, renewed while ffmpeg works, then runs out within a minute), and one job per video at a
  // time. A video deleted before its turn has nothing left to render.
  p.queue.register<RenditionJob>(
    RENDITIONS_JOB,
    async ({ videoId, videoUrl, heights }, job) => {
      if (!(await repo.findVideoForChange(db, videoId))) return;
      await makeRenditions(videoId, videoUrl, heights, job.signal);
      if (job.signal.aborted) return;
      const ready = await repo.findVideo(db, videoId);
      // This job's row is deleted only once the handler returns: the copies are done all the same.
      if (ready)
        p.events.emitToUser(ready.user_id, 'videoReady', { ...toVideoDto(ready), processing: false });
    },
    { maxAttempts: 3 },
  );

  return {
    /** Clears what a crash mid-upload may have left; run once at start. */
    async removeStaleWork() {
      // Nothing renders yet at start: a folder there is from a run that stopped mid-rendition.
      await rm(renditionRoot, { recursive: true, force: true });
      await mkdir(workRoot, { recursive: true });
      const now = Date.now();
      for (const name of await readdir(workRoot)) {
        const full = path.join(workRoot, name);
        const info = await stat(full).catch(() => null);
        if (info && now - info.mtimeMs > STALE_WORK_MS) await rm(full, { recursive: true, force: true });
      }
    },

    async list(viewer: CurrentUser | null, kind: VideoKind, query: PageQueryValues & VideoListQueryValues) {
      const page = toPageRequest(query);
      const rows = await repo.listVideos(
        db,
        { kind, userId: query.user_id, search: query.search, viewer: toViewer(viewer) },
        page,
      );
      const result = toPage(rows, page);
      return { ...result, items: result.items.map(toVideoDto) };
    },

    /**
     * A member's upload: refused with 503 before a byte is read when ffmpeg is missing; the file is
     * streamed to a private folder, checked by its content, and every temporary file is removed
     * whatever happens.
     */
    async upload(user: CurrentUser, receive: ReceiveUpload) {
      if (!(await tools.isAvailable())) throw videoProcessingUnavailable();
      // A member whose files already fill the quota is told before a byte of the video is read.
      await quota.assertNotFull(user.id);
      await mkdir(workRoot, { recursive: true });
      const work = await mkdtemp(path.join(workRoot, 'upload-'));
      try {
        // No extension: ffprobe must judge the bytes, not a name the client chose.
        const form = await receive(path.join(work, 'source'), config.videoMaxBytes);
        const parsed = VideoInput.safeParse(form.fields);
        if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
        if (!form.file) throw validationError({ video: 'Please choose a video' });

        const media = await processUpload(work, form.file.path);
        try {
          const { id } = await writeTransaction(db, async (trx) => {
            await quota.assertRoomFor(trx, user.id, media.sizeBytes + (media.thumbnailBytes ?? 0));
            return repo.insertVideo(trx, {
              user_id: user.id,
              title: parsed.data.title,
              description: parsed.data.description,
              kind: videoKind(media.duration),
              duration_seconds: Math.round(media.duration * 1000) / 1000,
              video_url: media.videoUrl,
              thumbnail_url: media.thumbnailUrl,
              mime_type: media.mimeType,
              size_bytes: media.sizeBytes,
              thumbnail_bytes: media.thumbnailBytes,
            });
          });
          log.info(
            { videoId: id, userId: user.id, seconds: media.duration, bytes: media.sizeBytes },
            'video uploaded',
          );
          // The video is stored and plays as it is: a job that could not be stored costs its copies only.
          if (media.renditionHeights.length > 0)
            await p.queue
              .enqueue(
                RENDITIONS_JOB,
                {
                  videoId: id,
                  videoUrl: media.videoUrl,
                  heights: media.renditionHeights,
                } satisfies RenditionJob,
                { singletonKey: renditionsJobKey(id) },
              )
              .catch((err: unknown) =>
                log.error({ err, videoId: id }, 'video renditions could not be queued'),
              );
          return toVideoDto((await repo.findVideo(db, id))!);
        } catch (err) {
          await removeFiles(media.videoUrl, media.thumbnailUrl);
          throw err;
        }
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },

    async remove(user: CurrentUser, id: number) {
      const video = await repo.findVideoForChange(db, id);
      if (!video) throw notFound('Video');
      if (!canDeleteVideo(user, video)) throw forbidden('You can only delete your own videos');
      const renditions = await repo.findRenditionUrls(db, [id]);
      await repo.deleteVideo(db, id);
      await removeFiles(video.video_url, video.thumbnail_url, ...renditions);
      log.info({ videoId: id, by: user.id }, 'video deleted');
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
