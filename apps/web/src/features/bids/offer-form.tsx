import { formatPrice, OfferInput, type BidDto } from '@jamii/shared';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { t } from '../../lib/i18n';
import { useMutationForm } from '../../lib/use-mutation-form';
import { usePlaceOffer } from './api';

type OfferFields = z.input<typeof OfferInput>;

/** SPEC §2 Offer form: a price (number) and a message, both required (the shared OfferInput). */
export function OfferForm({ bid, onDone }: { bid: Pick<BidDto, 'id' | 'max_price'>; onDone: () => void }) {
  const placeOffer = usePlaceOffer();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useMutationForm({
    schema: OfferInput,
    defaultValues: { bid_id: bid.id, offer_price: '', message: '' } satisfies OfferFields,
    send: placeOffer.mutateAsync,
    serverFields: ['offer_price', 'message'],
    successMessage: t('bids.submitted'),
    failureMessage: () => t('bids.submitFailed'),
    onSuccess: onDone,
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('bids.offer.title')}
      className="mt-3 space-y-3 rounded-xl bg-gray-50 p-3 ring-1 ring-gray-900/5"
    >
      <TextField
        label={t('bids.offer.price')}
        type="number"
        inputMode="decimal"
        min="0.01"
        step="0.01"
        hint={t('bids.offer.priceHint', { max: formatPrice(bid.max_price) })}
        error={errors.offer_price?.message}
        {...register('offer_price')}
      />
      <TextAreaField
        label={t('bids.offer.message')}
        rows={3}
        error={errors.message?.message}
        {...register('message')}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isSubmitting ? t('bids.offer.submitting') : t('bids.offer.submit')}
        </button>
        <button type="button" onClick={onDone} disabled={isSubmitting} className={buttonClasses('ghost')}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
