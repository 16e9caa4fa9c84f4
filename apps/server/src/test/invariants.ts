import { sql } from 'kysely';
import type { Kdb } from '../db/database';

/** A member whose stored rating is not the reviews they received. */
export interface RatingDrift {
  id: number;
  rating_sum: number;
  rating_count: number;
  reviews_sum: number;
  reviews_count: number;
}

/**
 * Every member whose `rating_sum`/`rating_count` (what profiles, people rows and offers show) differ
 * from the reviews `GET /api/users/{username}/reviews` lists for them: the sum and the count of the
 * reviews naming them as reviewee. Empty when the invariant holds across the whole database; run
 * after tests that race reviews, delete listings or erase accounts (races.test.ts, the fuzz).
 */
export async function findRatingDrift(db: Kdb): Promise<RatingDrift[]> {
  const { rows } = await sql<RatingDrift>`
    select u.id, u.rating_sum, u.rating_count,
           coalesce(r.reviews_sum, 0)::int as reviews_sum, coalesce(r.reviews_count, 0)::int as reviews_count
    from users u
    left join (
      select reviewee_id, sum(rating) as reviews_sum, count(*) as reviews_count
      from reviews group by reviewee_id
    ) r on r.reviewee_id = u.id
    where u.rating_sum <> coalesce(r.reviews_sum, 0) or u.rating_count <> coalesce(r.reviews_count, 0)
    order by u.id`.execute(db);
  return rows;
}
