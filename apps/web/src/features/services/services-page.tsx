import { formatPrice, type ServiceDto } from '@jamii/shared';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Avatar } from '../../components/avatar';
import { CardSkeletons } from '../../components/card-skeleton';
import { MapPinIcon } from '../../components/icons';
import { EmptyState, ListError } from '../../components/list-states';
import { LoadMore } from '../../components/load-more';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { useServicesList } from './api';
import { ServiceForm } from './service-form';

const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5';

function ServiceCard({ service }: { service: ServiceDto }) {
  return (
    <article aria-label={service.title} className={cardClass}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base leading-snug font-semibold text-gray-900">{service.title}</h3>
        <p className="shrink-0 font-bold text-brand-800 tabular-nums">{formatPrice(service.price)}</p>
      </div>
      {service.description.trim() && (
        <p className="mt-2 line-clamp-4 break-words whitespace-pre-line text-gray-800">
          {service.description}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-600">
        <Link to={paths.user(service.username)} className="inline-flex items-center gap-2 hover:underline">
          <Avatar person={service} size="sm" />
          <span className="font-medium text-gray-800">{service.name}</span>
        </Link>
        {service.location.trim() && (
          <span className="inline-flex items-center gap-1">
            <MapPinIcon className="size-4" />
            {service.location}
          </span>
        )}
      </div>
    </article>
  );
}

function ServiceList() {
  const services = useServicesList();
  if (services.isPending) return <CardSkeletons />;
  if (services.isError) {
    return <ListError message={t('list.loadFailed')} onRetry={() => void services.refetch()} />;
  }
  const items = flattenPages(services.data);
  if (items.length === 0) return <EmptyState>{t('services.empty')}</EmptyState>;
  return (
    <div className="space-y-3">
      {items.map((service) => (
        <ServiceCard key={service.id} service={service} />
      ))}
      <LoadMore
        hasMore={services.hasNextPage}
        isLoading={services.isFetchingNextPage}
        onLoadMore={() => void services.fetchNextPage()}
      />
    </div>
  );
}

/** SPEC §2 Services Offered (`/services`): offer a service; the services members offer, priced in $. */
export function ServicesPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('services.title') })}</title>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('services.title')}</h1>
      <section aria-labelledby="new-service-title" className={`${cardClass} mt-4 sm:p-6`}>
        <h2 id="new-service-title" className="mb-3 text-lg font-bold text-gray-900">
          {t('services.form.title')}
        </h2>
        <ServiceForm />
      </section>
      <section aria-label={t('services.listLabel')} className="mt-6">
        <ServiceList />
      </section>
    </div>
  );
}
