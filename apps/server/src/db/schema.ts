import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types of the migrations in ./migrations; keep in step with them (schema-types.test.ts compares
// both through information_schema).

type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A creation time that may be moved later (grouped notifications, tests placing rows in time). */
type MovableCreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Id;
  username: string;
  name: string;
  email: string;
  location: Generated<string>;
  bio: Generated<string>;
  profile_pic: string | null;
  password_hash: string;
  role: Generated<'member' | 'admin'>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  family_id: string;
  token_hash: string;
  persistent: Generated<boolean>;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  user_agent: Generated<string>;
  created_at: CreatedAt;
}

/** One login; its `id` is the sessions' family_id and the access tokens' `sid`. */
export interface SessionFamiliesTable {
  id: string;
  user_id: number;
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface PostsTable {
  id: Id;
  user_id: number;
  title: string | null;
  content: string;
  image_url: string | null;
  image_feed_url: string | null;
  like_count: Generated<number>;
  created_at: CreatedAt;
}

export interface PostLikesTable {
  post_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export interface HashtagsTable {
  id: Id;
  tag: string;
  created_at: CreatedAt;
}

export interface PostHashtagsTable {
  post_id: number;
  hashtag_id: number;
  created_at: MovableCreatedAt;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: CreatedAt;
}

export interface JobsTable {
  id: Id;
  client_id: number;
  title: string;
  company: Generated<string>;
  location: Generated<string>;
  type: Generated<string>;
  description: Generated<string>;
  salary: Generated<string>;
  created_at: CreatedAt;
}

export interface JobApplicationsTable {
  id: Id;
  job_id: number;
  user_id: number;
  message: Generated<string>;
  created_at: CreatedAt;
}

export interface SavedJobsTable {
  user_id: number;
  job_id: number;
  created_at: CreatedAt;
}

export type BidStatus = 'Open' | 'Closed';

export interface BidsTable {
  id: Id;
  client_id: number;
  job_title: string;
  max_price: number;
  description: Generated<string>;
  status: Generated<BidStatus>;
  created_at: CreatedAt;
}

export interface OffersTable {
  id: Id;
  bid_id: number;
  user_id: number;
  offer_price: number;
  message: string;
  accepted: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ServicesTable {
  id: Id;
  user_id: number;
  title: string;
  description: Generated<string>;
  price: number;
  location: Generated<string>;
  created_at: CreatedAt;
}

export interface VideosTable {
  id: Id;
  user_id: number;
  title: string;
  description: Generated<string>;
  kind: 'short' | 'long';
  duration_seconds: number;
  video_url: string;
  thumbnail_url: string | null;
  mime_type: string;
  size_bytes: number;
  created_at: CreatedAt;
}

export type NotificationType = 'info' | 'success' | 'error';

export interface NotificationsTable {
  id: Id;
  user_id: number;
  message: string;
  type: Generated<NotificationType>;
  is_read: Generated<boolean>;
  group_key: string | null;
  // Refreshed when a grouped notification (likes on one post) happens again.
  created_at: MovableCreatedAt;
}

export interface QuizResultsTable {
  id: Id;
  user_id: number;
  score: number;
  total: number;
  created_at: CreatedAt;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  session_families: SessionFamiliesTable;
  password_reset_tokens: PasswordResetTokensTable;
  posts: PostsTable;
  post_likes: PostLikesTable;
  hashtags: HashtagsTable;
  post_hashtags: PostHashtagsTable;
  follows: FollowsTable;
  jobs: JobsTable;
  job_applications: JobApplicationsTable;
  saved_jobs: SavedJobsTable;
  bids: BidsTable;
  offers: OffersTable;
  services: ServicesTable;
  videos: VideosTable;
  notifications: NotificationsTable;
  quiz_results: QuizResultsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
