import type { CurrentUser } from '../../platform/auth';

type Bid = { client_id: number };

/** Only the bid's owner accepts an offer (DESIGN §1: a real check, not client_id == 1). */
export const canAcceptOffer = (user: CurrentUser, bid: Bid) => bid.client_id === user.id;
/** No offers on one's own bid (DESIGN §6). */
export const canPlaceOffer = (user: CurrentUser, bid: Bid) => bid.client_id !== user.id;
