import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@jamii/shared';
import { ListError } from '../../components/list-states';
import { PageSpinner } from '../../components/page-spinner';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useNotificationPreferences, useSavePreference } from './api';

const LABEL: Record<NotificationCategory, PlainMessageKey> = {
  follows: 'notificationSettings.category.follows',
  likes: 'notificationSettings.category.likes',
  comments: 'notificationSettings.category.comments',
  mentions: 'notificationSettings.category.mentions',
  offers: 'notificationSettings.category.offers',
  applications: 'notificationSettings.category.applications',
  reviews: 'notificationSettings.category.reviews',
};

/**
 * `/settings/notifications` (issue 12): which notifications reach the member in Jamii, one switch a
 * category, saved as it is flipped. Account notices and moderators' decisions always arrive. No
 * email switch: Jamii sends no notification emails yet, and a switch must do what it says.
 */
export function NotificationSettingsPage() {
  const preferences = useNotificationPreferences();
  const save = useSavePreference();
  const toast = useToast();

  function change(category: NotificationCategory, inApp: boolean) {
    save.mutate(
      { [category]: { in_app: inApp } },
      { onError: () => toast.error(t('notificationSettings.saveFailed')) },
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('notificationSettings.title') })}</title>
      <h1 className="mb-2 text-2xl font-bold tracking-tight text-gray-900">
        {t('notificationSettings.title')}
      </h1>
      <p className="mb-4 text-sm text-gray-600">{t('notificationSettings.intro')}</p>
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6">
        {preferences.isPending ? (
          <PageSpinner />
        ) : preferences.isError ? (
          <ListError
            message={t('notificationSettings.loadFailed')}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <fieldset>
            <legend className="text-base font-semibold text-gray-900">
              {t('notificationSettings.legend')}
            </legend>
            <ul className="mt-2 divide-y divide-gray-100">
              {NOTIFICATION_CATEGORIES.map((category) => (
                <li key={category}>
                  <label className="flex min-h-12 items-center justify-between gap-3 py-2 text-sm text-gray-800">
                    {t(LABEL[category])}
                    <input
                      type="checkbox"
                      checked={preferences.data[category].in_app}
                      onChange={(event) => change(category, event.target.checked)}
                      className="size-5 shrink-0 accent-brand-600"
                    />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </section>
    </div>
  );
}
