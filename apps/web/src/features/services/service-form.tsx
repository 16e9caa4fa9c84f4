import { ServiceInput, type ServiceDto } from '@jamii/shared';
import { useId } from 'react';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { LocationSuggestions } from '../../components/location-suggestions';
import { CurrencyField } from '../../components/select-field';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useMutationForm } from '../../lib/use-mutation-form';
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
}: {
  service?: ServiceDto;
  onCreated?: () => void;
  onDone?: () => void;
}) {
  const createService = useCreateService();
  const updateService = useUpdateService(service?.id ?? 0);
  const isEdit = service !== undefined;
  const placesId = useId();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useMutationForm({
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
    send: isEdit ? updateService.mutateAsync : createService.mutateAsync,
    serverFields: ['title', 'description', 'price', 'location', 'currency'],
    successMessage: isEdit ? t('services.edited') : t('services.created'),
    failureMessage: (error) =>
      errorMessage(error, isEdit ? t('services.editFailed') : t('services.createFailed')),
    resetsOnSuccess: !isEdit,
    onSuccess: isEdit ? onDone : onCreated,
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={isEdit ? t('services.form.editTitle') : t('services.form.title')}
      className="space-y-4"
    >
      <TextField label={t('services.form.name')} error={errors.title?.message} {...register('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid grid-cols-[1fr_auto] gap-3">
          <TextField
            label={t('services.form.price')}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            error={errors.price?.message}
            {...register('price')}
          />
          <CurrencyField error={errors.currency?.message} {...register('currency')} />
        </div>
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
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isSubmitting ? t('common.saving') : isEdit ? t('common.saveChanges') : t('services.form.submit')}
        </button>
        {isEdit && (
          <button type="button" onClick={onDone} disabled={isSubmitting} className={buttonClasses('ghost')}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
