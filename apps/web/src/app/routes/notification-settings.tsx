import { NotificationSettingsPage } from '../../features/notifications/notification-settings-page';

/** `/settings/notifications`: which notifications reach the member. */
export function Component() {
  return <NotificationSettingsPage />;
}
