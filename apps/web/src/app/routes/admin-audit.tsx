import { AdminAuditPage } from '../../features/moderation/admin-audit-page';

export function Component() {
  return <AdminAuditPage />;
}
