import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder above `from` holding a package.json: the checkout when the server runs from its
 * sources (`server/`), the install when it runs from the build (`dist/server/`).
 * @example packageRoot('/srv/tb/dist/server') // '/srv/tb'
 */
export function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** The checkout, or the install of a build: where package.json, `schemas/` and `dist/ui` are. */
export const rootDir = packageRoot(fileURLToPath(new URL('.', import.meta.url)));
/** Where the schema files live (overridable for tests that edit a copy). */
export const schemasDir = process.env.TB_SCHEMAS_DIR ?? join(rootDir, 'schemas');
export const uiDist = join(rootDir, 'dist', 'ui');

/** The overload limits (`server/ops/overload.ts`): `TB_MAX_CONCURRENT`, `TB_MAX_PER_USER`, `TB_MAX_QUEUE`, `TB_MAX_QUEUE_WAIT_MS`, `TB_RETRY_AFTER`. */
export interface OverloadLimits {
  /** API requests a process serves at once (24). */
  maxConcurrent: number;
  /** Of those, one user's (a session, else an address) (8). */
  maxPerUser: number;
  /** Requests waiting for a place (100; a user at most half). */
  maxQueue: number;
  /** How long one waits at most (2000 ms). */
  maxQueueWaitMs: number;
  /** Seconds a refused client is told to wait (`Retry-After`, 2). */
  retryAfterSeconds: number;
}

/** How the background job runner is paced (`server/jobs/runner.ts`): `TB_JOB_LEASE_SECONDS` (30), `TB_JOB_POLL_MS` (2000). */
export interface JobSettings {
  /** A claim holds this long unless renewed: a dead process's job waits at most this before another takes it. */
  leaseSeconds: number;
  /** How often an idle process looks for work (a job queued in this process is taken at once). */
  pollMs: number;
}

export interface ServerConfig {
  databaseUrl?: string;
  /** `DATABASE_READ_URL`: a read replica for reports, dashboards, the advanced search and the side menu's counts (`db/read.ts`); unset: the primary. */
  databaseReadUrl?: string;
  dataDir?: string;
  port: number;
  host: string;
  /** Seed the demo workspace when the database has no workspace yet. */
  seedDemo: boolean;
  /** How many generated patients and cases the demo workspace gets besides its hand-written ones (`TB_DEMO_CASES`, default 300; tests 0). */
  demoCases: number;
  /**
   * Folder where outgoing e-mail is written when no SMTP server is configured: `TB_OUTBOX`, else
   * `<TB_DATA_DIR>/outbox`, else `.data/outbox`.
   */
  outboxDir: string;
  smtpUrl?: string;
  /** The offline client build: hides administration, shows Synchronize. */
  clientMode: boolean;
  /** The offline client synchronises by itself (`TB_SYNC_AUTO`, default true; the tests that drive synchronisations by hand turn it off). */
  syncAuto: boolean;
  /** The offline client's automatic synchronisation: every so many minutes (`TB_SYNC_INTERVAL_MINUTES`, default 15; 0: only when the connection comes back with changes to send). */
  syncIntervalMinutes: number;
  /** Its first wait before trying an unreachable server again, doubled each failure up to 5 minutes (`TB_SYNC_RETRY_SECONDS`, default 30). */
  syncRetrySeconds: number;
  sessionHours: number;
  /**
   * Behind a reverse proxy: take the client address from X-Forwarded-For, and the scheme and host
   * from X-Forwarded-Proto/-Host (the session cookie is `Secure` when the proxy says https).
   */
  trustProxy: boolean;
  /** Other origins whose pages may send state-changing requests (`TB_ORIGINS`, comma-separated). */
  allowedOrigins: string[];
  /** The largest request body accepted, in bytes (`TB_MAX_BODY_KB`, default 2048). */
  maxBodyBytes: number;
  /** Who may read `/metrics` without the token: addresses and subnets (`TB_METRICS_ALLOW`, default the machine itself). */
  metricsAllow: string[];
  /** A bearer token that also opens `/metrics` (`TB_METRICS_TOKEN`). */
  metricsToken?: string;
  /** PostgreSQL connections a process keeps at most (`TB_DB_POOL_MAX`, 10). */
  dbPoolMax: number;
  /** How many API requests a process serves at once, and how many wait (`server/ops/overload.ts`). */
  overload: OverloadLimits;
  /** How long a stopping process lets its requests finish before it cuts them (`TB_SHUTDOWN_SECONDS`, 30). */
  shutdownSeconds: number;
  /** Where the embedded database's backups go (`TB_BACKUP_DIR`, else `<TB_DATA_DIR>/backups`). */
  backupDir: string;
  /** Back the embedded database up each day (`TB_BACKUP_DAILY=true`), keeping the newest `backupKeep` (`TB_BACKUP_KEEP`, 7). */
  backupDaily: boolean;
  backupKeep: number;
  /** How long a stopping process still accepts, saying `stopping`, before it stops listening (`TB_SHUTDOWN_DELAY`, 0; behind a balancer checking readiness: a few of its check intervals). */
  shutdownDelaySeconds: number;
  /** The background job runner's lease and idle poll (`TB_JOB_LEASE_SECONDS`, 30; `TB_JOB_POLL_MS`, 2000): `server/jobs/runner.ts`. */
  jobs: JobSettings;
}

/**
 * The embedded database's folder inside the data folder: `<data>/pglite`, beside the outbox — or the
 * data folder itself when it already holds a database there (the layout before the outbox moved in).
 * @example pgliteDir('/srv/tb') // '/srv/tb/pglite'
 */
export function pgliteDir(dataFolder: string): string {
  return existsSync(join(dataFolder, 'PG_VERSION')) ? dataFolder : join(dataFolder, 'pglite');
}

export function configFromEnv(env = process.env): ServerConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    dataDir: pgliteDir(env.TB_DATA_DIR ?? '.data'),
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    seedDemo: env.TB_SEED_DEMO !== 'false',
    demoCases: Number(env.TB_DEMO_CASES ?? 300),
    // everything the server writes goes under its data folder: with TB_DATA_DIR, the outbox is inside it
    outboxDir: env.TB_OUTBOX ?? (env.TB_DATA_DIR ? join(env.TB_DATA_DIR, 'outbox') : '.data/outbox'),
    smtpUrl: env.SMTP_URL || undefined,
    clientMode: env.TB_CLIENT_MODE === 'true',
    syncAuto: env.TB_SYNC_AUTO !== 'false',
    syncIntervalMinutes: Number(env.TB_SYNC_INTERVAL_MINUTES ?? 15),
    syncRetrySeconds: Number(env.TB_SYNC_RETRY_SECONDS ?? 30),
    sessionHours: Number(env.TB_SESSION_HOURS ?? 8),
    trustProxy: env.TB_TRUST_PROXY === 'true',
    allowedOrigins: (env.TB_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    maxBodyBytes: Number(env.TB_MAX_BODY_KB ?? 2048) * 1024,
    metricsAllow: (env.TB_METRICS_ALLOW ?? '127.0.0.1,::1').split(',').map((a) => a.trim()).filter(Boolean),
    metricsToken: env.TB_METRICS_TOKEN || undefined,
    dbPoolMax: Number(env.TB_DB_POOL_MAX ?? 10),
    overload: {
      maxConcurrent: Number(env.TB_MAX_CONCURRENT ?? 24),
      maxPerUser: Number(env.TB_MAX_PER_USER ?? 8),
      maxQueue: Number(env.TB_MAX_QUEUE ?? 100),
      maxQueueWaitMs: Number(env.TB_MAX_QUEUE_WAIT_MS ?? 2000),
      retryAfterSeconds: Number(env.TB_RETRY_AFTER ?? 2),
    },
    shutdownSeconds: Number(env.TB_SHUTDOWN_SECONDS ?? 30),
    shutdownDelaySeconds: Number(env.TB_SHUTDOWN_DELAY ?? 0),
    backupDir: env.TB_BACKUP_DIR || join(env.TB_DATA_DIR ?? '.data', 'backups'),
    backupDaily: env.TB_BACKUP_DAILY === 'true',
    backupKeep: Number(env.TB_BACKUP_KEEP ?? 7),
    jobs: { leaseSeconds: Number(env.TB_JOB_LEASE_SECONDS ?? 30), pollMs: Number(env.TB_JOB_POLL_MS ?? 2000) },
  };
}
