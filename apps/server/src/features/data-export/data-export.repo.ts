import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Kdb } from '../../db/database';
import type { DB } from '../../db/schema';

// SQL of the data export (docs/features/your-data.md): every row the product keeps about one member, read across
// the features' tables in one place so that a new table is added here once. Secrets (password and
// token hashes, idempotency answers) are left out: they describe no one and would only weaken the
// account if the file leaked.

const PER_PART_MAX = 100_000;

/** The columns the export keeps of the member's own rows, per table (secrets are not among them). */
const OWN_COLUMNS = {
  posts: [
    'id',
    'title',
    'content',
    'image_url',
    'like_count',
    'comment_count',
    'moderation',
    'risk_level',
    'created_at',
    'edited_at',
  ],
  comments: ['id', 'post_id', 'parent_id', 'body', 'moderation', 'created_at'],
  post_likes: ['post_id', 'created_at'],
  jobs: [
    'id',
    'title',
    'company',
    'location',
    'type',
    'description',
    'salary',
    'salary_min',
    'salary_max',
    'salary_period',
    'currency',
    'status',
    'expires_at',
    'moderation',
    'created_at',
    'edited_at',
  ],
  saved_jobs: ['job_id', 'created_at'],
  bids: [
    'id',
    'job_title',
    'description',
    'max_price',
    'currency',
    'status',
    'moderation',
    'created_at',
    'edited_at',
  ],
  services: [
    'id',
    'title',
    'description',
    'price',
    'currency',
    'location',
    'moderation',
    'created_at',
    'edited_at',
  ],
  videos: [
    'id',
    'title',
    'description',
    'kind',
    'duration_seconds',
    'video_url',
    'thumbnail_url',
    'mime_type',
    'size_bytes',
    'moderation',
    'created_at',
  ],
  notifications: ['id', 'message', 'kind', 'params', 'type', 'is_read', 'link', 'created_at'],
  reports: ['id', 'target_type', 'target_id', 'reason', 'note', 'status', 'resolved_at', 'created_at'],
} as const satisfies { [T in keyof DB]?: readonly (keyof Selectable<DB[T]>)[] };

export async function findMemberData(db: Kdb, userId: number) {
  /** One part of the export: the member's rows (`owner` names them), in `order`, at most PER_PART_MAX. */
  const own = <D, TB extends keyof D, O>(query: SelectQueryBuilder<D, TB, O>, owner: string, order = 'id') =>
    query
      .where(sql<boolean>`${sql.ref(owner)} = ${userId}`)
      .orderBy(sql.ref(order))
      .limit(PER_PART_MAX)
      .execute();
  /** The same for one table's own columns (OWN_COLUMNS): the rows whose `owner` column is the member. */
  const ownRows = <T extends keyof typeof OWN_COLUMNS>(table: T, owner: keyof DB[T] & string, order = 'id') =>
    own(
      db.selectFrom(table as 'users').select(OWN_COLUMNS[table] as never),
      owner,
      order,
    ) as unknown as Promise<
      Pick<Selectable<DB[T]>, Extract<(typeof OWN_COLUMNS)[T][number], keyof Selectable<DB[T]>>>[]
    >;
  /** Whom the member follows, is followed by or blocked (`other`: that member's column), by username. */
  const linkedMembers = <T extends 'follows' | 'blocks'>(
    table: T,
    other: keyof DB[T] & string,
    owner: keyof DB[T] & string,
  ) =>
    own(
      db
        .selectFrom(table as 'follows')
        .innerJoin('users', 'users.id', `${table}.${other}` as 'follows.followee_id')
        .select(['users.username', `${table}.created_at` as 'follows.created_at']),
      `${table}.${owner}`,
      `${table}.created_at`,
    );
  /** The reviews the member wrote or received (`owner`), with the other party's username as `username`. */
  const reviewsBy = <U extends string>(
    owner: 'reviewer_id' | 'reviewee_id',
    other: 'reviewer_id' | 'reviewee_id',
    username: U,
  ) =>
    own(
      db
        .selectFrom('reviews')
        .innerJoin('users', 'users.id', `reviews.${other}`)
        .select([
          'reviews.id',
          sql<string>`${sql.ref('users.username')}`.as(username),
          'reviews.bid_id',
          'reviews.application_id',
          'reviews.listing_title',
          'reviews.rating',
          'reviews.text',
          'reviews.created_at',
        ]),
      `reviews.${owner}`,
      'reviews.id',
    );
  const [
    profile,
    sessions,
    posts,
    comments,
    likes,
    following,
    followers,
    jobs,
    savedJobs,
    applications,
    bids,
    offers,
    services,
    videos,
    conversations,
    messages,
    reviewsWritten,
    reviewsReceived,
    notifications,
    notificationPreferences,
    reports,
    blocks,
    quizResults,
  ] = await Promise.all([
    db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'name',
        'email',
        'email_verified',
        'verified_domain',
        'phone',
        'show_phone',
        'location',
        'county',
        'bio',
        'headline',
        'skills',
        'language',
        'profile_pic',
        'role',
        'suspended_at',
        'suspended_reason',
        'rating_sum',
        'rating_count',
        'terms_version',
        'terms_accepted_at',
        'created_at',
        'updated_at',
      ])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('session_families as f')
      .leftJoin('sessions as s', 's.family_id', 'f.id')
      .select((eb) => [
        'f.id',
        'f.created_at',
        'f.revoked_at',
        eb.fn.max('s.user_agent').as('user_agent'),
        eb.fn.max('s.created_at').as('last_used_at'),
        eb.fn.max('s.expires_at').as('expires_at'),
      ])
      .where('f.user_id', '=', userId)
      .groupBy(['f.id', 'f.created_at', 'f.revoked_at'])
      .orderBy('f.created_at')
      .limit(PER_PART_MAX)
      .execute(),
    ownRows('posts', 'user_id'),
    ownRows('comments', 'author_id'),
    ownRows('post_likes', 'user_id', 'created_at'),
    linkedMembers('follows', 'followee_id', 'follower_id'),
    linkedMembers('follows', 'follower_id', 'followee_id'),
    ownRows('jobs', 'client_id'),
    ownRows('saved_jobs', 'user_id', 'created_at'),
    own(
      db
        .selectFrom('job_applications as a')
        .innerJoin('jobs', 'jobs.id', 'a.job_id')
        .select([
          'a.id',
          'a.job_id',
          'jobs.title as job_title',
          'jobs.company',
          'a.message',
          'a.status',
          'a.status_changed_at',
          'a.cv_path',
          'a.created_at',
        ]),
      'a.user_id',
      'a.id',
    ),
    ownRows('bids', 'client_id'),
    own(
      db
        .selectFrom('offers')
        .innerJoin('bids', 'bids.id', 'offers.bid_id')
        .select([
          'offers.id',
          'offers.bid_id',
          'bids.job_title',
          'offers.offer_price',
          'bids.currency',
          'offers.message',
          'offers.delivery_days',
          'offers.status',
          'offers.created_at',
          'offers.edited_at',
        ]),
      'offers.user_id',
      'offers.id',
    ),
    ownRows('services', 'user_id'),
    ownRows('videos', 'user_id'),
    db
      .selectFrom('conversations as c')
      .innerJoin('users as other', (join) =>
        join.on((eb) =>
          eb.or([
            eb.and([eb('c.user_a_id', '=', userId), eb('other.id', '=', eb.ref('c.user_b_id'))]),
            eb.and([eb('c.user_b_id', '=', userId), eb('other.id', '=', eb.ref('c.user_a_id'))]),
          ]),
        ),
      )
      .select([
        'c.id',
        'other.username as with_username',
        'other.name as with_name',
        'c.context_type',
        'c.context_id',
        'c.created_at',
      ])
      .where((eb) => eb.or([eb('c.user_a_id', '=', userId), eb('c.user_b_id', '=', userId)]))
      .orderBy('c.id')
      .limit(PER_PART_MAX)
      .execute(),
    // Both sides of the member's conversations: what they sent and what was sent to them, as their
    // conversation shows it: a message of the other's that moderators hid is not theirs to read.
    own(
      db
        .selectFrom('messages as m')
        .innerJoin('conversation_members as cm', 'cm.conversation_id', 'm.conversation_id')
        .innerJoin('users as sender', 'sender.id', 'm.sender_id')
        .select(['m.id', 'm.conversation_id', 'sender.username as from_username', 'm.body', 'm.created_at'])
        .where((eb) => eb.or([eb('m.moderation', '=', 'visible'), eb('m.sender_id', '=', userId)])),
      'cm.user_id',
      'm.id',
    ),
    reviewsBy('reviewer_id', 'reviewee_id', 'about_username'),
    reviewsBy('reviewee_id', 'reviewer_id', 'by_username'),
    ownRows('notifications', 'user_id'),
    db
      .selectFrom('notification_preferences')
      .select(['category', 'in_app', 'email'])
      .where('user_id', '=', userId)
      .orderBy('category')
      .execute(),
    ownRows('reports', 'reporter_id'),
    linkedMembers('blocks', 'blocked_id', 'blocker_id'),
    own(
      db
        .selectFrom('quiz_results')
        .select(['id', 'score', 'total', 'created_at'])
        .where('round_id', 'is not', null),
      'user_id',
    ),
  ]);
  const byConversation = new Map<number, typeof messages>();
  for (const m of messages) {
    const list = byConversation.get(m.conversation_id);
    if (list) list.push(m);
    else byConversation.set(m.conversation_id, [m]);
  }
  return {
    profile,
    sessions,
    posts,
    comments,
    likes,
    follows: { following, followers },
    jobs,
    saved_jobs: savedJobs,
    applications,
    bids,
    offers,
    services,
    videos,
    conversations: conversations.map((c) => ({ ...c, messages: byConversation.get(c.id) ?? [] })),
    reviews: { written: reviewsWritten, received: reviewsReceived },
    notifications,
    notification_preferences: notificationPreferences,
    reports,
    blocks,
    quiz_results: quizResults,
  };
}

export type MemberData = Awaited<ReturnType<typeof findMemberData>>;
