import { formatMoney, JOB_ALERT_CHANNELS, type JobAlertChannel } from '@jamii/shared';
import { t, type PlainMessageKey } from '../../lib/i18n';

/** What an alert looks for, as the filters the Jobs screen shows. */
export interface AlertSearch {
  query?: string | null | undefined;
  type?: string | null | undefined;
  county?: string | null | undefined;
  salary_min?: number | null | undefined;
}

/** The alert's search in words: one line per filter, or "Every new job" when it has none. */
export function alertSummary(search: AlertSearch): string[] {
  const lines = [
    search.query ? t('jobAlerts.summary.query', { query: search.query }) : null,
    search.type ? t('jobAlerts.summary.type', { type: search.type }) : null,
    search.county ? t('jobAlerts.summary.county', { county: search.county }) : null,
    search.salary_min ? t('jobAlerts.summary.salary', { amount: formatMoney(search.salary_min) }) : null,
  ].filter((line): line is string => line !== null);
  return lines.length > 0 ? lines : [t('jobAlerts.summary.all')];
}

export const CHANNEL_LABEL: Record<JobAlertChannel, PlainMessageKey> = {
  push: 'notificationChannels.push',
  email: 'notificationChannels.email',
  sms: 'notificationChannels.sms',
};

/** "Also by Push, SMS", or "In Jamii only" with no channel chosen. */
export function channelsLine(channels: readonly JobAlertChannel[]): string {
  const chosen = JOB_ALERT_CHANNELS.filter((c) => channels.includes(c)).map((c) => t(CHANNEL_LABEL[c]));
  return chosen.length === 0
    ? t('jobAlerts.channels.none')
    : t('jobAlerts.channels.list', { channels: chosen.join(', ') });
}
