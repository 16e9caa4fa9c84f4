import { formatMoney, type ServiceDto } from '@jamii/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Avatar } from '../../components/avatar';
import { buttonClasses } from '../../components/button-styles';
import { useConfirmDelete } from '../../components/confirm-delete';
import { EditedMarker } from '../../components/edited-marker';
import { CardSkeletons } from '../../components/card-skeleton';
import { MapPinIcon } from '../../components/icons';
import { EmptyState, ListError } from '../../components/list-states';
import { MessageButton } from '../../components/message-button';
import { MorePages } from '../../components/load-more';
import { RiskWarning } from '../../components/risk-warning';
import { ModerationLabel } from '../../components/moderation-label';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { useDeleteService, useServicesList } from './api';
import { ServiceForm } from './service-form';
import { ReportButton } from '../../components/report-button';
import { LinkedText } from '../../components/linked-text';

const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5';

/** Edit for the provider, Delete (after a question) for the provider and admins (docs/design.md#offers-that-behave-like-a-marketplace). */
function ServiceOwnerActions({ service, onEdit }: { service: ServiceDto; onEdit: (() => void) | undefined }) {
  const deleteService = useDeleteService();
  const confirmDelete = useConfirmDelete({
    message: t('services.delete.confirm'),
    remove: () => deleteService.mutateAsync(service.id),
    deletedMessage: t('services.delete.done'),
    failureMessage: (error) => errorMessage(error, t('services.delete.failed')),
  });
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {onEdit && (
        <button type="button" onClick={onEdit} className={buttonClasses('secondary')}>
          {t('common.edit')}
        </button>
      )}
      <button type="button" onClick={confirmDelete.ask} className={buttonClasses('danger')}>
        {t('common.delete')}
      </button>
      {confirmDelete.dialog}
    </div>
  );
}

function ServiceCard({ service }: { service: ServiceDto }) {
  const { user } = useAuth();
  const [isEditing, setIsEditing] = useState(false);
  const isProvider = user?.id === service.user_id;
  if (isEditing && isProvider) {
    return (
      <article aria-label={service.title} className={cardClass}>
        <ServiceForm service={service} onDone={() => setIsEditing(false)} />
      </article>
    );
  }
  return (
    <article aria-label={service.title} className={cardClass}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base leading-snug font-semibold text-gray-900">{service.title}</h3>
        <p className="shrink-0 font-bold text-brand-800 tabular-nums">
          {formatMoney(service.price, service.currency)}
        </p>
        <ReportButton targetType="service" targetId={service.id} authorId={service.user_id} />
      </div>
      {service.description.trim() && (
        <p className="mt-2 line-clamp-4 break-words whitespace-pre-line text-gray-800">
          <LinkedText
            text={service.description}
            topics={false}
            linkClassName="font-medium text-brand-700 underline underline-offset-2"
          />
        </p>
      )}
      <ModerationLabel moderation={service.moderation} authorId={service.user_id} />
      <RiskWarning risk={service.risk} />
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
        <EditedMarker editedAt={service.edited_at} />
        <span className="ml-auto">
          <MessageButton
            username={service.username}
            context={{ type: 'service', id: service.id }}
            label={t('messages.messageTo', { name: service.name })}
          />
        </span>
      </div>
      {(isProvider || user?.role === 'admin') && (
        <ServiceOwnerActions service={service} onEdit={isProvider ? () => setIsEditing(true) : undefined} />
      )}
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
      <MorePages list={services} />
    </div>
  );
}

/** the specified screens Services Offered (`/services`): offer a service; the services members offer, priced in KSh or US$. */
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
