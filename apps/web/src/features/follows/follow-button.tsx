import { CheckIcon, PlusIcon } from '../../components/icons';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useFollow } from './api';

interface FollowButtonProps {
  person: { username: string; name: string };
  isFollowing: boolean;
  /** Discover (docs/design.md#principles): the follow toast carries an Undo that unfollows again. */
  withUndo?: boolean;
  className?: string;
}

const base =
  'inline-flex min-h-9 shrink-0 items-center justify-center gap-1.5 rounded-full px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70';
const followClass = `${base} bg-brand-700 text-white hover:bg-brand-800`;
const followingClass = `${base} border border-gray-300 bg-white text-gray-800 hover:border-red-600 hover:text-red-700`;

/**
 * Follow / Following (the specified screens, working as docs/design.md#principles asks): a tap follows, a tap on Following
 * unfollows. Success says `You followed this item`, a failure `Failed to follow`.
 */
export function FollowButton({ person, isFollowing, withUndo = false, className = '' }: FollowButtonProps) {
  const follow = useFollow();
  const toast = useToast();

  function undo() {
    follow.mutate(
      { username: person.username, follow: false },
      { onError: () => toast.error(t('people.unfollowFailed')) },
    );
  }

  function handleClick() {
    const next = !isFollowing;
    follow.mutate(
      { username: person.username, follow: next },
      {
        onSuccess: () => {
          if (!next) return;
          toast.show({
            message: t('people.followed'),
            kind: 'success',
            action: withUndo ? { label: t('people.undo'), onClick: undo } : undefined,
          });
        },
        onError: () => toast.error(next ? t('people.followFailed') : t('people.unfollowFailed')),
      },
    );
  }

  return (
    <button
      type="button"
      onClick={handleClick}
      disabled={follow.isPending}
      className={`${isFollowing ? followingClass : followClass} ${className}`}
    >
      {isFollowing ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4" />}
      {isFollowing ? t('people.following') : t('people.follow')}{' '}
      <span className="sr-only">{person.name}</span>
    </button>
  );
}
