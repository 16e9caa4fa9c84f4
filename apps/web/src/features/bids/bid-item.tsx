import { formatMoney, type BidDto, type OfferDto } from '@jamii/shared';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { buttonClasses } from '../../components/button-styles';
import { useConfirmDelete } from '../../components/confirm-delete';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MessageButton } from '../../components/message-button';
import { ReviewForm } from '../../components/review-form';
import { ReportButton } from '../../components/report-button';
import { ScamReportButton } from '../../components/scam-report-button';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import {
  bidKeys,
  useAcceptOffer,
  useCompleteBid,
  useDeleteBid,
  useRefreshOffers,
  useWithdrawOffer,
} from './api';
import { BidCard } from './bid-card';

// The forms (and the form library and rules) download when a member taps Place Bid or Edit.
const OfferForm = lazyComponent(() =>
  import('./offer-form').then((module) => ({ default: module.OfferForm })),
);
const BidForm = lazyComponent(() => import('./bid-form').then((module) => ({ default: module.BidForm })));
// Only a deal with an accepted offer shows it: its code and texts stay out of the lists' first load.
const PaymentPanel = lazyComponent(() =>
  import('./payment-panel').then((module) => ({ default: module.PaymentPanel })),
);

const loading = <p className="mt-3 text-sm text-gray-500">{t('common.loading')}</p>;

/** What accepting does, said before it is done (docs/design.md#offers-that-behave-like-a-marketplace). */
function acceptQuestion(bid: BidDto, offer: OfferDto) {
  // The count, not the list: a list carries only some of a bid's offers (BID_OFFERS_IN_LIST).
  const others = bid.pending_offer_count - (offer.status === 'pending' ? 1 : 0);
  const question = t('bids.accept.confirm', {
    name: offer.name.trim() || t('bids.unknownUser', { id: offer.user_id }),
    price: formatMoney(offer.offer_price, offer.currency),
  });
  return others > 0 ? `${question} ${t('bids.accept.declineOthers', { count: others })}` : question;
}

type Editing =
  { kind: 'none' } | { kind: 'offer' } | { kind: 'editOffer'; offer: OfferDto } | { kind: 'bid' };

/**
 * A bid card wired for a list (docs/design.md#principles, docs/design.md#offers-that-behave-like-a-marketplace): Place Bid for members without a live offer while
 * the bid is Open; Edit and Withdraw on one's own pending offer; Accept Offer (after a question that
 * says what follows), Edit, Delete and Mark completed for the owner (Delete for admins too).
 */
export function BidItem({ bid }: { bid: BidDto }) {
  const { user } = useAuth();
  const toast = useToast();
  const accept = useAcceptOffer();
  const complete = useCompleteBid();
  const withdraw = useWithdrawOffer();
  const deleteBid = useDeleteBid();
  const refreshOffers = useRefreshOffers();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [accepting, setAccepting] = useState<OfferDto | null>(null);
  const [withdrawing, setWithdrawing] = useState<OfferDto | null>(null);
  const isOpen = bid.status === 'Open';
  const isOwner = user?.id === bid.client_id;
  const hasLiveOffer = bid.offers.some((o) => o.user_id === user?.id && o.status !== 'withdrawn');
  const stopEditing = () => setEditing({ kind: 'none' });
  const queryClient = useQueryClient();
  // docs/design.md#reviews: after Completed, the owner and the winning bidder review each other.
  const winner = bid.offers.find((o) => o.status === 'accepted');
  const isWinner = winner !== undefined && winner.user_id === user?.id;
  const reviewForm = (name: string) => (
    <ReviewForm
      deal={{ bid_id: bid.id }}
      revieweeName={name}
      isReviewed={bid.reviewed_by_me}
      onReviewed={() => void queryClient.invalidateQueries({ queryKey: bidKeys.all })}
    />
  );
  // The deal's money, for its two sides, once an offer is accepted (M-Pesa moves shillings only).
  const payingSide =
    bid.status !== 'Open' && bid.currency === 'KES' ? (isOwner ? 'owner' : isWinner ? 'winner' : null) : null;
  const reviewee =
    bid.status !== 'Completed' || !winner
      ? null
      : isOwner
        ? winner.name.trim() || t('bids.unknownUser', { id: winner.user_id })
        : isWinner
          ? bid.name.trim() || t('bids.unknownUser', { id: bid.client_id })
          : null;
  const confirmDelete = useConfirmDelete({
    message: t('bids.delete.confirm'),
    remove: () => deleteBid.mutateAsync(bid.id),
    deletedMessage: t('bids.delete.done'),
    failureMessage: (error) => errorMessage(error, t('bids.delete.failed')),
  });

  function handleAccept() {
    if (!accepting) return;
    accept.mutate(accepting, {
      onSuccess: () => toast.success(t('bids.offerAccepted')),
      onError: () => toast.error(t('bids.acceptFailed')),
      onSettled: () => setAccepting(null),
    });
  }

  function handleWithdraw() {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing, {
      onSuccess: () => toast.success(t('bids.offer.withdrawn')),
      onError: (error) => toast.error(errorMessage(error, t('bids.offer.withdrawFailed'))),
      onSettled: () => setWithdrawing(null),
    });
  }

  /** The open form, if any: BidCard shows Place Bid only while none is. */
  function editForm() {
    if (editing.kind === 'offer' && isOpen && !isOwner) {
      return (
        <Suspense fallback={loading}>
          <OfferForm bid={bid} onDone={stopEditing} />
        </Suspense>
      );
    }
    if (editing.kind === 'editOffer' && isOpen) {
      return (
        <Suspense fallback={loading}>
          <OfferForm bid={bid} offer={editing.offer} onDone={stopEditing} />
        </Suspense>
      );
    }
    if (editing.kind === 'bid' && isOwner) {
      return (
        <div className="mt-3 rounded-xl bg-gray-50 p-3 ring-1 ring-gray-900/5">
          <Suspense fallback={loading}>
            <BidForm bid={bid} onDone={stopEditing} />
          </Suspense>
        </div>
      );
    }
    return undefined;
  }

  const ownerActions =
    isOwner || user?.role === 'admin' ? (
      <div className="mt-3 flex flex-wrap gap-2">
        {isOwner && isOpen && (
          <button
            type="button"
            onClick={() => setEditing({ kind: 'bid' })}
            className={buttonClasses('secondary')}
          >
            {t('common.edit')}
          </button>
        )}
        {isOwner && bid.status === 'Closed' && (
          <button
            type="button"
            disabled={complete.isPending}
            onClick={() =>
              complete.mutate(bid.id, {
                onSuccess: () => toast.success(t('bids.complete.done')),
                onError: (error) => toast.error(errorMessage(error, t('bids.complete.failed'))),
              })
            }
            className={buttonClasses('primary')}
          >
            {complete.isPending ? t('common.saving') : t('bids.complete.action')}
          </button>
        )}
        <button type="button" onClick={confirmDelete.ask} className={buttonClasses('danger')}>
          {t('common.delete')}
        </button>
      </div>
    ) : undefined;

  return (
    <>
      <BidCard
        bid={bid}
        onPlaceBid={
          user && !isOwner && isOpen && !hasLiveOffer ? () => setEditing({ kind: 'offer' }) : undefined
        }
        onAcceptOffer={isOwner && isOpen ? (offer) => setAccepting(offer) : undefined}
        onShowAllOffers={() => refreshOffers(bid.id)}
        acceptingId={accept.isPending ? (accept.variables?.id ?? null) : null}
        offerActions={(offer) => {
          const canEdit =
            isOpen && offer.status === 'pending' && offer.user_id === user?.id && editing.kind === 'none';
          // docs/design.md#messages: the bid's owner and the bidder can talk about the offer.
          const talkTo = isOwner ? offer : offer.user_id === user?.id ? bid : null;
          const canReport = user !== null && user !== undefined && offer.user_id !== user.id;
          if (!canEdit && !talkTo && !canReport) return undefined;
          return (
            <div className="mt-2 flex flex-wrap gap-2">
              {canEdit && (
                <>
                  <button
                    type="button"
                    onClick={() => setEditing({ kind: 'editOffer', offer })}
                    className={buttonClasses('secondary')}
                  >
                    {t('bids.offer.edit')}
                  </button>
                  <button
                    type="button"
                    onClick={() => setWithdrawing(offer)}
                    className={buttonClasses('ghost')}
                  >
                    {t('bids.offer.withdraw')}
                  </button>
                </>
              )}
              {talkTo && (
                <MessageButton
                  username={talkTo.username}
                  context={{ type: 'offer', id: offer.id }}
                  variant="ghost"
                  label={t('messages.messageTo', { name: talkTo.name })}
                />
              )}
              {canReport && <ReportButton targetType="offer" targetId={offer.id} authorId={offer.user_id} />}
              {canReport && (
                <ScamReportButton targetType="offer" targetId={offer.id} authorId={offer.user_id} />
              )}
            </div>
          );
        }}
        actions={editing.kind === 'bid' ? undefined : ownerActions}
      >
        {/* One child or none: BidCard shows Place Bid only when it is given no children. */}
        {payingSide && winner ? (
          <>
            <Suspense fallback={loading}>
              <PaymentPanel bid={bid} side={payingSide} price={winner.offer_price} />
            </Suspense>
            {editForm() ?? (reviewee !== null && reviewForm(reviewee))}
          </>
        ) : (
          (editForm() ?? (reviewee !== null && reviewForm(reviewee)))
        )}
      </BidCard>
      <ConfirmDialog
        open={accepting !== null}
        message={accepting ? acceptQuestion(bid, accepting) : ''}
        confirmLabel={t('bids.acceptOffer')}
        busyLabel={t('bids.accepting')}
        isBusy={accept.isPending}
        onConfirm={handleAccept}
        onCancel={() => setAccepting(null)}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        message={t('bids.offer.withdrawConfirm')}
        confirmLabel={t('bids.offer.withdraw')}
        busyLabel={t('bids.offer.withdrawing')}
        isBusy={withdraw.isPending}
        isDestructive
        onConfirm={handleWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
      {confirmDelete.dialog}
    </>
  );
}
