import { ServiceInput, type ServiceDto } from '@jamii/shared';
import { useId } from 'react';
import type { z } from 'zod';
import { EditableForm, type EditableFormCallbacks } from '../../components/editable-form';
import { TextAreaField, TextField } from '../../components/form-fields';
import { LocationSuggestions } from '../../components/location-suggestions';
import { PriceFields } from '../../components/select-field';
import { t } from '../../lib/i18n';
import { useFeatureForm } from '../../lib/use-mutation-form';
import { useCreateService, useUpdateService } from './api';

type ServiceFields = z.input<typeof ServiceInput>;
const emptyService: ServiceFields = { title: '', description: '', price: '', location: '', currency: 'KES' };

/**
 * Offer a service: a title, a price (0 for free) in KES unless USD, a place and a description.
 * Given a `service`, the same form edits it (PATCH, the same rules).
 */
export function ServiceForm({
  service,
  onCreated,
  onDone,
}: { service?: ServiceDto } & EditableFormCallbacks) {
  const createService = useCreateService();
  const updateService = useUpdateService(service?.id ?? 0);
  const isEdit = service !== undefined;
  const placesId = useId();
  const { register, errors, formProps } = useFeatureForm('services', {
    schema: ServiceInput,
    defaultValues: service
      ? {
          title: service.title,
          description: service.description,
          price: service.price,
          location: service.location,
          currency: service.currency,
        }
      : emptyService,
    isEdit,
    create: createService.mutateAsync,
    update: updateService.mutateAsync,
    serverFields: ['title', 'description', 'price', 'location', 'currency'],
    onCreated,
    onDone,
  });

  return (
    <EditableForm {...formProps} submittingLabel={t('common.saving')}>
      <TextField label={t('services.form.name')} error={errors.title?.message} {...register('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceFields
          amount={{ label: t('services.form.price'), error: errors.price?.message, ...register('price') }}
          currency={{ error: errors.currency?.message, ...register('currency') }}
        />
        <TextField
          label={t('services.form.location')}
          list={placesId}
          placeholder={t('auth.locationPlaceholder')}
          error={errors.location?.message}
          {...register('location')}
        />
        <LocationSuggestions id={placesId} />
      </div>
      <TextAreaField
        label={t('services.form.description')}
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
    </EditableForm>
  );
}
