import type { Kdb } from './database';
import { rowExists } from './row-exists';

/** The tables that link two members one way, with their (from, to) columns: the primary key. */
const LINKS = {
  follows: ['follower_id', 'followee_id'],
  blocks: ['blocker_id', 'blocked_id'],
} as const;

/** Whether member `from` follows (or blocked) member `to`: a primary-key probe. */
export function linkExists(db: Kdb, link: keyof typeof LINKS, from: number, to: number): Promise<boolean> {
  const [fromColumn, toColumn] = LINKS[link] as (typeof LINKS)['follows'];
  return rowExists(
    db
      .selectFrom(link as 'follows')
      .select(fromColumn)
      .where(fromColumn, '=', from)
      .where(toColumn, '=', to),
  );
}
