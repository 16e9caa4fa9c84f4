import type { CurrentUser } from '../../platform/auth';

type Pair = { user_a_id: number; user_b_id: number };

/** Only the two members of a conversation read or write it; anyone else is told it does not exist. */
export const isParticipant = (user: CurrentUser, pair: Pair) =>
  pair.user_a_id === user.id || pair.user_b_id === user.id;

export const otherParticipant = (user: CurrentUser, pair: Pair) =>
  pair.user_a_id === user.id ? pair.user_b_id : pair.user_a_id;
