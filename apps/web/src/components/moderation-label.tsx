import type { ModerationState } from '@jamii/shared';
import { useAuth } from '../lib/auth';
import { t } from '../lib/i18n';

/**
 * Who sees what (docs/design.md#trust-and-safety): the server sends a hidden or held item only to its author and to
 * admins, so whoever sees this label is one of them. The author is told that moderators hid it, or
 * that it is held for review and only they can see it; an admin sees the state in short.
 */
export function ModerationLabel({
  moderation,
  authorId,
}: {
  moderation: ModerationState | undefined;
  authorId: number;
}) {
  const { user } = useAuth();
  if (!moderation || moderation === 'visible') return null;
  const isAuthor = user?.id === authorId;
  const text =
    moderation === 'hidden'
      ? t('visibility.hidden')
      : isAuthor
        ? t('visibility.held')
        : t('visibility.heldAdmin');
  return (
    <p
      role="status"
      data-testid="moderation-label"
      className="mt-2 inline-flex flex-wrap items-center gap-1 rounded-lg border border-gray-300 bg-gray-100 px-2 py-1 text-sm font-medium text-gray-800"
    >
      <span>{text}</span>
      {moderation === 'hidden' && isAuthor && (
        <span className="font-normal text-gray-700">{t('visibility.hiddenHint')}</span>
      )}
    </p>
  );
}
