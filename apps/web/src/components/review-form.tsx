import { ErrorCode, REVIEW_LIMITS, type ReviewDto, type ReviewInputValues } from '@jamii/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, apiFetch, errorMessage } from '../lib/api';
import { localize, t } from '../lib/i18n';
import { useToast } from '../lib/toast';
import { buttonClasses } from './button-styles';
import { TextAreaField } from './form-fields';
import { useSubmitGuard } from '../lib/use-submit-guard';

const STARS = [1, 2, 3, 4, 5] as const;

/** The shared rules, fetched when the form opens (review-schema.ts); a second call reuses the first. */
const loadReviewFields = () => import('./review-schema').then((module) => module.ReviewFields);

interface ReviewFormProps {
  /** The deal: a Completed bid or a hired application. */
  deal: { bid_id: number } | { application_id: number };
  /** Whom the review is about, as the form names them. */
  revieweeName: string;
  /** The member already reviewed this deal (from the server). */
  isReviewed: boolean;
  /** After a review is posted (or found already posted): refresh what shows the rating. */
  onReviewed?: (() => void) | undefined;
}

/**
 * docs/design.md#reviews: after a deal, "Leave a review" opens a 1–5 star radio group and a text; once posted
 * the form gives way to "You reviewed …". The rules and messages are the shared ReviewFields.
 */
export function ReviewForm({ deal, revieweeName, isReviewed, onReviewed }: ReviewFormProps) {
  const toast = useToast();
  // Taken in the tap itself: a second tap while the first is on its way does nothing.
  const guard = useSubmitGuard();
  const baseId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const send = useMutation({
    mutationFn: (input: ReviewInputValues) =>
      apiFetch<ReviewDto>('/api/reviews', { method: 'POST', body: input }),
  });

  if (isReviewed || isDone) {
    return (
      <p className="mt-3 rounded-xl bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
        {t('reviews.youReviewed', { name: revieweeName })}
      </p>
    );
  }
  if (!isOpen) {
    return (
      <button
        type="button"
        onClick={() => {
          setIsOpen(true);
          // Ahead of the first check; a failure is reported when the form is sent.
          loadReviewFields().catch(() => undefined);
        }}
        className={`mt-3 ${buttonClasses('primary')}`}
      >
        {t('reviews.leave')}
      </button>
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void guard(async () => {
      let reviewFields: Awaited<ReturnType<typeof loadReviewFields>>;
      try {
        reviewFields = await loadReviewFields();
      } catch (error) {
        toast.error(errorMessage(error, t('reviews.failed')));
        return;
      }
      const parsed = reviewFields.safeParse({ rating: rating ?? undefined, text });
      if (!parsed.success) {
        const found: { rating?: string; text?: string } = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if ((field === 'rating' || field === 'text') && !found[field]) found[field] = issue.message;
        }
        setErrors(found);
        return;
      }
      setErrors({});
      // Settled before the guard lets the next tap through.
      await new Promise<void>((settled) =>
        send.mutate(
          { ...deal, ...parsed.data },
          {
            onSettled: () => settled(),
            onSuccess: () => {
              toast.success(t('reviews.saved'));
              setIsDone(true);
              onReviewed?.();
            },
            onError: (error) => {
              if (error instanceof ApiError && error.code === ErrorCode.ALREADY_REVIEWED) {
                setIsDone(true);
                onReviewed?.();
                return;
              }
              if (error instanceof ApiError && error.errors) {
                setErrors({ rating: error.errors.rating, text: error.errors.text });
                if (error.errors.rating || error.errors.text) return;
              }
              toast.error(errorMessage(error, t('reviews.failed')));
            },
          },
        ),
      );
    });
  }

  const titleId = `${baseId}-title`;
  const ratingErrorId = `${baseId}-rating-error`;
  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={handleSubmit}
      className="mt-3 space-y-3 rounded-xl bg-gray-50 p-3 ring-1 ring-gray-900/5"
    >
      <h4 id={titleId} className="font-semibold text-gray-900">
        {t('reviews.formTitle', { name: revieweeName })}
      </h4>
      <fieldset aria-describedby={errors.rating ? ratingErrorId : undefined}>
        <legend className="text-sm font-medium text-gray-800">{t('reviews.rating')}</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((value) => {
            const isLit = rating !== null && value <= rating;
            return (
              <label key={value} className="relative cursor-pointer">
                <input
                  type="radio"
                  name={`${baseId}-rating`}
                  value={value}
                  checked={rating === value}
                  onChange={() => {
                    setRating(value);
                    setErrors(({ text: textError }) => (textError ? { text: textError } : {}));
                  }}
                  className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                />
                <span
                  aria-hidden="true"
                  className={`inline-flex size-11 items-center justify-center rounded-lg text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${isLit ? 'text-star' : 'text-gray-500'}`}
                >
                  {isLit ? '★' : '☆'}
                </span>
                <span className="sr-only">{t('reviews.stars', { count: value })}</span>
              </label>
            );
          })}
        </div>
        {errors.rating && (
          <p id={ratingErrorId} className="mt-1 text-sm text-red-700">
            {localize(errors.rating)}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label={t('reviews.text')}
        rows={3}
        maxLength={REVIEW_LIMITS.text}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={errors.text}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={send.isPending} className={buttonClasses('primary')}>
          {send.isPending ? t('reviews.submitting') : t('reviews.submit')}
        </button>
        <button type="button" onClick={() => setIsOpen(false)} className={buttonClasses('ghost')}>
          {t('reviews.cancel')}
        </button>
      </div>
    </form>
  );
}
