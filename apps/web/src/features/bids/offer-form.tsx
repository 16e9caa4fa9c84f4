import { formatMoney, OfferInput, offerAboveMaxMessage, type BidDto, type OfferDto } from '@jamii/shared';
import { useMemo } from 'react';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useMutationForm } from '../../lib/use-mutation-form';
import { usePlaceOffer, useUpdateOffer } from './api';

type OfferFields = z.input<typeof OfferInput>;

/** The shared OfferInput plus the bid's own max price, with the server's message (KSh 5,000). */
function offerRulesFor(bid: Pick<BidDto, 'max_price' | 'currency'>) {
  return OfferInput.superRefine((values, ctx) => {
    const aboveMax = offerAboveMaxMessage(values.offer_price, bid);
    if (aboveMax) ctx.addIssue({ code: 'custom', path: ['offer_price'], message: aboveMax });
  });
}

/**
 * SPEC §2 Offer form: a price (number) and a message, both required (the shared OfferInput), and
 * optional delivery days (DESIGN §8.2). Given the member's `offer`, the same form edits it.
 */
export function OfferForm({
  bid,
  offer,
  onDone,
}: {
  bid: Pick<BidDto, 'id' | 'max_price' | 'currency'>;
  offer?: OfferDto;
  onDone: () => void;
}) {
  const placeOffer = usePlaceOffer();
  const updateOffer = useUpdateOffer(offer?.id ?? 0);
  const isEdit = offer !== undefined;
  const schema = useMemo(() => offerRulesFor(bid), [bid]);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useMutationForm({
    schema,
    defaultValues: (offer
      ? {
          bid_id: bid.id,
          offer_price: offer.offer_price,
          message: offer.message,
          delivery_days: offer.delivery_days ?? '',
        }
      : { bid_id: bid.id, offer_price: '', message: '', delivery_days: '' }) satisfies OfferFields,
    send: isEdit
      ? ({ offer_price, message, delivery_days }) =>
          updateOffer.mutateAsync({ offer_price, message, delivery_days })
      : placeOffer.mutateAsync,
    serverFields: ['offer_price', 'message', 'delivery_days'],
    successMessage: isEdit ? t('bids.offer.edited') : t('bids.submitted'),
    failureMessage: (error) =>
      isEdit ? errorMessage(error, t('bids.offer.editFailed')) : t('bids.submitFailed'),
    onSuccess: onDone,
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={isEdit ? t('bids.offer.editTitle') : t('bids.offer.title')}
      className="mt-3 space-y-3 rounded-xl bg-gray-50 p-3 ring-1 ring-gray-900/5"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('bids.offer.price', { currency: t(`money.symbol.${bid.currency}`) })}
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          hint={t('bids.offer.priceHint', { max: formatMoney(bid.max_price, bid.currency) })}
          error={errors.offer_price?.message}
          {...register('offer_price')}
        />
        <TextField
          label={t('bids.offer.deliveryDays')}
          type="number"
          inputMode="numeric"
          min="1"
          max="365"
          step="1"
          error={errors.delivery_days?.message}
          {...register('delivery_days')}
        />
      </div>
      <TextAreaField
        label={t('bids.offer.message')}
        rows={3}
        error={errors.message?.message}
        {...register('message')}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isEdit
            ? isSubmitting
              ? t('common.saving')
              : t('common.saveChanges')
            : isSubmitting
              ? t('bids.offer.submitting')
              : t('bids.offer.submit')}
        </button>
        <button type="button" onClick={onDone} disabled={isSubmitting} className={buttonClasses('ghost')}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
