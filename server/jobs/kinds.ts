/**
 * What a kind of background job declares to the runner (./runner.ts): its name and how it does one
 * batch. The runner gives each batch a transaction of its own, in which the job's row is locked and
 * its cursor and progress written with the batch's work — so a batch is done once or not at all,
 * whatever process runs it and whenever one dies.
 */
import type { Em } from '../db/orm.ts';
import type { AppContext } from '../types.ts';
import type { Job } from './store.ts';

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
  /** Does the batch after `x.job.cursor` in `x.em`'s transaction. Throwing rolls it back and fails the job (retry resumes here). */
  batch(x: JobBatch): Promise<BatchResult>;
}
