import {
  isChannelWorrying,
  type ChannelDeliveries,
  type DeliveryChannelName,
  type DeliveryStateCounts,
} from '@jamii/shared';
import { buttonClasses } from '../../components/button-styles';
import { ListError } from '../../components/list-states';
import { TimeAgo } from '../../components/time-ago';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { AdminNav } from './admin-nav';
import { useDeliveryCounts } from './deliveries-api';

const CHANNEL_LABEL: Record<DeliveryChannelName, PlainMessageKey> = {
  push: 'notificationChannels.push',
  email: 'notificationChannels.email',
  sms: 'notificationChannels.sms',
};

type Window = 'day' | 'week';

// Narrower padding than the other admin cards on a phone: four columns of Kiswahili headings fit.
const cardClass = 'rounded-2xl bg-white p-3 shadow-sm ring-1 ring-gray-900/5 sm:p-4';

/**
 * `/admin/deliveries`: how many push, email and SMS deliveries were queued, sent and failed in the
 * last 24 hours and 7 days, and each channel's last failure. A channel that failed, or sent
 * nothing, is marked in words and colour, so a silent channel is noticed.
 */
export function AdminDeliveriesPage() {
  const counts = useDeliveryCounts();
  return (
    <main className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-4">
      <title>{t('page.title', { page: t('admin.deliveries.title') })}</title>
      <AdminNav />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-gray-900">{t('admin.deliveries.title')}</h1>
        <button
          type="button"
          onClick={() => void counts.refetch()}
          disabled={counts.isFetching}
          className={buttonClasses('secondary')}
        >
          {t('admin.deliveries.refresh')}
        </button>
      </div>
      <p className="mt-1 text-sm text-gray-600">{t('admin.deliveries.intro')}</p>
      {counts.isPending ? (
        <p className="mt-4 text-sm text-gray-600">{t('common.loading')}</p>
      ) : counts.isError ? (
        <div className="mt-4">
          <ListError message={t('admin.deliveries.loadFailed')} onRetry={() => void counts.refetch()} />
        </div>
      ) : (
        <>
          <CountsTable window="day" channels={counts.data.channels} />
          <CountsTable window="week" channels={counts.data.channels} />
          <section className={`${cardClass} mt-4`} aria-labelledby="deliveries-failures">
            <h2 id="deliveries-failures" className="text-base font-semibold text-gray-900">
              {t('admin.deliveries.lastFailures')}
            </h2>
            <dl className="mt-2 divide-y divide-gray-100">
              {counts.data.channels.map((row) => (
                <div key={row.channel} className="py-2 sm:flex sm:gap-4">
                  <dt className="w-20 shrink-0 text-sm font-semibold text-gray-900">
                    {t(CHANNEL_LABEL[row.channel])}
                  </dt>
                  <dd className="min-w-0 text-sm break-words text-gray-700">
                    {row.last_failure ? (
                      <>
                        <TimeAgo iso={row.last_failure.at} className="font-medium text-gray-900" />
                        {': '}
                        {row.last_failure.error ?? t('admin.deliveries.noReason')}
                      </>
                    ) : (
                      t('admin.deliveries.noFailure')
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </>
      )}
    </main>
  );
}

/**
 * One window's counts: a row per channel, its state in words under its name, so the table fits a
 * 375 px phone in four narrow columns (a box that scrolls would need the keyboard's focus too).
 */
function CountsTable({ window, channels }: { window: Window; channels: ChannelDeliveries[] }) {
  const caption = t(window === 'day' ? 'admin.deliveries.day' : 'admin.deliveries.week');
  const head = 'px-1 py-2 text-right text-xs font-semibold sm:px-2 sm:text-sm';
  return (
    <section aria-label={caption} className={`${cardClass} mt-4`}>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-base font-semibold text-gray-900">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-200 text-gray-700">
            <th scope="col" className="py-2 pr-1 text-xs font-semibold sm:pr-2 sm:text-sm">
              {t('admin.deliveries.channel')}
            </th>
            <th scope="col" className={head}>
              {t('admin.deliveries.sent')}
            </th>
            <th scope="col" className={head}>
              {t('admin.deliveries.failed')}
            </th>
            <th scope="col" className={head}>
              {t('admin.deliveries.queued')}
            </th>
          </tr>
        </thead>
        <tbody>
          {channels.map((row) => (
            <CountsRow key={row.channel} channel={row.channel} counts={row[window]} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function CountsRow({ channel, counts }: { channel: DeliveryChannelName; counts: DeliveryStateCounts }) {
  const worrying = isChannelWorrying(counts);
  const state = counts.failed > 0 ? 'failing' : counts.sent === 0 ? 'silent' : 'ok';
  const cell = 'px-1 py-2 text-right tabular-nums sm:px-2';
  return (
    <tr className={`border-b border-gray-100 last:border-0 ${worrying ? 'bg-red-50' : ''}`}>
      <th scope="row" className="py-2 pr-1 pl-1 font-semibold text-gray-900 sm:pr-2">
        <span className="block">{t(CHANNEL_LABEL[channel])}</span>{' '}
        <span
          className={`mt-1 inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${
            worrying ? 'bg-red-100 text-red-800' : 'bg-brand-100 text-brand-800'
          }`}
        >
          {t(`admin.deliveries.${state}`)}
        </span>
      </th>
      <td className={`${cell} text-gray-900`}>{counts.sent}</td>
      <td className={`${cell} ${counts.failed > 0 ? 'font-bold text-red-800' : 'text-gray-900'}`}>
        {counts.failed}
      </td>
      <td className={`${cell} text-gray-900`}>{counts.queued}</td>
    </tr>
  );
}
