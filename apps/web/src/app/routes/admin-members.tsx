import { AdminMembersPage } from '../../features/moderation/admin-members-page';

export function Component() {
  return <AdminMembersPage />;
}
