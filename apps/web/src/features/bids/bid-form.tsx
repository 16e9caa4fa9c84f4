import { BidInput, type BidDto } from '@jamii/shared';
import type { z } from 'zod';
import { EditableForm, type EditableFormCallbacks } from '../../components/editable-form';
import { TextAreaField, TextField } from '../../components/form-fields';
import { PriceFields } from '../../components/select-field';
import { t } from '../../lib/i18n';
import { useFeatureForm } from '../../lib/use-mutation-form';
import { useCreateBid, useUpdateBid } from './api';

type BidFields = z.input<typeof BidInput>;
const emptyBid: BidFields = { job_title: '', max_price: '', description: '', currency: 'KES' };

/**
 * A request for offers: a job title, the most the client will pay (KES unless USD), and what the
 * work is. Given a `bid`, the same form edits it (PATCH, the same rules).
 */
export function BidForm({ bid, onCreated, onDone }: { bid?: BidDto } & EditableFormCallbacks) {
  const createBid = useCreateBid();
  const updateBid = useUpdateBid(bid?.id ?? 0);
  const isEdit = bid !== undefined;
  const { register, errors, formProps } = useFeatureForm('bids', {
    schema: BidInput,
    defaultValues: bid
      ? {
          job_title: bid.job_title,
          max_price: bid.max_price,
          description: bid.description,
          currency: bid.currency,
        }
      : emptyBid,
    isEdit,
    create: createBid.mutateAsync,
    update: updateBid.mutateAsync,
    serverFields: ['job_title', 'max_price', 'description', 'currency'],
    onCreated,
    onDone,
  });

  return (
    <EditableForm {...formProps}>
      <TextField
        label={t('bids.form.jobTitle')}
        error={errors.job_title?.message}
        {...register('job_title')}
      />
      <PriceFields
        amount={{
          label: t('bids.form.maxPrice'),
          min: '0.01',
          error: errors.max_price?.message,
          ...register('max_price'),
        }}
        currency={{ error: errors.currency?.message, ...register('currency') }}
      />
      <TextAreaField
        label={t('bids.form.description')}
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
    </EditableForm>
  );
}
