import { AdminPaymentsPage } from '../../features/moderation/admin-payments-page';

export function Component() {
  return <AdminPaymentsPage />;
}
