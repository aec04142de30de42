// Background jobs in tests (server/jobs/): waiting for what a request queued, and a kind of job whose
// batches leave a trace (`jobtest`: a row per batch done, with the process that did it), so a test
// sees which batches ran, how often, and where — and can plan a batch's failure (`jobtest_fail`).
import { sql, type Kysely } from 'kysely';
import { queryOnce } from './pg-query.ts';
import { kysely, type Database } from '../../server/db/kysely.ts';
import type { JobKind } from '../../server/types.ts';
import type { AppContext } from '../../server/types.ts';

/**
 * Waits until no job of the server's database is queued or running (the jobs a request queued have
 * run), waking the runner; fails after `timeoutMs`.
 * @example await setWorkspaceSettings(admin, { tbDefinitions: 'WHO2013' }); await jobsSettled(server.ctx);
 */
export async function jobsSettled(ctx: AppContext, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    ctx.jobs.wake();
    const r = await sql<{ n: number }>`select count(*)::int as n from job where state in ('queued', 'running')`.execute(kysely(ctx.orm.em.fork()));
    if (!r.rows[0].n) return;
    if (Date.now() > until) throw new Error(`background jobs still waiting after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The trace tables of {@link countingKind}. */
export async function createTraceTables(db: Kysely<Database>): Promise<void> {
  await sql`create table if not exists jobtest (job_id uuid not null, n int not null, owner text not null, at timestamptz not null default clock_timestamp())`.execute(db);
  await sql`create table if not exists jobtest_fail (job_id uuid not null, n int not null)`.execute(db);
  await sql`create table if not exists jobtest_gate (job_id uuid primary key)`.execute(db);
}

/**
 * `test.count`: `params.batches` batches, each writing its number and the process's runner into
 * `jobtest` and sleeping `params.sleepMs` inside its transaction; a batch named in `jobtest_fail`
 * throws (its transaction rolled back). With `params.gated` each batch first locks its job's row of
 * `jobtest_gate` (after the runner locked the job's row): a test holding that row makes the batch wait.
 */
export const countingKind = (owner: () => string): JobKind => ({
  kind: 'test.count',
  total: async ({ job }) => Number(job.params.batches),
  async batch({ em, job }) {
    const db = kysely(em);
    const n = Number(job.cursor?.n ?? 0);
    if (n >= Number(job.params.batches)) return { cursor: job.cursor, did: 0, finished: true };
    if (job.params.gated) await sql`select 1 from jobtest_gate where job_id = ${job.id} for update`.execute(db);
    await sql`insert into jobtest (job_id, n, owner) values (${job.id}, ${n}, ${owner()})`.execute(db);
    if ((await sql`select 1 from jobtest_fail where job_id = ${job.id} and n = ${n}`.execute(db)).rows.length) throw new Error(`planned failure at batch ${n}`);
    await sql`select pg_sleep(${Number(job.params.sleepMs ?? 0) / 1000})`.execute(db);
    return { cursor: { n: n + 1 }, did: 1, finished: false };
  },
});

/** Each batch number of a job and how many times it was done, in order. */
export async function batchesDone(url: string, jobId: string): Promise<{ n: number; times: number; owners: string[] }[]> {
  return queryOnce(url, 'select n, count(*)::int as times, array_agg(distinct owner) as owners from jobtest where job_id = $1 group by n order by n', [jobId]);
}

/** A job's row as an administrator's screen would show it (the columns the tests read). */
export async function jobRow(url: string, jobId: string): Promise<{ state: string; done: number; total: number | null; attempts: number; error: string | null; locked_by: string | null; cursor: unknown }> {
  return (await queryOnce(url, 'select state, done, total, attempts, error, locked_by, cursor from job where id = $1', [jobId]))[0] as Awaited<ReturnType<typeof jobRow>>;
}
