import { ServiceInput } from '@jamii/shared';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useMutationForm } from '../../lib/use-mutation-form';
import { useCreateService } from './api';

type ServiceFields = z.input<typeof ServiceInput>;
const emptyService: ServiceFields = { title: '', description: '', price: '', location: '' };

/** Offer a service: a title, a price in dollars (0 for free), a place and a description. */
export function ServiceForm({ onCreated }: { onCreated?: () => void }) {
  const createService = useCreateService();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useMutationForm({
    schema: ServiceInput,
    defaultValues: emptyService,
    send: createService.mutateAsync,
    serverFields: ['title', 'description', 'price', 'location'],
    successMessage: t('services.created'),
    failureMessage: (error) => errorMessage(error, t('services.createFailed')),
    resetsOnSuccess: true,
    onSuccess: onCreated,
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('services.form.title')} className="space-y-4">
      <TextField label={t('services.form.name')} error={errors.title?.message} {...register('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('services.form.price')}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          error={errors.price?.message}
          {...register('price')}
        />
        <TextField
          label={t('services.form.location')}
          placeholder={t('auth.locationPlaceholder')}
          error={errors.location?.message}
          {...register('location')}
        />
      </div>
      <TextAreaField
        label={t('services.form.description')}
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
        {isSubmitting ? t('common.saving') : t('services.form.submit')}
      </button>
    </form>
  );
}
