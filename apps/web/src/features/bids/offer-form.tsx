import { zodResolver } from '@hookform/resolvers/zod';
import { formatPrice, OfferInput, type BidDto, type OfferInputValues } from '@jamii/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { usePlaceOffer } from './api';
import { showServerFieldErrors } from '../../lib/form-errors';

type OfferFields = z.input<typeof OfferInput>;

/** SPEC §2 Offer form: a price (number) and a message, both required (the shared OfferInput). */
export function OfferForm({ bid, onDone }: { bid: Pick<BidDto, 'id' | 'max_price'>; onDone: () => void }) {
  const toast = useToast();
  const placeOffer = usePlaceOffer();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OfferFields, unknown, OfferInputValues>({
    resolver: zodResolver(OfferInput),
    defaultValues: { bid_id: bid.id, offer_price: '', message: '' },
  });

  async function handleOffer(values: OfferInputValues) {
    try {
      await placeOffer.mutateAsync(values);
      toast.success(t('bids.submitted'));
      onDone();
    } catch (error) {
      showServerFieldErrors(error, ['offer_price', 'message'], setError);
      toast.error(t('bids.submitFailed'));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(handleOffer)(event)}
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
