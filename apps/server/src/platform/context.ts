import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database, Kdb } from '../db/database';
import type { ReadRouter } from '../db/replicas';
import type { AppPage } from './app-page';
import type { Guards } from './auth';
import type { BackgroundTasks } from './background';
import type { Mailer } from './mailer';
import type { Uploads } from './multipart';
import type { Queue } from './queue';
import type { PushService } from './push/push.service';
import type { RateLimits } from './rate-limits';
import type { RealtimeEvents } from './realtime';
import type { Sms } from './sms';
import type { Reportables } from './reportables';
import type { PrivateFiles, Storage } from './storage';
import type { AccessTokens } from './tokens';

/** What main (or a test) opens before the app is built. */
export interface AppContext {
  config: Config;
  database: Database;
  /** Where lists, search and profiles read from (DATABASE_REPLICA_URLS); unset: the primary only. */
  reads?: ReadRouter | undefined;
  redis?: Redis | undefined;
  /** JWT_SECRET, or the one generated into DATA_DIR. */
  jwtSecret: string;
  /** The time, where a rule depends on it (code expiry, daily digests); tests set it. Default: now. */
  clock?: (() => Date) | undefined;
}

/** What every feature may use: built once by buildApp and handed to each feature plugin. */
export interface Platform extends AppContext {
  db: Kdb;
  reads: ReadRouter;
  /**
   * The database a read of lists, search or profiles for this member (null: a visitor) may use: a
   * replica that has replayed their last write, else the primary. Never for a write or a transaction.
   */
  reader(memberId: number | null): Promise<Kdb>;
  tokens: AccessTokens;
  guards: Guards;
  storage: Storage;
  /** CVs: read only through routes that check who asks. */
  privateFiles: PrivateFiles;
  /** Forms with a picture or a CV, their file on disk while the request runs. */
  uploads: Uploads;
  mailer: Mailer;
  /** Sends at once (SMTP or the outbox), for jobs that record the outcome themselves. */
  mailTransport: Mailer;
  /** Web Push: the VAPID key, members' subscriptions, one push to one device. */
  push: PushService;
  /** Africa's Talking, or DATA_DIR/sms-outbox when SMS_URL is unset; sends at once (no queue). */
  sms: Sms;
  limits: RateLimits;
  /** Live events to sockets; call only after the change has committed. */
  events: RealtimeEvents;
  /** Work done after the answer is sent; the app drains it before closing. */
  background: BackgroundTasks;
  /** Jobs kept in the database (retried, dead-lettered), run by ROLE=all or worker processes. */
  queue: Queue;
  /** The web app's page with a shared item's preview tags; null when the web app is not built. */
  appPage: AppPage | null;
  /** The kinds of item members may report, each declared by the feature that owns it. */
  reportables: Reportables;
}
