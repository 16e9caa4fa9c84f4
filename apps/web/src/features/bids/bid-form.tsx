import { zodResolver } from '@hookform/resolvers/zod';
import { BidInput, type BidInputValues } from '@jamii/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useCreateBid } from './api';
import { showServerFieldErrors } from '../../lib/form-errors';

type BidFields = z.input<typeof BidInput>;
const emptyBid: BidFields = { job_title: '', max_price: '', description: '' };

/** A request for offers: a job title, the most the client will pay, and what the work is. */
export function BidForm({ onCreated }: { onCreated?: () => void }) {
  const toast = useToast();
  const createBid = useCreateBid();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BidFields, unknown, BidInputValues>({
    resolver: zodResolver(BidInput),
    defaultValues: emptyBid,
  });

  async function handleCreate(values: BidInputValues) {
    try {
      await createBid.mutateAsync(values);
      reset(emptyBid);
      toast.success(t('bids.created'));
      onCreated?.();
    } catch (error) {
      showServerFieldErrors(error, ['job_title', 'max_price', 'description'], setError);
      toast.error(errorMessage(error, t('bids.createFailed')));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(handleCreate)(event)}
      aria-label={t('bids.form.title')}
      className="space-y-4"
    >
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
