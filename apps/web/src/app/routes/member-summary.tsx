import { VerifiedBadge } from '../../components/verified-badge';
import { useBlockedUsernames } from '../../features/blocks/api';
import { BlockControl } from '../../features/blocks/block-control';
import { FollowSummary } from '../../features/follows/follow-summary';
import type { ProfileSummaryProps } from '../../features/users/profile-page';

/**
 * Under a profile's header: the follow counts and Follow, then Block / Unblock on someone else's.
 * Someone the viewer blocked offers only Unblock: Message and Follow would be refused.
 */
export function MemberSummary(props: ProfileSummaryProps) {
  const blocked = useBlockedUsernames();
  const isBlocked = blocked.data?.has(props.member.username.toLowerCase()) ?? false;
  return (
    <>
      <VerifiedBadge member={props.member} />
      <FollowSummary {...props} withActions={!props.isOwn && !isBlocked} />
      {!props.isOwn && <BlockControl member={props.member} />}
    </>
  );
}
