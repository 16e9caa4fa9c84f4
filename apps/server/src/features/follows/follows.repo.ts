import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { containsPattern } from '../../platform/search';
import { notBlockedWith } from '../../platform/visibility';
import { linkExists } from '../../db/links';

/** Answers true when the follow is new (a repeat changes nothing). */
export async function insertFollow(db: Kdb, followerId: number, followeeId: number) {
  const rows = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .returning('follower_id')
    .execute();
  return rows.length === 1;
}

export const deleteFollow = (db: Kdb, followerId: number, followeeId: number) =>
  db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .execute();

/** The member a follow route names: by id, or by a normalised username. */
export function findMember(db: Kdb, key: { id: number } | { username: string }) {
  const query = db.selectFrom('users').select(['id', 'location']);
  return (
    'id' in key
      ? query.where('id', '=', key.id)
      : query.where((eb) => eb(eb.fn('lower', ['username']), '=', key.username.toLowerCase()))
  ).executeTakeFirst();
}

export async function countFollows(db: Kdb, userId: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('follows')
        .select(eb.fn.countAll<number>().as('n'))
        .where('followee_id', '=', userId)
        .as('followers'),
      eb
        .selectFrom('follows')
        .select(eb.fn.countAll<number>().as('n'))
        .where('follower_id', '=', userId)
        .as('following'),
    ])
    .executeTakeFirstOrThrow();
  return { followers_count: Number(row.followers), following_count: Number(row.following) };
}

export const isFollowing = (db: Kdb, followerId: number, followeeId: number) =>
  linkExists(db, 'follows', followerId, followeeId);

const personColumns = [
  'users.id',
  'users.username',
  'users.name',
  'users.bio',
  'users.location',
  'users.profile_pic',
  'users.headline',
  'users.skills',
  'users.rating_sum',
  'users.rating_count',
] as const;

/** One side of a member's follows, newest first; `side` names whom to list. */
export function listFollowPeople(
  db: Kdb,
  userId: number,
  side: 'followers' | 'following',
  viewerId: number | null,
  page: PageRequest,
) {
  const [matchColumn, personColumn] =
    side === 'followers'
      ? (['follows.followee_id', 'follows.follower_id'] as const)
      : (['follows.follower_id', 'follows.followee_id'] as const);
  return keysetPage(
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', personColumn)
      .select(personColumns)
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('follows as mine')
              .select('mine.follower_id')
              .where('mine.follower_id', '=', viewerId ?? 0)
              .whereRef('mine.followee_id', '=', 'users.id'),
          )
          .as('followed_by_me'),
      )
      .where(matchColumn, '=', userId)
      .where(notBlockedWith(viewerId === null ? null : { id: viewerId, role: 'member' }, 'users.id')),
    { createdAt: 'follows.created_at', id: 'users.id' },
    page,
  ).execute();
}

export interface SuggestionRow {
  id: number;
  username: string;
  name: string;
  bio: string;
  location: string;
  profile_pic: string | null;
  headline: string;
  skills: string[];
  rating_sum: number;
  rating_count: number;
  mutual_friends: number;
  followed_by_me: boolean;
}

/**
 * People the member does not follow (with a search: anyone it finds), ranked by mutual follows (members they follow who follow the
 * person), then a shared location, then recent activity. Candidates come from bounded index scans,
 * so the cost does not grow with the number of members.
 */
export async function findSuggestions(
  db: Kdb,
  me: { id: number },
  opts: { limit: number; search?: string | undefined; county?: string | undefined },
) {
  const CANDIDATES = 300;
  const RECENT_POSTS = 2000;
  const pattern = opts.search ? containsPattern(opts.search.toLowerCase()) : null;
  const searchFilter = pattern
    ? // The same expression as the GIN index users_town_search_idx (migration 0034), whose first
      // column, lower(location), serves the branch of members in my town.
      sql`and lower(u.name || ' ' || u.username || ' ' || u.location || ' ' || u.headline || ' ' || jamii_skills_text(u.skills)) like ${pattern} escape '\\'`
    : sql``;
  // Discover's county (docs/features/phones-and-places.md): the county stored from the location (index users_county_idx).
  const countyFilter = opts.county ? sql`and u.county = ${opts.county}` : sql``;
  const filter = sql`${searchFilter} ${countyFilter}`;
  // Suggestions leave out whom I follow; a search finds them too (marked followed), as a member
  // looking for a name expects to find that person (docs/features/notifications.md).
  const followedFilter = pattern
    ? sql``
    : sql`and not exists (select 1 from follows f where f.follower_id = ${me.id} and f.followee_id = u.id)`;
  // The search filter sits in each candidate branch (not on the final join), so the final rows are
  // fetched by primary key; activity reads only the newest posts, a bounded index range.
  // The most active need the users table only to be filtered: joined without a filter, the planner
  // hashed every member (100,000 rows read at bench size L) to match the newest posts' authors.
  // They are looked up by their ids, in one ordered walk of the primary key: at most RECENT_POSTS
  // members, whatever the search. Left to choose, the planner sometimes read every match of the search
  // instead and kept those among the active: 10,000 members for "nairobi" at bench size L, 72 ms
  // where the lookups take 11 (bench/RESULTS.md, 2026-11-28, fifth session).
  const activeCandidates =
    pattern || opts.county
      ? sql`select a.id from active a join users u on u.id = a.id
          where u.id = any (array(select id from active)) ${filter}
          order by a.n desc limit ${CANDIDATES}`
      : sql`select a.id from active a order by a.n desc limit ${CANDIDATES}`;
  // My town, read in the same query (one round trip): members near me rank first.
  const myLocation = sql`(select here.location from here)`;
  const { rows } = await sql<SuggestionRow>`
    with here as (
      select coalesce((select location from users where id = ${me.id}), '') as location
    ),
    mutual as (
      select f2.followee_id as id, count(*)::int as n
      from follows f1 join follows f2 on f2.follower_id = f1.followee_id
      where f1.follower_id = ${me.id}
      group by f2.followee_id
      order by n desc
      limit ${CANDIDATES}
    ),
    active as (
      select user_id as id, count(*)::int as n
      from (select user_id from posts order by created_at desc, id desc limit ${RECENT_POSTS}) recent
      group by user_id
    ),
    candidates as (
      (select m.id from mutual m join users u on u.id = m.id where true ${filter})
      union (select u.id from users u
        where ${myLocation} <> '' and lower(u.location) = lower(${myLocation}) ${filter}
        limit ${CANDIDATES})
      union (${activeCandidates})
      union (select u.id from users u where true ${filter} order by u.created_at desc limit ${CANDIDATES})
    ),
    -- Each candidate's counts, joined once (hash joins over a few hundred rows). Joined beside the
    -- lookup below, the planner probed the whole of "active" (2,000 rows) once per candidate: 634
    -- times for one search at bench size M, 120 of its 141 ms.
    ranked as materialized (
      select c.id, coalesce(m.n, 0)::int as mutual_friends, coalesce(a.n, 0) as activity
      from candidates c
      left join mutual m on m.id = c.id
      left join active a on a.id = c.id
      -- What the four branches can give: without it the planner guessed 11,310 rows at L (it cannot
      -- know that each CTE holds a member once), costed the lookups past jit_above_cost, and
      -- PostgreSQL spent 47 ms compiling the query.
      limit ${4 * CANDIDATES}
    )
    select u.id, u.username, u.name, u.bio, u.location, u.profile_pic,
           u.headline, u.skills, u.rating_sum, u.rating_count,
           r.mutual_friends,
           exists (select 1 from follows f where f.follower_id = ${me.id} and f.followee_id = u.id) as followed_by_me
    from ranked r
    -- One index lookup per candidate: as a plain join of ~1,200 estimated candidates the planner
    -- hashed the whole users table instead (100,000 rows read at bench size L). LIMIT 1 keeps the
    -- subquery from being flattened back into that join.
    cross join lateral (select * from users where users.id = r.id limit 1) u
    where u.id <> ${me.id}
      ${followedFilter}
      -- Who sees what (platform/visibility): no suspended members, no blocked pair either way.
      and u.suspended_at is null
      and not exists (select 1 from blocks b where (b.blocker_id = ${me.id} and b.blocked_id = u.id)
                                              or (b.blocker_id = u.id and b.blocked_id = ${me.id}))
    order by r.mutual_friends desc,
             (${myLocation} <> '' and lower(u.location) = lower(${myLocation})) desc,
             r.activity desc,
             u.id desc
    limit ${opts.limit}`.execute(db);
  return rows;
}
