import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/database';

/** What every feature may use; built once by main (or by the tests) and handed to buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  redis?: Redis | undefined;
}
