import { VerifiedBadge } from '../../components/verified-badge';
import { BlockControl } from '../../features/blocks/block-control';
import { FollowSummary } from '../../features/follows/follow-summary';
import type { ProfileSummaryProps } from '../../features/users/profile-page';

/** Under a profile's header: the follow counts and Follow, then Block / Unblock on someone else's. */
export function MemberSummary(props: ProfileSummaryProps) {
  return (
    <>
      <VerifiedBadge member={props.member} />
      <FollowSummary {...props} />
      {!props.isOwn && <BlockControl member={props.member} />}
    </>
  );
}
