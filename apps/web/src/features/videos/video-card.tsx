import type { VideoDto } from '@jamii/shared';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Avatar } from '../../components/avatar';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { canDeleteVideo } from './can-delete';
import { DeleteVideoButton } from './delete-video-button';
import { formatClock, formatPostedOn } from './format';
import { VideoPlayer } from './video-player';
import { ModerationLabel } from '../../components/moderation-label';
import { ReportButton } from '../../components/report-button';
import { usePlayerSource } from './video-source';

export const uploaderOf = (video: VideoDto) => ({
  name: video.uploader,
  username: video.username,
  profile_pic: video.profile_pic,
});

function UploaderLink({ video }: { video: VideoDto }) {
  return (
    <Link to={paths.profileVideos(video.user_id)} className="hover:underline">
      {video.uploader}
    </Link>
  );
}

/**
 * To the uploader only, while the low-data copies are being made (docs/design.md#past-one-machine): the original plays
 * meanwhile, so others see the video as it is. `videoReady` clears it without a reload.
 */
function ProcessingNote({ video, compact = false }: { video: VideoDto; compact?: boolean }) {
  const { user } = useAuth();
  if (!video.processing || user?.id !== video.user_id) return null;
  return (
    <p
      role="status"
      data-testid="video-processing"
      className="mt-2 inline-flex flex-wrap items-center gap-1 rounded-lg border border-brand-200 bg-brand-50 px-2 py-1 text-xs font-medium text-brand-900 sm:text-sm"
    >
      <span>{t('video.processing')}</span>
      {!compact && <span className="font-normal">{t('video.processingHint')}</span>}
    </p>
  );
}

/** A card's player: the video's file for this phone (its still, its size), fetched only on play. */
function CardPlayer({ video, loop, className }: { video: VideoDto; loop?: boolean; className: string }) {
  const source = usePlayerSource(video);
  return <VideoPlayer {...source} loop={loop} className={className} />;
}

/** A short in a grid: narrow, so the title gets the width and Delete sits on the picture. */
function ShortCard({ video, canDelete }: { video: VideoDto; canDelete: boolean }) {
  return (
    <article className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5">
      <div className="relative">
        <CardPlayer video={video} loop className="aspect-[9/16] w-full" />
        {canDelete && (
          <div className="absolute top-1.5 right-1.5">
            <DeleteVideoButton video={video} tone="dark" />
          </div>
        )}
      </div>
      <div className="p-2.5">
        <h2 className="line-clamp-2 text-sm font-semibold text-gray-900">{video.title}</h2>
        <p className="truncate text-xs text-gray-600">
          <UploaderLink video={video} />
          {` · ${formatClock(video.duration_seconds)}`}
        </p>
        <ProcessingNote video={video} compact />
        <ModerationLabel moderation={video.moderation} authorId={video.user_id} />
      </div>
    </article>
  );
}

/** A video in a list: the player (nothing downloads but its metadata until played), title, uploader. */
export function VideoCard({ video }: { video: VideoDto }) {
  const { user } = useAuth();
  const canDelete = canDeleteVideo(user, video);
  if (video.kind === 'short') return <ShortCard video={video} canDelete={canDelete} />;
  const details = [formatClock(video.duration_seconds), formatPostedOn(video.created_at)].filter(Boolean);

  return (
    <article className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5">
      <CardPlayer video={video} className="aspect-video w-full" />
      <div className="flex items-start gap-2 p-3">
        <Link
          to={paths.profileVideos(video.user_id)}
          className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Avatar person={uploaderOf(video)} label={t('video.byUploader', { name: video.uploader })} />
        </Link>
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 text-base font-semibold text-gray-900">{video.title}</h2>
          <p className="truncate text-xs text-gray-600 sm:text-sm">
            <UploaderLink video={video} />
            {` · ${details.join(' · ')}`}
          </p>
          {video.description && (
            <p className="mt-1 line-clamp-2 text-sm text-gray-700">{video.description}</p>
          )}
          <ProcessingNote video={video} />
          <ModerationLabel moderation={video.moderation} authorId={video.user_id} />
        </div>
        <ReportButton targetType="video" targetId={video.id} authorId={video.user_id} />
        {canDelete && <DeleteVideoButton video={video} />}
      </div>
    </article>
  );
}
