// Background jobs (server/jobs/): a row of the table `job`, the kinds modules declare, the runner's
// face. Types only.
import type { Kysely } from 'kysely';
import type { Database } from './db/kysely.ts';
import type { Em } from './db/orm.ts';
import type { AppContext } from './types.ts';

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface Job {
  id: string;
  kind: string;
  state: JobState;
  workspaceId: string | null;
  params: Record<string, unknown>;
  dedupeKey: string | null;
  done: number;
  total: number | null;
  cursor: Record<string, unknown> | null;
  attempts: number;
  error: string | null;
  userId: string | null;
  lockedBy: string | null;
  lockedUntil: string | null;
  heartbeatAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
}

/** What a caller asks for. */
export interface NewJob {
  kind: string;
  params?: Record<string, unknown>;
  workspaceId?: string | null;
  userId?: string | null;
  /** At most one job with this key, ever (a second enqueue answers the first's id). */
  dedupeKey?: string;
}

/**
 * What a kind of background job declares to the runner (server/jobs/runner.ts): its name and how it
 * does one batch. The runner gives each batch a transaction of its own, in which the job's row is
 * locked and its cursor and progress written with the batch's work — so a batch is done once or not
 * at all, whatever process runs it and whenever one dies.
 */
/** One batch's call: the app, the batch's transaction, the job as its row stands (cursor, params, progress). */
export interface JobBatch {
  ctx: AppContext;
  em: Em;
  job: Job;
}

/** What a batch did: where the next one starts, how many units it did, and whether nothing is left. */
export interface BatchResult {
  cursor: unknown;
  did: number;
  finished: boolean;
}

/**
 * A kind of job.
 * @example
 * const kind: JobKind = {
 *   kind: 'analytic.refill',
 *   total: async ({ em }) => countCases(em),
 *   batch: async ({ em, job }) => { const last = await refillAfter(em, job.cursor?.after); return { cursor: { after: last }, did: n, finished: !last }; },
 * };
 */
export interface JobKind {
  /** Its name (`job.kind`): `<area>.<what>`. */
  kind: string;
  /** How many units the whole job has (progress), asked in the first batch's transaction; none: unknown. */
  total?(x: JobBatch): Promise<number | null>;
  /**
   * Does the batch after `x.job.cursor` in `x.em`'s transaction. Throwing rolls it back and fails the job
   * (retry resumes here) — but for a deadlock or a serialization failure, after which the batch runs
   * again whole (so it does nothing outside `x.em` that a second run would double).
   */
  batch(x: JobBatch): Promise<BatchResult>;
}

/** This process's job runner as the modules and routes use it (`ctx.jobs`, server/jobs/runner.ts). */
export interface JobQueue {
  /** This process's name in `job.locked_by`. */
  readonly owner: string;
  /** A module declares a kind (at its `start`); only processes knowing a kind claim its jobs. */
  register(kind: JobKind): void;
  /** Queues a job (with a `dedupeKey` already used: nothing, the first's id) and looks for work at once; `db`: in that transaction. */
  enqueue(job: NewJob, db?: Kysely<Database>): Promise<{ id: string; created: boolean }>;
  /** Looks for work now. */
  wake(): void;
  /** Starts looking for work (the host, once the modules started). */
  start(ctx: AppContext): void;
  /** Stops at the batch boundary, queuing the job in hand again; resolves once done. */
  stop(): Promise<void>;
  /** Counts the jobs by state for `tb_jobs` (every 10 s, or now). */
  countStates(now?: boolean): Promise<void>;
}
