import { BidInput, type BidDto } from '@jamii/shared';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { CurrencyField } from '../../components/select-field';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useMutationForm } from '../../lib/use-mutation-form';
import { useCreateBid, useUpdateBid } from './api';

type BidFields = z.input<typeof BidInput>;
const emptyBid: BidFields = { job_title: '', max_price: '', description: '', currency: 'KES' };

/**
 * A request for offers: a job title, the most the client will pay (KES unless USD), and what the
 * work is. Given a `bid`, the same form edits it (PATCH, the same rules).
 */
export function BidForm({
  bid,
  onCreated,
  onDone,
}: {
  bid?: BidDto;
  onCreated?: () => void;
  onDone?: () => void;
}) {
  const createBid = useCreateBid();
  const updateBid = useUpdateBid(bid?.id ?? 0);
  const isEdit = bid !== undefined;
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useMutationForm({
    schema: BidInput,
    defaultValues: bid
      ? {
          job_title: bid.job_title,
          max_price: bid.max_price,
          description: bid.description,
          currency: bid.currency,
        }
      : emptyBid,
    send: isEdit ? updateBid.mutateAsync : createBid.mutateAsync,
    serverFields: ['job_title', 'max_price', 'description', 'currency'],
    successMessage: isEdit ? t('bids.edited') : t('bids.created'),
    failureMessage: (error) => errorMessage(error, isEdit ? t('bids.editFailed') : t('bids.createFailed')),
    resetsOnSuccess: !isEdit,
    onSuccess: isEdit ? onDone : onCreated,
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={isEdit ? t('bids.form.editTitle') : t('bids.form.title')}
      className="space-y-4"
    >
      <TextField
        label={t('bids.form.jobTitle')}
        error={errors.job_title?.message}
        {...register('job_title')}
      />
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <TextField
          label={t('bids.form.maxPrice')}
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          error={errors.max_price?.message}
          {...register('max_price')}
        />
        <CurrencyField error={errors.currency?.message} {...register('currency')} />
      </div>
      <TextAreaField
        label={t('bids.form.description')}
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isEdit
            ? isSubmitting
              ? t('common.saving')
              : t('common.saveChanges')
            : isSubmitting
              ? t('common.posting')
              : t('bids.form.submit')}
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
