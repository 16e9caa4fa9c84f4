import { BidInput } from '@jamii/shared';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useMutationForm } from '../../lib/use-mutation-form';
import { useCreateBid } from './api';

type BidFields = z.input<typeof BidInput>;
const emptyBid: BidFields = { job_title: '', max_price: '', description: '' };

/** A request for offers: a job title, the most the client will pay, and what the work is. */
export function BidForm({ onCreated }: { onCreated?: () => void }) {
  const createBid = useCreateBid();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useMutationForm({
    schema: BidInput,
    defaultValues: emptyBid,
    send: createBid.mutateAsync,
    serverFields: ['job_title', 'max_price', 'description'],
    successMessage: t('bids.created'),
    failureMessage: (error) => errorMessage(error, t('bids.createFailed')),
    resetsOnSuccess: true,
    onSuccess: onCreated,
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('bids.form.title')} className="space-y-4">
      <TextField
        label={t('bids.form.jobTitle')}
        error={errors.job_title?.message}
        {...register('job_title')}
      />
      <TextField
        label={t('bids.form.maxPrice')}
        type="number"
        inputMode="decimal"
        min="0.01"
        step="0.01"
        error={errors.max_price?.message}
        {...register('max_price')}
      />
      <TextAreaField
        label={t('bids.form.description')}
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
        {isSubmitting ? t('common.posting') : t('bids.form.submit')}
      </button>
    </form>
  );
}
