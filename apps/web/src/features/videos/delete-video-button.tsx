import type { VideoDto } from '@jamii/shared';
import { useConfirmDelete } from '../../components/confirm-delete';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useDeleteVideo } from './api';
import { TrashIcon } from '../../components/icons';

interface DeleteVideoButtonProps {
  video: Pick<VideoDto, 'id' | 'title'>;
  /** `dark` sits on the black shorts screen. */
  tone?: 'light' | 'dark';
}

/** Delete, after a question; shown to the uploader and to admins only (the server checks again). */
export function DeleteVideoButton({ video, tone = 'light' }: DeleteVideoButtonProps) {
  const removal = useDeleteVideo();
  const deletion = useConfirmDelete({
    message: t('video.deleteConfirm'),
    remove: () => removal.mutateAsync(video.id),
    deletedMessage: t('video.deleted'),
    failureMessage: (error) => errorMessage(error, t('video.deleteFailed')),
    confirmLabel: t('video.delete'),
    busyLabel: t('video.deleting'),
  });

  return (
    <>
      <button
        type="button"
        onClick={deletion.ask}
        aria-label={t('video.deleteNamed', { title: video.title })}
        className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 ${
          tone === 'dark'
            ? 'bg-black/40 text-white hover:bg-black/60 focus-visible:outline-white'
            : 'text-gray-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-brand-600'
        }`}
      >
        <TrashIcon className="size-5" />
      </button>
      {deletion.dialog}
    </>
  );
}
