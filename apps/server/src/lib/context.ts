import type { Role } from '@erp/shared';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Logger } from './logger.ts';

/** Everything a request handler may need, built once in main.ts (or a test). */
export type Deps = {
  database: Database;
  db: Db;
  config: Config;
  logger: Logger;
  /** HS256 key for access tokens. */
  jwtSecret: Uint8Array;
  /** The job queue (pg-boss), once started (main.ts; tests that need it start it). */
  jobs?: Jobs;
};

/** The signed-in user as every /api handler sees it. Roles come from user_roles on each request. */
export type AuthUser = {
  id: string;
  email: string;
  sessionId: string;
  roles: Role[];
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    log: Logger;
    user: AuthUser;
  };
};
