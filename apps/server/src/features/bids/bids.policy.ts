import type { CurrentUser } from '../../platform/auth';

type Bid = { client_id: number };

/** Only the bid's owner accepts an offer (DESIGN §1: a real check, not client_id == 1). */
export const canAcceptOffer = (user: CurrentUser, bid: Bid) => bid.client_id === user.id;
/** No offers on one's own bid (DESIGN §6). */
export const canPlaceOffer = (user: CurrentUser, bid: Bid) => bid.client_id !== user.id;
/** The owner edits the bid and marks it Completed (DESIGN §8.2). */
export const canEditBid = (user: CurrentUser, bid: Bid) => bid.client_id === user.id;
/** The owner deletes the bid; an admin deletes any (moderation). */
export const canDeleteBid = (user: CurrentUser, bid: Bid) =>
  bid.client_id === user.id || user.role === 'admin';
/** Only its author edits or withdraws an offer. */
export const canChangeOffer = (user: CurrentUser, offer: { user_id: number }) => offer.user_id === user.id;
