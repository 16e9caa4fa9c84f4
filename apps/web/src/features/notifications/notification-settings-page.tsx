import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
} from '@jamii/shared';
import { Link } from 'react-router';
import { ListError } from '../../components/list-states';
import { PageSpinner } from '../../components/page-spinner';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { useNotificationPreferences, useSavePreference } from './api';
import { PushPrompt } from './push-prompt';

const LABEL: Record<NotificationCategory, PlainMessageKey> = {
  follows: 'notificationSettings.category.follows',
  likes: 'notificationSettings.category.likes',
  comments: 'notificationSettings.category.comments',
  mentions: 'notificationSettings.category.mentions',
  offers: 'notificationSettings.category.offers',
  applications: 'notificationSettings.category.applications',
  reviews: 'notificationSettings.category.reviews',
  messages: 'notificationSettings.category.messages',
};

const CHANNEL_LABEL: Record<NotificationChannel, PlainMessageKey> = {
  in_app: 'notificationChannels.in_app',
  push: 'notificationChannels.push',
  email: 'notificationChannels.email',
  sms: 'notificationChannels.sms',
};

/** Messages live on the Messages screen: only their other channels can be chosen. */
const channelsOf = (category: NotificationCategory) =>
  category === 'messages' ? NOTIFICATION_CHANNELS.filter((c) => c !== 'in_app') : NOTIFICATION_CHANNELS;

/**
 * `/settings/notifications`: for each category, the channels that reach the member (in Jamii, push,
 * email, SMS), each saved as it is flipped. Account notices and moderators' decisions always arrive.
 * This device's push permission is asked for in its own card, only when the member presses it.
 */
export function NotificationSettingsPage() {
  const preferences = useNotificationPreferences();
  const save = useSavePreference();
  const toast = useToast();

  function change(category: NotificationCategory, channel: NotificationChannel, on: boolean) {
    save.mutate(
      { [category]: { [channel]: on } },
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
      <PushPrompt />
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6">
        {preferences.isPending ? (
          <PageSpinner />
        ) : preferences.isError ? (
          <ListError
            message={t('notificationSettings.loadFailed')}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <div>
            <h2 className="text-base font-semibold text-gray-900">{t('notificationSettings.legend')}</h2>
            <p className="mt-1 text-sm text-gray-600">{t('notificationChannels.legendHint')}</p>
            <ul className="mt-2 divide-y divide-gray-100">
              {NOTIFICATION_CATEGORIES.map((category) => (
                <li key={category} className="py-3">
                  <fieldset>
                    <legend className="text-sm font-medium text-gray-900">{t(LABEL[category])}</legend>
                    <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
                      {channelsOf(category).map((channel) => (
                        <label
                          key={channel}
                          className="flex min-h-11 items-center gap-2 text-sm text-gray-800"
                        >
                          <input
                            type="checkbox"
                            checked={preferences.data[category][channel]}
                            onChange={(event) => change(category, channel, event.target.checked)}
                            className="size-5 shrink-0 accent-brand-600"
                          />
                          {t(CHANNEL_LABEL[channel])}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <section
        aria-labelledby="settings-job-alerts"
        className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6"
      >
        <div className="min-w-0 flex-1">
          <h2 id="settings-job-alerts" className="text-base font-semibold text-gray-900">
            {t('jobAlerts.settings.title')}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{t('jobAlerts.settings.body')}</p>
        </div>
        <Link to={paths.jobAlerts} className="text-sm font-semibold text-brand-700 underline">
          {t('jobAlerts.manage')}
        </Link>
      </section>
    </div>
  );
}
