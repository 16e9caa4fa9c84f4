import type { CurrentUser } from '../../platform/auth';

type Bid = { client_id: number };

/** Only the bid's owner accepts an offer (docs/design.md#principles: a real check, not client_id == 1). */
export const canAcceptOffer = (user: CurrentUser, bid: Bid) => bid.client_id === user.id;
/** No offers on one's own bid (docs/design.md#behaviour-the-specification-leaves-open). */
export const canPlaceOffer = (user: CurrentUser, bid: Bid) => bid.client_id !== user.id;
/** The owner edits the bid and marks it Completed (docs/design.md#offers-that-behave-like-a-marketplace). */
export const canEditBid = (user: CurrentUser, bid: Bid) => bid.client_id === user.id;
/** The owner deletes the bid; an admin deletes any (moderation). */
export const canDeleteBid = (user: CurrentUser, bid: Bid) =>
  bid.client_id === user.id || user.role === 'admin';
/** Only its author edits or withdraws an offer. */
export const canChangeOffer = (user: CurrentUser, offer: { user_id: number }) => offer.user_id === user.id;
