import { t } from '../../lib/i18n';
import { BidForm } from './bid-form';
import { BidList } from './bid-list';
import { TitledSection } from '../../components/titled-section';

/** the specified screens Job Bids (`/bids`): post a request for offers, and the requests with their offers. */
export function BidsPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('bids.page.title') })}</title>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('bids.page.title')}</h1>
      <TitledSection
        headingId="new-bid-title"
        title={t('bids.form.title')}
        className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6"
        headingClassName="mb-3 text-lg font-bold text-gray-900"
      >
        <BidForm />
      </TitledSection>
      <section aria-label={t('bids.page.listLabel')} className="mt-6">
        <BidList />
      </section>
    </div>
  );
}
