import { formatMoney, type BidDto, type OfferDto } from '@jamii/shared';
import { VerifiedBadge } from '../../components/verified-badge';
import { useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { CardAvatar } from '../../components/card-avatar';
import { EditedMarker } from '../../components/edited-marker';
import { TimeAgo } from '../../components/time-ago';
import { RiskWarning } from '../../components/risk-warning';
import { ModerationLabel } from '../../components/moderation-label';
import { t } from '../../lib/i18n';
import { ReportButton } from '../../components/report-button';
import { RatingBadge } from '../../components/rating-badge';
import { LinkedText } from '../../components/linked-text';

interface BidCardProps {
  bid: BidDto;
  /** Shows Place Bid; given only to members who may offer (not the owner, bid Open). */
  onPlaceBid?: (() => void) | undefined;
  /** Shows Accept Offer on pending offers; given only to the bid's owner while it is Open. */
  onAcceptOffer?: ((offer: OfferDto) => void) | undefined;
  /** The offer being accepted, whose button is busy. */
  acceptingId?: number | null;
  /** The owner's (or the offer author's) buttons for one offer: Edit and Withdraw on one's own. */
  offerActions?: ((offer: OfferDto) => ReactNode) | undefined;
  /** The owner's buttons for the bid: Edit, Delete, Mark completed. */
  actions?: ReactNode;
  /** Under the card's facts: the offer form when it is open. */
  children?: ReactNode;
  /**
   * Loads the offers a list leaves out (BID_OFFERS_IN_LIST) into the bid; answers whether they
   * came. Without it, or once every offer is here, no Show all button.
   */
  onShowAllOffers?: (() => Promise<boolean>) | undefined;
}

const bidderName = (offer: OfferDto) => offer.name.trim() || t('bids.unknownUser', { id: offer.user_id });

const bidStatusStyle: Record<BidDto['status'], string> = {
  Open: 'bg-brand-50 text-brand-800 ring-1 ring-brand-200',
  Closed: 'bg-gray-100 text-gray-700 ring-1 ring-gray-300',
  Completed: 'bg-blue-50 text-blue-800 ring-1 ring-blue-200',
};
const bidStatusLabel = {
  Open: 'bids.status.open',
  Closed: 'bids.status.closed',
  Completed: 'bids.status.completed',
} as const satisfies Record<BidDto['status'], string>;

function StatusBadge({ status }: { status: BidDto['status'] }) {
  return (
    <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${bidStatusStyle[status]}`}>
      {t(bidStatusLabel[status])}
    </span>
  );
}

const offerStatusStyle: Record<OfferDto['status'], string> = {
  pending: 'bg-gray-100 text-gray-700',
  accepted: 'bg-brand-700 text-white',
  declined: 'bg-red-50 text-red-800 ring-1 ring-red-200',
  withdrawn: 'bg-gray-50 text-gray-600 ring-1 ring-gray-300',
};
const offerStatusLabel = {
  pending: 'bids.pending',
  accepted: 'bids.accepted',
  declined: 'bids.declined',
  withdrawn: 'bids.withdrawn',
} as const satisfies Record<OfferDto['status'], string>;

function OfferLine({
  offer,
  onAccept,
  isAccepting,
  actions,
}: {
  offer: OfferDto;
  onAccept: (() => void) | undefined;
  isAccepting: boolean;
  actions: ReactNode;
}) {
  const name = bidderName(offer);
  return (
    <li className="flex gap-3 py-3">
      <CardAvatar name={name} picture={offer.profile_pic} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold text-gray-900">{name}</span>
          <RatingBadge avg={offer.rating_avg} count={offer.rating_count} showEmpty />
          <span className="font-semibold text-brand-800 tabular-nums">
            {formatMoney(offer.offer_price, offer.currency)}
          </span>
          <TimeAgo iso={offer.created_at} className="text-sm text-gray-500" />
          <EditedMarker editedAt={offer.edited_at} />
          <span
            className={`ml-auto rounded-full px-2 py-0.5 text-xs font-semibold ${offerStatusStyle[offer.status]}`}
          >
            {t(offerStatusLabel[offer.status])}
          </span>
        </div>
        {offer.delivery_days !== null && (
          <p className="mt-0.5 text-sm text-gray-600">
            {t('bids.offer.deliveryIn', { days: offer.delivery_days })}
          </p>
        )}
        {offer.message && (
          <p className="mt-1 line-clamp-3 break-words whitespace-pre-line text-sm text-gray-700">
            {offer.message}
          </p>
        )}
        {onAccept && offer.status === 'pending' && (
          <button
            type="button"
            onClick={onAccept}
            disabled={isAccepting}
            className={`mt-2 ${buttonClasses('secondary')}`}
          >
            {isAccepting ? t('bids.accepting') : t('bids.acceptOffer')}
          </button>
        )}
        {actions}
      </div>
    </li>
  );
}

/**
 * the specified screens Bid card: job title, Client, Max Price (in KSh or US$, docs/design.md#money-in-kenya-shillings), the description, Posted, Open/Closed,
 * Place Bid when a handler is given; below, the bids (offers) with Accepted or Pending, and Accept
 * Offer for the bid's owner.
 */
export function BidCard({
  bid,
  onPlaceBid,
  onAcceptOffer,
  acceptingId = null,
  offerActions,
  actions,
  children,
  onShowAllOffers,
}: BidCardProps) {
  const client = bid.name.trim() || String(bid.client_id);
  const [loadingOffers, setLoadingOffers] = useState(false);
  const offersList = useRef<HTMLUListElement>(null);
  const hiddenOffers = bid.offer_count - bid.offers.length;

  async function showAllOffers() {
    if (!onShowAllOffers) return;
    setLoadingOffers(true);
    const loaded = await onShowAllOffers();
    setLoadingOffers(false);
    // The button goes once they are all here: keep the keyboard's place on the list it opened.
    if (loaded) offersList.current?.focus();
  }

  return (
    <article aria-label={bid.job_title} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
      <div className="flex items-start gap-3">
        <CardAvatar name={client} picture={bid.profile_pic} />
        <div className="min-w-0 flex-1">
          <h3 className="text-base leading-snug font-semibold text-gray-900">{bid.job_title}</h3>
          <p className="mt-0.5 text-sm text-gray-600">
            {t('bids.client')}: <span className="font-medium text-gray-800">{client}</span>{' '}
            <VerifiedBadge member={{ email_verified: bid.poster_verified, verified_domain: null }} />
          </p>
        </div>
        <StatusBadge status={bid.status} />
        <ReportButton targetType="bid" targetId={bid.id} authorId={bid.client_id} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-gray-600">{t('bids.maxPrice')}:</dt>
          <dd className="font-semibold text-gray-900 tabular-nums">
            {formatMoney(bid.max_price, bid.currency)}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-gray-600">{t('bids.posted')}:</dt>
          <dd className="flex gap-1.5 text-gray-800">
            <TimeAgo iso={bid.created_at} />
            <EditedMarker editedAt={bid.edited_at} />
          </dd>
        </div>
      </dl>
      {bid.description.trim() && (
        <p className="mt-3 line-clamp-4 break-words whitespace-pre-line text-gray-800">
          <LinkedText
            text={bid.description}
            topics={false}
            linkClassName="font-medium text-brand-700 underline underline-offset-2"
          />
        </p>
      )}
      <ModerationLabel moderation={bid.moderation} authorId={bid.client_id} />
      <RiskWarning risk={bid.risk} />
      {actions}
      {onPlaceBid && !children && (
        <button type="button" onClick={onPlaceBid} className={`mt-3 ${buttonClasses('primary')}`}>
          {t('bids.placeBid')}
        </button>
      )}
      {children}
      <section aria-label={t('bids.list')} className="mt-3 border-t border-gray-100 pt-2">
        <h4 className="text-sm font-semibold text-gray-700">
          {t('bids.listCount', { count: bid.offer_count })}
        </h4>
        {bid.offers.length === 0 ? (
          <p className="py-2 text-sm text-gray-500">{t('bids.noOffers')}</p>
        ) : (
          <ul ref={offersList} tabIndex={-1} className="divide-y divide-gray-100 outline-none">
            {bid.offers.map((offer) => (
              <OfferLine
                key={offer.id}
                offer={offer}
                onAccept={onAcceptOffer ? () => onAcceptOffer(offer) : undefined}
                isAccepting={acceptingId === offer.id}
                actions={offerActions?.(offer)}
              />
            ))}
          </ul>
        )}
        {onShowAllOffers && hiddenOffers > 0 && (
          <button
            type="button"
            onClick={() => void showAllOffers()}
            disabled={loadingOffers}
            className={`mt-1 ${buttonClasses('ghost')}`}
          >
            {loadingOffers ? t('common.loading') : t('bids.showAllOffers', { count: bid.offer_count })}
          </button>
        )}
      </section>
    </article>
  );
}
