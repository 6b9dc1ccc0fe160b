/** What every part of start-up is built with. */
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { LateLogs } from './late-logs.ts';

export interface StartupBase {
  config: AppConfig;
  database: DatabaseHandle;
  now: () => number;
  logs: LateLogs;
}
