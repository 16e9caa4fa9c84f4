import { AdminDeliveriesPage } from '../../features/moderation/admin-deliveries-page';

/** `/admin/deliveries`: the delivery log as counts per channel. */
export function Component() {
  return <AdminDeliveriesPage />;
}
