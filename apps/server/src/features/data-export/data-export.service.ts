import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_DATA_FILE, EXPORT_README_FILE, PRIVACY_NOTICE_VERSION } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import type { ObjectStore } from '../../platform/object-store';
import { renderStored } from '../notifications/notifications.service';
import { findMemberData, type MemberData } from './data-export.repo';

export const canExportData = (user: CurrentUser, accountId: number) => user.id === accountId;

interface ArchivedFile {
  store: ObjectStore;
  key: string;
  /** Where it sits in the zip; data.json names it so. */
  path: string;
  size: number;
}

const README = (username: string, at: Date) => `Jamii: everything we hold about ${username}
Made ${at.toISOString()} at the member's request (Kenya Data Protection Act 2019, ss. 26 and 38).

data.json   every record, one key per part: consent, profile, sessions, posts, comments, likes,
            follows, jobs, saved_jobs, applications, bids, offers, services, videos,
            conversations (with both sides' messages), reviews, notifications,
            notification_preferences, reports, blocks, quiz_results.
files/      the files you uploaded: profile picture, post pictures, videos and their
            thumbnails, CVs. data.json gives each one's place here ("file" fields).

Password and token hashes are not included: they are not information about you, only locks.
Privacy notice in force: version ${PRIVACY_NOTICE_VERSION}, at /privacy.
`;

/** One member's data as a zip (docs/features/your-data.md, right to access and portability). */
export function createDataExportService(
  p: Pick<Platform, 'db' | 'storage' | 'privateFiles'>,
  log: FastifyBaseLogger,
) {
  const { db, storage, privateFiles } = p;

  async function fileOf(store: ObjectStore, key: string | null): Promise<ArchivedFile | null> {
    if (!key) return null;
    // A file already gone (removed by a moderator, lost from the store) is left out, not an error.
    const head = await store.head(key);
    return head ? { store, key, path: `files/${key}`, size: head.size } : null;
  }
  const media = (url: string | null) => fileOf(storage.store, url ? storage.keyOf(url) : null);

  /** Adds "file" (its path in the zip) beside each stored file the records name. */
  async function collectFiles(data: MemberData) {
    const files: ArchivedFile[] = [];
    const keep = (f: ArchivedFile | null) => {
      if (f) files.push(f);
      return f?.path ?? null;
    };
    const profile_pic_file = keep(await media(data.profile?.profile_pic ?? null));
    const posts = await Promise.all(
      data.posts.map(async (post) => ({ ...post, image_file: keep(await media(post.image_url)) })),
    );
    const videos = await Promise.all(
      data.videos.map(async (video) => ({
        ...video,
        video_file: keep(await media(video.video_url)),
        thumbnail_file: keep(await media(video.thumbnail_url)),
      })),
    );
    const applications = await Promise.all(
      data.applications.map(async ({ cv_path, ...application }) => ({
        ...application,
        cv_file: keep(await fileOf(privateFiles.store, cv_path)),
      })),
    );
    return { files, profile_pic_file, posts, videos, applications };
  }

  return {
    /**
     * The zip, streamed: files are read one at a time as the zip needs them, so memory stays flat
     * whatever the member uploaded. `size` is known ahead (nothing is compressed: pictures, videos and
     * PDFs are compressed already), so the browser can show progress.
     */
    async exportArchive(user: CurrentUser, id: number): Promise<{ body: Readable; size: number }> {
      if (!canExportData(user, id)) throw forbidden('You can only download your own data');
      const data = await findMemberData(db, id);
      if (!data.profile) throw notFound('Member');
      const { files, profile_pic_file, posts, videos, applications } = await collectFiles(data);
      const { terms_version, terms_accepted_at, ...profile } = data.profile;
      const now = new Date();
      const json = Buffer.from(
        JSON.stringify(
          {
            exported_at: now,
            consent: { privacy_notice_version: terms_version, accepted_at: terms_accepted_at },
            ...data,
            profile: { ...profile, profile_pic_file },
            // Each notification as the member reads it (in their language), beside what it is stored as.
            notifications: data.notifications.map((n) => ({
              ...n,
              message: renderStored(n, profile.language),
            })),
            posts,
            videos,
            applications,
          },
          null,
          2,
        ),
      );

      const zip = new ZipFile();
      const stored = { compress: false, mtime: now };
      zip.addBuffer(Buffer.from(README(profile.username, now)), EXPORT_README_FILE, stored);
      zip.addBuffer(json, EXPORT_DATA_FILE, stored);
      for (const file of files) {
        zip.addReadStreamLazy(file.path, { ...stored, size: file.size }, (cb) => {
          file.store.get(file.key).then(
            (read) =>
              read ? cb(null, read.body) : cb(new Error(`export: ${file.key} vanished`), undefined!),
            (err: Error) => cb(err, undefined!),
          );
        });
      }
      // yazl hands the total to this callback (its type declarations leave the argument out).
      const size = await new Promise<number>((resolve) =>
        zip.end({ forceZip64Format: false, comment: '' }, ((total: number) => resolve(total)) as () => void),
      );
      const body = new PassThrough();
      zip.outputStream.on('error', (err) => body.destroy(err));
      zip.outputStream.pipe(body);
      log.info({ userId: id, files: files.length, bytes: size }, 'data export started');
      return { body, size };
    },
  };
}
