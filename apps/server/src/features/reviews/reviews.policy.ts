import type { CurrentUser } from '../../platform/auth';

/** A deal's two parties: the bid's owner and the winning bidder, or the poster and the applicant. */
export interface DealParties {
  owner: number;
  /** None yet on a bid without an accepted offer. */
  other: number | null;
}

/** Only the two parties of a deal review it (docs/design.md#reviews); anyone else is refused. */
export const isDealParty = (user: CurrentUser, deal: DealParties) =>
  user.id === deal.owner || (deal.other !== null && user.id === deal.other);

/** Each party reviews the other. */
export const revieweeOf = (user: CurrentUser, deal: DealParties) =>
  user.id === deal.owner ? deal.other : deal.owner;
