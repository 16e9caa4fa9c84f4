import { sql } from 'kysely';
import { AUTHOR_COLUMNS, selectWithAuthor } from '../../db/authors';
import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { containsPattern } from '../../platform/search';
import { type Viewer, visibleItem } from '../../platform/visibility';

// SQL of the posts feature only.

export interface PostFilter {
  /** The signed-in viewer, for liked_by_me; null for a visitor. */
  viewerId: number | null;
  authorId?: number | undefined;
  search?: string | undefined;
  /** The following feed of this member: posts of the people they follow and their own. */
  followedBy?: number | undefined;
  /** Who is looking: hidden/held posts and blocked pairs are left out (platform/visibility). */
  viewer?: Viewer | undefined;
  /** A topic (a stored hashtag, lowercase): the posts that use it. */
  tag?: string | undefined;
}

/** Posts with their author and the viewer's like in the same row: one query per page, whatever its size. */
function selectPosts(db: Kdb, viewerId: number | null) {
  return selectWithAuthor(db, 'posts', 'user_id')
    .select([
      'posts.id',
      'posts.content',
      'posts.title',
      'posts.image_url',
      'posts.image_feed_url',
      'posts.image_bytes',
      'posts.image_feed_bytes',
      'posts.image_placeholder',
      'posts.created_at',
      'posts.edited_at',
      'posts.moderation',
      'posts.risk_level',
      'posts.risk_reasons',
      'posts.user_id',
      ...AUTHOR_COLUMNS,
      'posts.like_count as likes',
      'posts.comment_count',
    ])
    .select((eb) =>
      viewerId === null
        ? sql<boolean>`false`.as('liked_by_me')
        : eb
            .exists(
              eb
                .selectFrom('post_likes')
                .select(sql.lit(1).as('one'))
                .whereRef('post_likes.post_id', '=', 'posts.id')
                .where('post_likes.user_id', '=', viewerId),
            )
            .as('liked_by_me'),
    );
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['executeTakeFirstOrThrow']>>;

export function listPosts(db: Kdb, filter: PostFilter, page: PageRequest) {
  let query = selectPosts(db, filter.viewerId);
  if (filter.viewer !== undefined) query = query.where(visibleItem(filter.viewer, 'posts'));
  if (filter.authorId !== undefined) query = query.where('posts.user_id', '=', filter.authorId);
  if (filter.followedBy !== undefined) {
    const me = filter.followedBy;
    if (filter.search || filter.tag !== undefined) {
      // The follows primary key (follower_id, followee_id) answers the inner select from its index.
      query = query.where((eb) =>
        eb.or([
          eb('posts.user_id', '=', me),
          eb(
            'posts.user_id',
            'in',
            eb.selectFrom('follows').select('follows.followee_id').where('follows.follower_id', '=', me),
          ),
        ]),
      );
    } else {
      // The page's candidates are each author's own newest visible posts beyond the cursor (me and
      // whom I follow; posts_user_id_created_at_idx), at most a page from each, merged below. Walking
      // the whole feed index and filtering out everyone else's posts instead grows with the table
      // (98,628 rows read for one page at a million posts; docs/web-performance.md, bench:growth).
      const visible =
        filter.viewer === undefined ? sql`` : sql`and ${visibleItem(filter.viewer, 'posts', 'p')}`;
      const beyond = page.after
        ? sql`and (p.created_at, p.id) < (${page.after.createdAt}::timestamptz, ${page.after.id}::integer)`
        : sql``;
      query = query.where(
        sql<boolean>`posts.id in (
          select newest.id
          from unnest(array(select ${me}::integer union select f.followee_id from follows f where f.follower_id = ${me})) as a(uid)
          cross join lateral (
            select p.id from posts p where p.user_id = a.uid ${visible} ${beyond}
            order by p.created_at desc, p.id desc limit ${page.limit + 1}
          ) as newest
        )`,
      );
    }
  }
  if (filter.tag !== undefined) {
    const tag = filter.tag;
    // post_hashtags (hashtag_id, created_at) and the unique hashtags.tag index answer this.
    query = query.where('posts.id', 'in', (eb) =>
      eb
        .selectFrom('post_hashtags')
        .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
        .select('post_hashtags.post_id')
        .where('hashtags.tag', '=', tag),
    );
  }
  if (filter.search) {
    // Matches the trigram index on lower(content).
    query = query.where(
      sql<boolean>`lower(posts.content) like lower(${containsPattern(filter.search)}) escape '\\'`,
    );
  }
  return keysetPage(query, { createdAt: 'posts.created_at', id: 'posts.id' }, page).execute();
}

/** With a viewer, a post they may not see (hidden, held, blocked pair) is not found. */
export function findPost(db: Kdb, id: number, viewerId: number | null, viewer?: Viewer) {
  const query = selectPosts(db, viewerId).where('posts.id', '=', id);
  return (viewer === undefined ? query : query.where(visibleItem(viewer, 'posts'))).executeTakeFirst();
}

/** Whether the viewer may see (and so like) the post. */
export const findPostForChange = (db: Kdb, id: number) =>
  db
    .selectFrom('posts')
    .select(['id', 'user_id', 'image_url', 'image_feed_url'])
    .where('id', '=', id)
    .executeTakeFirst();

export const insertPost = (
  db: Kdb,
  post: {
    user_id: number;
    content: string;
    title: string | null;
    image_url: string | null;
    image_feed_url: string | null;
    image_bytes?: number | null;
    image_feed_bytes?: number | null;
    image_placeholder?: string | null;
  },
) => db.insertInto('posts').values(post).returning(['id', 'created_at']).executeTakeFirstOrThrow();

/**
 * Records the post's hashtags as topics; run in the post's transaction. A tag already stored is read,
 * not written: an upsert that rewrote it (`on conflict do update`) locked a popular tag's row (#jobs)
 * until the post's transaction committed, so the posts that shared it were written one at a time.
 */
export async function tagPost(db: Kdb, post: { id: number; created_at: Date }, tags: string[]) {
  // Sorted, so two posts that add the same new tags wait for each other in one order.
  const wanted = [...new Set(tags)].sort();
  if (wanted.length === 0) return;
  // A tag another transaction has just added is found only by a later statement (this one's snapshot
  // is older than that commit): the insert waits for it, does nothing, and the tag is looked up again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await sql<{ tagged: number }>`
      with existing as (
        select id, tag from hashtags where tag = any(${wanted}::text[])
      ), added as (
        insert into hashtags (tag)
        select tag from unnest(${wanted}::text[]) as wanted(tag)
        where tag not in (select tag from existing)
        order by tag
        on conflict do nothing
        returning id
      ), ids as (
        select id from existing union all select id from added
      ), linked as (
        insert into post_hashtags (post_id, hashtag_id, created_at)
        select ${post.id}::integer, id, ${post.created_at}::timestamptz from ids
        on conflict do nothing
      )
      select count(*)::integer as tagged from ids`.execute(db);
    if (rows[0]!.tagged === wanted.length) return;
  }
  throw new Error(`post ${post.id}: its hashtags could not be stored`);
}

/** The author's edit; marks the post edited. */
export const updatePost = (db: Kdb, id: number, changes: { content?: string; title?: string | null }) =>
  db
    .updateTable('posts')
    .set({ ...changes, edited_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();

/** An edited text's topics replace the old ones. */
export const untagPost = (db: Kdb, id: number) =>
  db.deleteFrom('post_hashtags').where('post_id', '=', id).execute();

export const deletePost = (db: Kdb, id: number) =>
  db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();

/**
 * Adds (or removes) the member's like and moves the stored count, in one statement (one round trip
 * where a visibility check, the like and the count took three): nothing when the viewer may not see
 * the post (hidden, held, blocked pair). The count is moved only when the like changed, by an UPDATE
 * that waits for and re-reads a concurrent like's row, as its own statement did.
 */
export async function setLikeIfVisible(
  db: Kdb,
  postId: number,
  viewer: { id: number; role: 'member' | 'admin' },
  liked: boolean,
) {
  const change = liked
    ? sql`insert into post_likes (post_id, user_id) select id, ${viewer.id}::integer from post
        on conflict do nothing returning post_id`
    : sql`delete from post_likes where post_id = (select id from post) and user_id = ${viewer.id}
        returning post_id`;
  const { rows } = await sql<{ changed: boolean; like_count: number; user_id: number }>`
    with post as (
      select posts.id, posts.like_count, posts.user_id from posts
      where posts.id = ${postId} and ${visibleItem(viewer, 'posts')}
    ),
    changed as (${change}),
    counted as (
      update posts set like_count = like_count + ${liked ? 1 : -1}::integer
      where id = (select post_id from changed) returning like_count
    )
    select exists (select 1 from changed) as changed,
           coalesce((select like_count from counted), post.like_count) as like_count,
           post.user_id
    from post`.execute(db);
  return rows[0];
}
