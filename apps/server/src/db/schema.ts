import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types of the migrations in ./migrations; keep in step with them (schema-types.test.ts compares
// both through information_schema).

type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A creation time that may be moved later (grouped notifications, tests placing rows in time). */
type MovableCreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** visible to everyone; hidden by a moderator; held by the scam shield until an admin approves it. */
export type Moderation = 'visible' | 'hidden' | 'held';
export type RiskLevel = 'none' | 'caution' | 'high';

/** The scam shield's verdict, kept on every item whose text it reads (docs/design.md#trust-and-safety). */
interface Screened {
  moderation: Generated<Moderation>;
  risk_level: Generated<RiskLevel>;
  risk_reasons: Generated<string[]>;
}

export interface UsersTable {
  id: Id;
  username: string;
  name: string;
  /** Null for a member who joined with a verified phone (0060). */
  email: string | null;
  location: Generated<string>;
  bio: Generated<string>;
  profile_pic: string | null;
  /** The stored picture's size (STORAGE_QUOTA_MB); null for pictures from before migration 0036. */
  profile_pic_bytes: number | null;
  password_hash: string;
  role: Generated<'member' | 'admin'>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  suspended_at: NullableTimestamp;
  suspended_reason: string | null;
  email_verified: Generated<boolean>;
  verified_domain: string | null;
  /** Reviews received (docs/design.md#reviews): kept with each review, so lists read the rating from the row. */
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  headline: Generated<string>;
  skills: Generated<string[]>;
  language: Generated<'en' | 'sw'>;
  /** E.164 (+254712345678), docs/features/phones-and-places.md; others see it only when show_phone is on. */
  phone: string | null;
  show_phone: Generated<boolean>;
  /** The member proved `phone` is theirs by a code (0060): they may sign in with it. */
  phone_verified: Generated<boolean>;
  /** Derived from location by a trigger (migration 0028): the county it names, or null. */
  county: string | null;
  /** The consent record (0032): the privacy notice version accepted at signup, and when. */
  terms_version: string | null;
  terms_accepted_at: NullableTimestamp;
  /** An admin verified the member as an employer (migration 0050), and an agency's NEA licence. */
  employer_verified: Generated<boolean>;
  agency_licensed: Generated<boolean>;
  /** STOP by SMS (0073): no notification SMS until START. */
  sms_stopped: Generated<boolean>;
}

/** A member's USSD PIN (0073), hashed; three wrong ones lock it for 30 minutes. */
export interface UssdPinsTable {
  user_id: number;
  pin_hash: string;
  failed_attempts: Generated<number>;
  locked_until: NullableTimestamp;
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

export interface PostsTable extends Screened {
  id: Id;
  user_id: number;
  title: string | null;
  content: string;
  image_url: string | null;
  image_feed_url: string | null;
  /** Data saver (0027): the sizes of the two files and a tiny blurred stand-in; null before 0027. */
  image_bytes: number | null;
  image_feed_bytes: number | null;
  image_placeholder: string | null;
  like_count: Generated<number>;
  /** Kept by a trigger on comments (0022). */
  comment_count: Generated<number>;
  created_at: CreatedAt;
  edited_at: NullableTimestamp;
}

/** A comment on a post (docs/design.md#conversation-around-posts); a reply's parent is a top-level comment of the same post. */
export interface CommentsTable {
  id: Id;
  post_id: number;
  author_id: number;
  parent_id: number | null;
  body: string;
  moderation: Generated<Moderation>;
  created_at: MovableCreatedAt;
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

export interface JobsTable extends Screened {
  id: Id;
  client_id: number;
  title: string;
  company: Generated<string>;
  location: Generated<string>;
  type: Generated<string>;
  description: Generated<string>;
  salary: Generated<string>;
  created_at: CreatedAt;
  currency: Generated<Currency>;
  salary_min: NullableMoney;
  salary_max: NullableMoney;
  salary_period: ColumnType<SalaryPeriod | null, SalaryPeriod | null | undefined, SalaryPeriod | null>;
  edited_at: NullableTimestamp;
  status: Generated<JobStatus>;
  expires_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Derived from location by a trigger (migration 0028): the county it names, or null. */
  county: string | null;
}

export type JobStatus = 'open' | 'closed';
export type ApplicationStatus = 'submitted' | 'viewed' | 'shortlisted' | 'rejected' | 'hired' | 'withdrawn';

export interface JobApplicationsTable {
  id: Id;
  job_id: number;
  user_id: number;
  message: Generated<string>;
  created_at: CreatedAt;
  status: Generated<ApplicationStatus>;
  status_changed_at: NullableTimestamp;
  cv_path: string | null;
  /** The CV's size, counted against its sender's STORAGE_QUOTA_MB (null before migration 0036). */
  cv_bytes: number | null;
}

/** docs/design.md#reviews: one party of a deal rates the other; exactly one of bid_id and application_id. */
export interface ReviewsTable {
  id: Id;
  reviewer_id: number;
  reviewee_id: number;
  /** Null once the bid (or the job, with its applications) is deleted: the review stays (0038). */
  bid_id: number | null;
  application_id: number | null;
  deal_type: 'bid' | 'application';
  /** The listing's title when the review was written. */
  listing_title: Generated<string>;
  rating: number;
  text: Generated<string>;
  created_at: CreatedAt;
}

export interface SavedJobsTable {
  user_id: number;
  job_id: number;
  created_at: CreatedAt;
}

export type BidStatus = 'Open' | 'Closed' | 'Completed';
export type Currency = 'KES' | 'USD';
export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn';
export type SalaryPeriod = 'hour' | 'day' | 'week' | 'month' | 'project';
type NullableMoney = ColumnType<number | null, number | null | undefined, number | null>;

export interface BidsTable extends Screened {
  id: Id;
  client_id: number;
  job_title: string;
  max_price: number;
  description: Generated<string>;
  status: Generated<BidStatus>;
  created_at: CreatedAt;
  currency: Generated<Currency>;
  edited_at: NullableTimestamp;
}

export interface OffersTable extends Screened {
  id: Id;
  bid_id: number;
  user_id: number;
  offer_price: number;
  message: string;
  accepted: Generated<boolean>;
  created_at: CreatedAt;
  status: Generated<OfferStatus>;
  delivery_days: ColumnType<number | null, number | null | undefined, number | null>;
  edited_at: NullableTimestamp;
}

export interface ServicesTable extends Screened {
  id: Id;
  user_id: number;
  title: string;
  description: Generated<string>;
  price: number;
  location: Generated<string>;
  created_at: CreatedAt;
  currency: Generated<Currency>;
  edited_at: NullableTimestamp;
}

export interface VideosTable {
  id: Id;
  moderation: Generated<Moderation>;
  user_id: number;
  title: string;
  description: Generated<string>;
  kind: 'short' | 'long';
  duration_seconds: number;
  video_url: string;
  thumbnail_url: string | null;
  /** Null without a thumbnail, and for videos from before migration 0036. */
  thumbnail_bytes: number | null;
  mime_type: string;
  size_bytes: number;
  created_at: CreatedAt;
}

/** A member's choice per notification category (migration 0025); no row means the defaults. */
export interface NotificationPreferencesTable {
  user_id: number;
  category:
    'follows' | 'likes' | 'comments' | 'mentions' | 'offers' | 'applications' | 'reviews' | 'messages';
  in_app: Generated<boolean>;
  email: Generated<boolean>;
  push: Generated<boolean>;
  sms: Generated<boolean>;
}

/** A browser's Web Push subscription (migration 0056). */
export interface PushSubscriptionsTable {
  id: Id;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

/** Keys the server generated once and keeps (migration 0056): the VAPID pair. */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export type DeliveryChannel = 'push' | 'email' | 'sms';
export type DeliveryState = 'queued' | 'sent' | 'failed';

/** One notice on one channel and target, once (migration 0057): the delivery log. */
export interface NotificationDeliveriesTable {
  id: Id;
  user_id: number;
  delivery_key: string;
  channel: DeliveryChannel;
  target: Generated<string>;
  state: Generated<DeliveryState>;
  provider_id: string | null;
  error: string | null;
  /** An SMS of a message: the conversation an SMS reply goes to (migration 0074). */
  conversation_id: Generated<number | null>;
  created_at: CreatedAt;
  updated_at: MovableCreatedAt;
}

/** A notice waiting for the member's daily digest email (migration 0058). */
export interface EmailDigestItemsTable {
  id: Id;
  user_id: number;
  delivery_key: string;
  category: NotificationPreferencesTable['category'];
  kind: string;
  params: Generated<Record<string, unknown>>;
  link: string | null;
  created_at: CreatedAt;
}

/** A low-data copy of a video (migration 0024). */
export interface VideoRenditionsTable {
  video_id: number;
  height: 240 | 360;
  url: string;
  size_bytes: number;
  created_at: CreatedAt;
}

export type NotificationType = 'info' | 'success' | 'error';

export interface NotificationsTable {
  id: Id;
  user_id: number;
  /**
   * The sentence of a row written before notifications had a kind (0029), its only rendering; null
   * for every row with a kind (0040): those are rendered from kind and params when read.
   */
  message: ColumnType<string | null, string | null | undefined, string | null>;
  /** What it says (a NoticeKind of packages/shared), null for rows written before 0029. */
  kind: string | null;
  /** The kind's parameters (a name, a job title, a count), rendered in the reader's language. */
  params: Record<string, unknown> | null;
  type: Generated<NotificationType>;
  is_read: Generated<boolean>;
  group_key: string | null;
  /** The path it opens (a post, a bid, a profile); null for notices about nothing in particular. */
  link: string | null;
  /** The member whose action it tells of (0032): erased with their account; null for none. */
  actor_id: ColumnType<number | null, number | null | undefined, number | null>;
  // Refreshed when a grouped notification (likes on one post) happens again.
  created_at: MovableCreatedAt;
}

export interface QuizResultsTable {
  id: Id;
  user_id: number;
  score: number;
  total: number;
  created_at: CreatedAt;
  /** The server-scored round (0016); null for a score a browser sent before, which is not read. */
  round_id: string | null;
}

/** An email verification link (0015): the hash of its token, for the address it confirms. */
export interface EmailVerificationTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  email: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** A six-digit code sent to a number (0060): its HMAC, tries, and the signup token it yielded. */
export interface PhoneCodesTable {
  id: Id;
  phone: string;
  user_id: number | null;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  signup_token_hash: string | null;
  signup_expires_at: NullableTimestamp;
  signup_used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A member's saved search of the Jobs list (0061). */
export interface JobAlertsTable {
  id: Id;
  user_id: number;
  query: string | null;
  county: string | null;
  type: string | null;
  salary_min: NullableMoney;
  frequency: 'instant' | 'daily';
  channels: Generated<('push' | 'email' | 'sms')[]>;
  created_at: CreatedAt;
}

/** A job a member was (or will be, in the digest) told about, once whatever alerts matched (0061). */
export interface JobAlertDeliveriesTable {
  user_id: number;
  job_id: number;
  alert_id: number | null;
  frequency: 'instant' | 'daily';
  channels: Generated<string[]>;
  notified_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** A quiz round issued by the server (0016): the questions with their answers stay here. */
export interface QuizRoundsTable {
  id: string;
  user_id: number;
  /** JSON of [{text, options, correct}]. */
  questions: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  submitted_at: NullableTimestamp;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: CreatedAt;
}

// Idempotency keys (migrations 0019 and 0033, platform/idempotency.ts): status and response_body are
// NULL while the first request runs; response_headers is a JSON object as text. claimed_until is the
// claim's lease, attempt which claim holds the key, committed_at set by the route's own write
// transaction (platform/write-transaction.ts).
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request: string;
  body_hash: string;
  status: number | null;
  response_body: string | null;
  response_headers: string | null;
  created_at: CreatedAt;
  claimed_until: ColumnType<Date, Date | string | undefined, Date | string>;
  attempt: Generated<number>;
  committed_at: NullableTimestamp;
}

// Reports and the audit log (migration 0014, feature moderation).
export type ReportTargetType =
  'post' | 'job' | 'bid' | 'offer' | 'service' | 'video' | 'user' | 'message' | 'comment';
export type ReportReason = 'spam' | 'scam' | 'harassment' | 'hate' | 'sexual' | 'violence' | 'fake' | 'other';

export interface ReportsTable {
  id: Id;
  reporter_id: number;
  target_type: ReportTargetType;
  target_id: number;
  reason: ReportReason;
  note: Generated<string>;
  status: Generated<'open' | 'dismissed' | 'actioned'>;
  resolved_by: number | null;
  resolved_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** A moderator's decision on a screened item (migration 0077), counted by `npm run shield:report`. */
export interface ShieldDecisionsTable {
  id: Id;
  target_type: 'post' | 'job' | 'bid' | 'service';
  target_id: number;
  shield_held: boolean;
  scam_reports: Generated<number>;
  decision: 'approve' | 'reject';
  risk_level: RiskLevel;
  risk_reasons: Generated<string[]>;
  decided_by: number | null;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Id;
  admin_id: number | null;
  admin_username: string;
  action: string;
  target_type: string;
  target_id: number | null;
  target_label: Generated<string>;
  note: Generated<string>;
  created_at: CreatedAt;
}

// Messages between members (migration 0017, feature conversations).
export type ConversationContextType = 'job' | 'bid' | 'offer' | 'service';

export interface ConversationsTable {
  id: Id;
  user_a_id: number;
  user_b_id: number;
  context_type: ConversationContextType | null;
  context_id: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ConversationMembersTable {
  conversation_id: number;
  user_id: number;
  last_read_message_id: Generated<number>;
}

export interface MessagesTable extends Screened {
  id: Id;
  conversation_id: number;
  sender_id: number;
  body: string;
  client_id: string | null;
  created_at: MovableCreatedAt;
}

/** A member's request to be verified as an employer or a licensed agency (migration 0050). */
export interface EmployerVerificationsTable {
  id: Id;
  user_id: number;
  kind: 'company' | 'agency';
  legal_name: string;
  kra_pin: string;
  registration_no: string;
  nea_licence_no: string | null;
  document_path: string;
  document_bytes: number;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  note: string | null;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** Kenya's counties and major towns by place key (migration 0028; packages/shared places.ts). */
export interface KenyaPlacesTable {
  place: string;
  county: string;
}

// Background jobs (migration 0031, platform/queue.ts): queued, running (until locked_until), or failed
// after its last attempt (the dead-letter list); finished jobs are deleted. payload is JSON as text.
export type BackgroundJobState = 'queued' | 'running' | 'failed';

export interface BackgroundJobsTable {
  id: Id;
  name: string;
  payload: Generated<string>;
  singleton_key: string | null;
  state: Generated<BackgroundJobState>;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: MovableCreatedAt;
  locked_until: NullableTimestamp;
  last_error: string | null;
  failed_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** A deal's money (migration 0065): paid in by STK Push, held, paid out by B2C. */
export type PaymentStatus =
  | 'pending'
  | 'held'
  | 'releasing'
  | 'released'
  | 'refunding'
  | 'refunded'
  | 'failed'
  | 'cancelled'
  | 'disputed';

export interface PaymentsTable {
  id: Id;
  bid_id: number | null;
  bid_title: string;
  offer_id: number | null;
  payer_id: number | null;
  payee_id: number | null;
  amount: number;
  fee: Generated<number>;
  currency: Generated<string>;
  phone: string;
  status: Generated<PaymentStatus>;
  test_mode: boolean;
  merchant_request_id: string | null;
  checkout_request_id: string | null;
  mpesa_receipt: string | null;
  result_code: string | null;
  payout_kind: 'release' | 'refund' | null;
  payout_phone: string | null;
  originator_conversation_id: string | null;
  conversation_id: string | null;
  payout_receipt: string | null;
  winner_agreed_cancel_at: NullableTimestamp;
  dispute_reason: string | null;
  disputed_by: number | null;
  held_at: NullableTimestamp;
  /** When a sweep last claimed it, pending, to ask Daraja about it (0079). */
  checked_at: NullableTimestamp;
  created_at: MovableCreatedAt;
  updated_at: Generated<Date>;
}

export interface PaymentEventsTable {
  id: Id;
  payment_id: number;
  status: PaymentStatus;
  at: MovableCreatedAt;
}

export type MpesaMessageKind =
  'stk_push' | 'stk_query' | 'stk_callback' | 'b2c' | 'b2c_result' | 'b2c_timeout' | 'transaction_status';

export interface MpesaMessagesTable {
  id: Id;
  kind: MpesaMessageKind;
  direction: 'sent' | 'answered' | 'received';
  payment_id: number | null;
  message_key: string | null;
  body: string;
  applied: Generated<boolean>;
  created_at: CreatedAt;
}

export type LedgerPosting = 'pay_in' | 'release' | 'refund';
export type LedgerAccount = 'mpesa_shortcode' | 'held_for_deals' | 'platform_fees';

/** Append-only (a trigger refuses UPDATE and DELETE): whole shillings, each posting sums to zero. */
export interface LedgerEntriesTable {
  id: Id;
  payment_id: number;
  posting: LedgerPosting;
  account: LedgerAccount;
  amount: number;
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
  reviews: ReviewsTable;
  bids: BidsTable;
  offers: OffersTable;
  services: ServicesTable;
  videos: VideosTable;
  video_renditions: VideoRenditionsTable;
  background_jobs: BackgroundJobsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  server_keys: ServerKeysTable;
  notification_deliveries: NotificationDeliveriesTable;
  email_digest_items: EmailDigestItemsTable;
  quiz_results: QuizResultsTable;
  quiz_rounds: QuizRoundsTable;
  email_verification_tokens: EmailVerificationTokensTable;
  phone_codes: PhoneCodesTable;
  job_alerts: JobAlertsTable;
  job_alert_deliveries: JobAlertDeliveriesTable;
  blocks: BlocksTable;
  idempotency_keys: IdempotencyKeysTable;
  reports: ReportsTable;
  shield_decisions: ShieldDecisionsTable;
  audit_log: AuditLogTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  comments: CommentsTable;
  kenya_places: KenyaPlacesTable;
  ussd_pins: UssdPinsTable;
  employer_verifications: EmployerVerificationsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  mpesa_messages: MpesaMessagesTable;
  ledger_entries: LedgerEntriesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
