import { AdminReportsPage } from '../../features/moderation/admin-reports-page';

export function Component() {
  return <AdminReportsPage />;
}
