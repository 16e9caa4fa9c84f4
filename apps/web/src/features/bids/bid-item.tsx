import type { BidDto } from '@jamii/shared';
import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useAcceptOffer } from './api';
import { BidCard } from './bid-card';

// The offer form (and the form library and rules) downloads when a member taps Place Bid.
const OfferForm = lazy(() => import('./offer-form').then((module) => ({ default: module.OfferForm })));

/**
 * A bid card wired for a list (DESIGN §1): Place Bid for members other than the owner while the bid
 * is Open; Accept Offer for the owner only (the server refuses anyone else).
 */
export function BidItem({ bid }: { bid: BidDto }) {
  const { user } = useAuth();
  const toast = useToast();
  const accept = useAcceptOffer();
  const [isOffering, setIsOffering] = useState(false);
  const isOpen = bid.status === 'Open';
  const isOwner = user?.id === bid.client_id;

  return (
    <BidCard
      bid={bid}
      onPlaceBid={user && !isOwner && isOpen ? () => setIsOffering(true) : undefined}
      onAcceptOffer={
        isOwner && isOpen
          ? (offer) =>
              accept.mutate(offer, {
                onSuccess: () => toast.success(t('bids.offerAccepted')),
                onError: () => toast.error(t('bids.acceptFailed')),
              })
          : undefined
      }
      acceptingId={accept.isPending ? (accept.variables?.id ?? null) : null}
    >
      {isOffering && isOpen && !isOwner && (
        <Suspense fallback={<p className="mt-3 text-sm text-gray-500">{t('common.loading')}</p>}>
          <OfferForm bid={bid} onDone={() => setIsOffering(false)} />
        </Suspense>
      )}
    </BidCard>
  );
}
