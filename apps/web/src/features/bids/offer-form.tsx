import { formatMoney, OfferInput, offerAboveMaxMessage, type BidDto, type OfferDto } from '@jamii/shared';
import { useMemo } from 'react';
import type { z } from 'zod';
import { EditableForm } from '../../components/editable-form';
import { AmountField, TextAreaField, TextField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useCreateOrEditForm } from '../../lib/use-mutation-form';
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
 * the specified screens Offer form: a price (number) and a message, both required (the shared OfferInput), and
 * optional delivery days (docs/design.md#offers-that-behave-like-a-marketplace). Given the member's `offer`, the same form edits it.
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
  const { register, onSubmit, errors, isSubmitting } = useCreateOrEditForm({
    schema,
    defaultValues: (offer
      ? {
          bid_id: bid.id,
          offer_price: offer.offer_price,
          message: offer.message,
          delivery_days: offer.delivery_days ?? '',
        }
      : { bid_id: bid.id, offer_price: '', message: '', delivery_days: '' }) satisfies OfferFields,
    isEdit,
    create: placeOffer.mutateAsync,
    update: ({ offer_price, message, delivery_days }) =>
      updateOffer.mutateAsync({ offer_price, message, delivery_days }),
    serverFields: ['offer_price', 'message', 'delivery_days'],
    messages: {
      created: t('bids.submitted'),
      createFailed: t('bids.submitFailed'),
      edited: t('bids.offer.edited'),
      editFailed: t('bids.offer.editFailed'),
    },
    // A failed offer says so plainly; a failed edit gives the server's reason.
    failureMessage: (error) =>
      isEdit ? errorMessage(error, t('bids.offer.editFailed')) : t('bids.submitFailed'),
    resetsOnSuccess: false,
    onCreated: onDone,
    onDone,
  });

  return (
    <EditableForm
      label={isEdit ? t('bids.offer.editTitle') : t('bids.offer.title')}
      onSubmit={onSubmit}
      className="mt-3 space-y-3 rounded-xl bg-gray-50 p-3 ring-1 ring-gray-900/5"
      isEdit={isEdit}
      isSubmitting={isSubmitting}
      submitLabel={t('bids.offer.submit')}
      submittingLabel={t('bids.offer.submitting')}
      onCancel={onDone}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <AmountField
          label={t('bids.offer.price', { currency: t(`money.symbol.${bid.currency}`) })}
          min="0.01"
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
    </EditableForm>
  );
}
