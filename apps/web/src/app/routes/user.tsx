import { useParams } from 'react-router';
import { MemberSummary } from './member-summary';
import { ProfilePage } from '../../features/users/profile-page';
import { profileTabContents } from './profile-tab-contents';

/** `/user/{username}`: another member's profile, from a person row. */
export function Component() {
  const { username = '' } = useParams();
  return (
    <ProfilePage
      key={username}
      memberKey={username}
      tabContents={profileTabContents}
      Summary={MemberSummary}
    />
  );
}
