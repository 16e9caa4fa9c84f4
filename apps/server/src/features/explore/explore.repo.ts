import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import { containsPattern } from '../../platform/search';
import { isPublicItem } from '../../platform/visibility';

// A use in the last week counts three times as much as an older one.
const TRENDING_DAYS = 7;
const RECENT_WEIGHT = 3;

export interface TopicRow {
  tag: string;
  posts: number;
  recent_posts: number;
}

export interface HiringRow {
  id: number;
  company: string;
  title: string;
  location: string;
}

export async function findTrendingTopics(db: Kdb, opts: { limit: number; search?: string | undefined }) {
  const pattern = opts.search ? containsPattern(opts.search.replace(/^#/, '').toLowerCase()) : null;
  const { rows } = await sql<TopicRow>`
    select h.tag,
           count(*)::int as posts,
           (count(*) filter (where ph.created_at > now() - make_interval(days => ${TRENDING_DAYS})))::int as recent_posts
    from hashtags h
    join post_hashtags ph on ph.hashtag_id = h.id
    -- Hidden and held posts, and those of suspended members, do not count (platform/visibility).
    join posts p on p.id = ph.post_id and ${isPublicItem('posts', 'p')}
    ${pattern ? sql`where h.tag like ${pattern} escape '\\'` : sql``}
    group by h.id, h.tag
    order by (count(*) filter (where ph.created_at > now() - make_interval(days => ${TRENDING_DAYS}))) * ${RECENT_WEIGHT} + count(*) desc,
             h.tag
    limit ${opts.limit}`.execute(db);
  return rows;
}

/**
 * The newest job of each named company, newest companies first.
 *
 * A walk down jobs_created_at_idx (or jobs_county_idx) that takes, step by step, the next newer job of
 * a company not yet seen: it reads only as far down the list as the `limit`-th new company, where a
 * `DISTINCT ON (lower(company))` sorted every open job (200,000 at the benchmark's size L, 0.5–2 s).
 */
export async function findHiringCompanies(
  db: Kdb,
  opts: { limit: number; search?: string | undefined; county?: string | undefined },
) {
  const pattern = opts.search ? containsPattern(opts.search.toLowerCase()) : null;
  const hiring = sql`company <> '' and ${isPublicItem('jobs')} and status = 'open' and expires_at > now()
    ${pattern ? sql`and lower(title || ' ' || company || ' ' || location) like ${pattern} escape '\\'` : sql``}
    ${opts.county ? sql`and county = ${opts.county}` : sql``}`;
  const { rows } = await sql<HiringRow>`
    with recursive walk (id, company, title, location, created_at, seen, n) as (
      (select id, company, title, location, created_at, array[lower(company)], 1
       from jobs
       where ${hiring}
       order by created_at desc, id desc
       limit 1)
      union all
      select j.id, j.company, j.title, j.location, j.created_at, w.seen || lower(j.company), w.n + 1
      from walk w
      cross join lateral (
        select id, company, title, location, created_at
        from jobs
        where ${hiring}
          and (created_at, id) < (w.created_at, w.id)
          and lower(company) <> all (w.seen)
        order by created_at desc, id desc
        limit 1
      ) j
      where w.n < ${opts.limit}
    )
    select id, company, title, location from walk order by n`.execute(db);
  return rows;
}
