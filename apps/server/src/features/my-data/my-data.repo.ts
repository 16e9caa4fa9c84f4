import type { Kdb } from '../../db/database';

// SQL of the data export (issue 16 §6): every row the product keeps about one member, read across
// the features' tables in one place so that a new table is added here once. Secrets (password and
// token hashes, idempotency answers) are left out: they describe no one and would only weaken the
// account if the file leaked.

const PER_PART_MAX = 100_000;

export async function findMemberData(db: Kdb, userId: number) {
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
    db
      .selectFrom('posts')
      .select([
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
      ])
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('comments')
      .select(['id', 'post_id', 'parent_id', 'body', 'moderation', 'created_at'])
      .where('author_id', '=', userId)
      .orderBy('id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('post_likes')
      .select(['post_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.followee_id')
      .select(['users.username', 'follows.created_at'])
      .where('follows.follower_id', '=', userId)
      .orderBy('follows.created_at')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.follower_id')
      .select(['users.username', 'follows.created_at'])
      .where('follows.followee_id', '=', userId)
      .orderBy('follows.created_at')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('jobs')
      .select([
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
      ])
      .where('client_id', '=', userId)
      .orderBy('id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('saved_jobs')
      .select(['job_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .limit(PER_PART_MAX)
      .execute(),
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
      ])
      .where('a.user_id', '=', userId)
      .orderBy('a.id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('bids')
      .select([
        'id',
        'job_title',
        'description',
        'max_price',
        'currency',
        'status',
        'moderation',
        'created_at',
        'edited_at',
      ])
      .where('client_id', '=', userId)
      .orderBy('id')
      .limit(PER_PART_MAX)
      .execute(),
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
      ])
      .where('offers.user_id', '=', userId)
      .orderBy('offers.id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('services')
      .select([
        'id',
        'title',
        'description',
        'price',
        'currency',
        'location',
        'moderation',
        'created_at',
        'edited_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('videos')
      .select([
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
      ])
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(PER_PART_MAX)
      .execute(),
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
    // Both sides of the member's conversations: what they sent and what was sent to them.
    db
      .selectFrom('messages as m')
      .innerJoin('conversation_members as cm', 'cm.conversation_id', 'm.conversation_id')
      .innerJoin('users as sender', 'sender.id', 'm.sender_id')
      .select(['m.id', 'm.conversation_id', 'sender.username as from_username', 'm.body', 'm.created_at'])
      .where('cm.user_id', '=', userId)
      .orderBy('m.id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('reviews')
      .innerJoin('users', 'users.id', 'reviews.reviewee_id')
      .select([
        'reviews.id',
        'users.username as about_username',
        'reviews.bid_id',
        'reviews.application_id',
        'reviews.rating',
        'reviews.text',
        'reviews.created_at',
      ])
      .where('reviews.reviewer_id', '=', userId)
      .orderBy('reviews.id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('reviews')
      .innerJoin('users', 'users.id', 'reviews.reviewer_id')
      .select([
        'reviews.id',
        'users.username as by_username',
        'reviews.bid_id',
        'reviews.application_id',
        'reviews.rating',
        'reviews.text',
        'reviews.created_at',
      ])
      .where('reviews.reviewee_id', '=', userId)
      .orderBy('reviews.id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('notifications')
      .select(['id', 'message', 'kind', 'params', 'type', 'is_read', 'link', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('notification_preferences')
      .select(['category', 'in_app', 'email'])
      .where('user_id', '=', userId)
      .orderBy('category')
      .execute(),
    db
      .selectFrom('reports')
      .select(['id', 'target_type', 'target_id', 'reason', 'note', 'status', 'resolved_at', 'created_at'])
      .where('reporter_id', '=', userId)
      .orderBy('id')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('blocks')
      .innerJoin('users', 'users.id', 'blocks.blocked_id')
      .select(['users.username', 'blocks.created_at'])
      .where('blocks.blocker_id', '=', userId)
      .orderBy('blocks.created_at')
      .limit(PER_PART_MAX)
      .execute(),
    db
      .selectFrom('quiz_results')
      .select(['id', 'score', 'total', 'created_at'])
      .where('user_id', '=', userId)
      .where('round_id', 'is not', null)
      .orderBy('id')
      .limit(PER_PART_MAX)
      .execute(),
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
