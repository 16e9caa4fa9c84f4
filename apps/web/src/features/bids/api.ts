import {
  countOffers,
  type BidDto,
  type BidInputValues,
  type BidPatchInputValues,
  type OfferDto,
  type OfferInputValues,
  type OfferPatchInputValues,
  type OfferSubmitted,
} from '@jamii/shared';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createOrKeep } from '../../lib/offline/outbox';
import { apiFetch } from '../../lib/api';
import { t } from '../../lib/i18n';
import { logError } from '../../lib/log';
import { cursorPages, isPagedList, updatePagedItems, type PagedList } from '../../lib/pages';
import { useToast } from '../../lib/toast';
import { paymentKey } from './payment-api';

export const BIDS_PAGE_SIZE = 10;

export const bidKeys = {
  all: ['bids'] as const,
  lists: ['bids', 'list'] as const,
  list: (filters: { userId?: number; search?: string } = {}) => ['bids', 'list', filters] as const,
};

/** `GET /api/bids` (members): bid requests, newest first, each with its poster and offers. */
export function useBidsList({
  userId,
  search = '',
  enabled = true,
}: { userId?: number; search?: string; enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: bidKeys.list(userId === undefined ? { search } : { userId, search }),
    ...cursorPages<BidDto>('/api/bids', { limit: BIDS_PAGE_SIZE, user_id: userId, search }),
    enabled,
  });
}

/** Changes one bid wherever it is cached. */
export function patchBid(queryClient: QueryClient, id: number, update: (bid: BidDto) => BidDto) {
  queryClient.setQueriesData<PagedList<BidDto>>({ queryKey: bidKeys.all }, (data) =>
    isPagedList<BidDto>(data) ? updatePagedItems(data, (bid) => bid.id === id, update) : data,
  );
}

/** `POST /api/bids`; the lists are loaded afresh so the new bid shows at the top (offline: kept, lib/offline). */
export function useCreateBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: BidInputValues) =>
      createOrKeep<BidDto>('bid', '/api/bids', values, values.job_title),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidKeys.lists }),
  });
}

/** The bid with every offer it has, counted afresh (a list carries only some, BID_OFFERS_IN_LIST). */
const withAllOffers = (bid: BidDto, offers: OfferDto[]): BidDto => ({
  ...bid,
  offers,
  ...countOffers(offers),
});

/**
 * `GET /api/bids/offers/{bidId}` into the cached bid, all of them; a failure says "Error fetching
 * offers". Answers whether they came.
 */
export function useRefreshOffers() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (bidId: number) => {
    try {
      const offers = await apiFetch<OfferDto[]>(`/api/bids/offers/${bidId}`);
      patchBid(queryClient, bidId, (bid) => withAllOffers(bid, offers));
      return true;
    } catch (error) {
      logError('fetching offers failed', error);
      toast.error(t('bids.offersFailed'));
      return false;
    }
  };
}

/**
 * `POST /api/bids/offer`: the offer the server answers goes into its cached bid, after the others
 * (oldest first) and counted, without loading the bid's offers again. Offline the offer is kept on
 * the phone and sent when the connection returns (lib/offline/outbox).
 */
export function usePlaceOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: OfferInputValues) =>
      createOrKeep<OfferSubmitted>('offer', '/api/bids/offer', values, values.message),
    onSuccess: (result) => {
      if (!result.queued) addOffer(queryClient, result.answer.offer);
    },
  });
}

/** A new offer into its cached bid: a list shows one's own offers, so it belongs there too. */
function addOffer(queryClient: QueryClient, offer: OfferDto) {
  patchBid(queryClient, offer.bid_id, (bid) =>
    bid.offers.some((o) => o.id === offer.id)
      ? bid
      : {
          ...bid,
          offers: [...bid.offers, offer],
          offer_count: bid.offer_count + 1,
          pending_offer_count: bid.pending_offer_count + (offer.status === 'pending' ? 1 : 0),
        },
  );
}

/**
 * `PUT /api/bids/offer/accept/{offerId}` (the bid's owner): the offer shows Accepted and the bid
 * Closed at once, then the lists are loaded afresh ("Failed to refresh bids" if that fails).
 */
export function useAcceptOffer() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (offer: OfferDto) =>
      apiFetch<OfferDto>(`/api/bids/offer/accept/${offer.id}`, { method: 'PUT' }),
    onSuccess: async (accepted) => {
      patchBid(queryClient, accepted.bid_id, (bid) => ({
        ...bid,
        status: 'Closed',
        pending_offer_count: 0,
        offers: bid.offers.map((offer) =>
          offer.id === accepted.id
            ? accepted
            : offer.status === 'pending'
              ? { ...offer, status: 'declined' }
              : offer,
        ),
      }));
      try {
        await queryClient.refetchQueries({ queryKey: bidKeys.lists, type: 'active' }, { throwOnError: true });
      } catch (error) {
        logError('refreshing bids failed', error);
        toast.error(t('bids.refreshFailed'));
      }
    },
  });
}

/** Puts one offer, as the server answered it, into its cached bid (a withdrawal is one pending less). */
function patchOffer(queryClient: QueryClient, offer: OfferDto) {
  patchBid(queryClient, offer.bid_id, (bid) => {
    const before = bid.offers.find((o) => o.id === offer.id);
    const leftPending = before?.status === 'pending' && offer.status !== 'pending' ? 1 : 0;
    return {
      ...bid,
      pending_offer_count: bid.pending_offer_count - leftPending,
      offers: bid.offers.map((o) => (o.id === offer.id ? offer : o)),
    };
  });
}

/** `PATCH /api/bids/{id}` (the owner, while Open): the edited bid replaces the cached one. */
export function useUpdateBid(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: BidPatchInputValues) =>
      apiFetch<BidDto>(`/api/bids/${id}`, { method: 'PATCH', body: values }),
    onSuccess: (bid) => patchBid(queryClient, bid.id, () => bid),
  });
}

/** `DELETE /api/bids/{id}` (the owner or an admin); the lists are loaded afresh. */
export function useDeleteBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/bids/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidKeys.lists }),
  });
}

/** `POST /api/bids/{id}/complete` (the owner, after an accept). */
export function useCompleteBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<BidDto>(`/api/bids/${id}/complete`, { method: 'POST' }),
    onSuccess: (bid) => {
      patchBid(queryClient, bid.id, () => bid);
      // Completing releases money held for the deal: the payment panel reads it again (Releasing…).
      void queryClient.invalidateQueries({ queryKey: paymentKey(bid.id) });
    },
  });
}

/** `PATCH /api/bids/offers/{id}` (its author, while pending). */
export function useUpdateOffer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: OfferPatchInputValues) =>
      apiFetch<OfferDto>(`/api/bids/offers/${id}`, { method: 'PATCH', body: values }),
    onSuccess: (offer) => patchOffer(queryClient, offer),
  });
}

/** `DELETE /api/bids/offers/{id}`: withdraws one's pending offer; it shows Withdrawn. */
export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: OfferDto) => apiFetch<OfferDto>(`/api/bids/offers/${offer.id}`, { method: 'DELETE' }),
    onSuccess: (offer) => patchOffer(queryClient, offer),
  });
}
