import { AdminEmployersPage } from '../../features/moderation/admin-employers-page';

/** `/admin/employers`: the employer verification requests, for admins. */
export function Component() {
  return <AdminEmployersPage />;
}
