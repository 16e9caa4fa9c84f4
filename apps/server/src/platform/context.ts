import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database, Kdb } from '../db/database';
import type { AppPage } from './app-page';
import type { Guards } from './auth';
import type { BackgroundTasks } from './background';
import type { Mailer } from './mailer';
import type { Queue } from './queue';
import type { RateLimits } from './rate-limits';
import type { RealtimeEvents } from './realtime';
import type { PrivateFiles, Storage } from './storage';
import type { AccessTokens } from './tokens';

/** What main (or a test) opens before the app is built. */
export interface AppContext {
  config: Config;
  database: Database;
  redis?: Redis | undefined;
  /** JWT_SECRET, or the one generated into DATA_DIR. */
  jwtSecret: string;
}

/** What every feature may use: built once by buildApp and handed to each feature plugin. */
export interface Platform extends AppContext {
  db: Kdb;
  tokens: AccessTokens;
  guards: Guards;
  storage: Storage;
  /** CVs: read only through routes that check who asks. */
  privateFiles: PrivateFiles;
  mailer: Mailer;
  limits: RateLimits;
  /** Live events to sockets; call only after the change has committed. */
  events: RealtimeEvents;
  /** Work done after the answer is sent; the app drains it before closing. */
  background: BackgroundTasks;
  /** Jobs kept in the database (retried, dead-lettered), run by ROLE=all or worker processes. */
  queue: Queue;
  /** The web app's page with a shared item's preview tags; null when the web app is not built. */
  appPage: AppPage | null;
}
