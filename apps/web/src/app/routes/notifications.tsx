import { NotificationsPage } from '../../features/notifications/notifications-page';

/** `/notifications`: Your Notifications, linked from the bell. */
export function Component() {
  return <NotificationsPage />;
}
