import { useParams } from 'react-router';
import { MemberSummary } from './member-summary';
import { ProfilePage } from '../../features/users/profile-page';
import { profileTabContents } from './profile-tab-contents';

/** `/profile/{userId}`: a number, a username or the word me. */
export function Component() {
  const { userId = 'me' } = useParams();
  // Keyed so that moving from one profile to another starts the page afresh.
  return (
    <ProfilePage key={userId} memberKey={userId} tabContents={profileTabContents} Summary={MemberSummary} />
  );
}
