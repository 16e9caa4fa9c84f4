import { useParams } from 'react-router';
import { ProfilePage } from '../../features/users/profile-page';

/** `/user/{username}`: another member's profile, from a person row. */
export function Component() {
  const { username = '' } = useParams();
  return <ProfilePage key={username} memberKey={username} />;
}
