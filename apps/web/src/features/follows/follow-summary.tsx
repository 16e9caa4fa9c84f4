import type { UserDto } from '@jamii/shared';
import { Link } from 'react-router';
import { MessageButton } from '../../components/message-button';
import { t } from '../../lib/i18n';
import { useFollowCounts, type FollowCounts } from './api';
import { FollowButton } from './follow-button';

/** The profile tab that lists one side (see the users feature's profile tabs: `?tab=followers`). */
const tabSearch = (side: 'followers' | 'following') => `?tab=${side}`;

const countLinkClass =
  'rounded-md text-sm text-gray-700 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export interface FollowSummaryProps {
  member: UserDto;
  isOwn: boolean;
  /** The follow fields when the profile page already has them (another member's ProfileDto). */
  known?: FollowCounts;
  /** Message and Follow; left out for someone the viewer blocked (neither would work). */
  withActions?: boolean;
}

/**
 * A profile's follower and following counts, each opening its list, and Follow / Following on
 * another member's profile.
 */
export function FollowSummary({ member, isOwn, known, withActions = true }: FollowSummaryProps) {
  const counts = useFollowCounts(member.username, known);
  const data = counts.data;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="flex items-center gap-4">
        <Link to={{ search: tabSearch('followers') }} className={countLinkClass}>
          <strong className="font-bold text-gray-900">{data?.followers_count ?? '–'}</strong>{' '}
          {t('people.followerCount', { count: data?.followers_count ?? 0 })}
        </Link>
        <Link to={{ search: tabSearch('following') }} className={countLinkClass}>
          <strong className="font-bold text-gray-900">{data?.following_count ?? '–'}</strong>{' '}
          {t('people.followingLabel')}
        </Link>
      </p>
      {!isOwn && withActions && data && (
        <div className="flex flex-wrap items-center gap-2">
          <MessageButton username={member.username} />
          <FollowButton person={member} isFollowing={data.followed_by_me} />
        </div>
      )}
    </div>
  );
}
