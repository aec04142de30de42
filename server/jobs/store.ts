/**
 * The `job` table's rows (schemas/tables/job.json): operational state, not data a client follows, so
 * written here by hand (listed in tests/architecture/one-writer.test.ts). The runner (./runner.ts)
 * claims, renews, advances and finishes jobs through these; the routes (./routes.ts) list, cancel
 * and retry them.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/kysely.ts';
import type { Job, NewJob } from '../types.ts';
import { jsonColumn } from '../db/json-column.ts';

export type { Job, NewJob };

const columns = [
  'id', 'kind', 'state', 'workspace_id', 'params', 'dedupe_key', 'done', 'total', 'cursor', 'attempts', 'error', 'user_id',
  'locked_by', 'locked_until', 'heartbeat_at', 'started_at', 'finished_at', 'created_at',
] as const;
const returning = sql.join(columns.map((c) => sql.ref(`job.${c}`)));

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

/** A row as read. */
export function jobOf(r: Record<string, any>): Job {
  return {
    id: String(r.id), kind: String(r.kind), state: r.state, workspaceId: r.workspace_id ? String(r.workspace_id) : null, params: jsonColumn(r.params, {}),
    dedupeKey: r.dedupe_key ?? null, done: Number(r.done ?? 0), total: r.total === null || r.total === undefined ? null : Number(r.total),
    cursor: jsonColumn(r.cursor, null), attempts: Number(r.attempts ?? 0), error: r.error ?? null, userId: r.user_id ? String(r.user_id) : null,
    lockedBy: r.locked_by ?? null, lockedUntil: iso(r.locked_until), heartbeatAt: iso(r.heartbeat_at), startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at), createdAt: iso(r.created_at)!,
  };
}

/**
 * Queues a job; with a `dedupeKey` already taken, nothing is queued and the existing job's id is answered.
 * @example await enqueueJob(db, { kind: 'analytic.refill', dedupeKey: `analytic:${digest}` })
 */
export async function enqueueJob(db: Kysely<Database>, job: NewJob): Promise<{ id: string; created: boolean }> {
  const id = crypto.randomUUID();
  const r = await sql<{ id: string }>`insert into job (id, kind, state, workspace_id, params, dedupe_key, done, attempts, user_id)
    values (${id}, ${job.kind}, 'queued', ${job.workspaceId ?? null}, ${JSON.stringify(job.params ?? {})}::jsonb, ${job.dedupeKey ?? null}, 0, 0, ${job.userId ?? null})
    on conflict (dedupe_key) do nothing returning id`.execute(db);
  if (r.rows.length) return { id, created: true };
  const old = await db.selectFrom('job').select('id').where('dedupe_key', '=', job.dedupeKey!).executeTakeFirstOrThrow();
  return { id: String(old.id), created: false };
}

/** A job by id. */
export async function readJob(db: Kysely<Database>, id: string): Promise<Job | undefined> {
  const r = await db.selectFrom('job').select(columns).where('id', '=', id).executeTakeFirst();
  return r ? jobOf(r) : undefined;
}

/** The newest jobs (and every one not finished, whatever its age), newest first. */
export async function listJobs(db: Kysely<Database>, limit = 200): Promise<Job[]> {
  const r = await sql<Record<string, any>>`(select ${returning} from job where state in ('queued', 'running') order by created_at desc limit 1000)
    union (select ${returning} from job order by created_at desc limit ${limit}) order by created_at desc, id`.execute(db);
  return r.rows.map(jobOf);
}

/**
 * Claims the oldest job of a kind this process knows that waits — queued, or running with its lease
 * run out (its process died) — for `owner`, for `leaseSeconds`: of several processes exactly one
 * gets it (`for update skip locked`: a job whose batch runs, its row locked, is skipped too).
 * @example const job = await claimJob(db, 'pid:uuid', 30, ['analytic.refill'])
 */
export async function claimJob(db: Kysely<Database>, owner: string, leaseSeconds: number, kinds: string[]): Promise<Job | undefined> {
  if (!kinds.length) return undefined;
  const r = await sql<Record<string, any>>`
    update job set state = 'running', locked_by = ${owner}, locked_until = now() + make_interval(secs => ${leaseSeconds}), heartbeat_at = now(),
      attempts = attempts + 1, started_at = coalesce(started_at, now()), finished_at = null, updated_at = now(), version = version + 1
    where id = (select id from job where kind = any(${`{${kinds.join(',')}}`}::text[])
                  and (state = 'queued' or (state = 'running' and (locked_until is null or locked_until < now())))
                order by created_at, id limit 1 for update skip locked)
    returning ${returning}`.execute(db);
  return r.rows[0] ? jobOf(r.rows[0]) : undefined;
}

/**
 * Locks the job's row for a batch's transaction while `owner` still holds it running, renewing the
 * lease; undefined when it does not (cancelled meanwhile, or taken over after its lease ran out).
 */
export async function holdForBatch(db: Kysely<Database>, id: string, owner: string, leaseSeconds: number): Promise<Job | undefined> {
  const r = await sql<Record<string, any>>`select ${returning} from job where id = ${id} and locked_by = ${owner} and state = 'running' for update`.execute(db);
  if (!r.rows[0]) return undefined;
  await sql`update job set locked_until = now() + make_interval(secs => ${leaseSeconds}), heartbeat_at = now() where id = ${id}`.execute(db);
  return jobOf(r.rows[0]);
}

/** A batch's result, written in the batch's transaction: the cursor and the progress move with the work. */
export async function advanceJob(db: Kysely<Database>, id: string, progress: { cursor: unknown; done: number; total?: number | null }): Promise<void> {
  await sql`update job set cursor = ${JSON.stringify(progress.cursor ?? null)}::jsonb, done = ${progress.done},
    total = ${progress.total === undefined ? sql`total` : sql`${progress.total}`}, updated_at = now(), version = version + 1 where id = ${id}`.execute(db);
}

/** Extends `owner`'s lease (the heartbeat between and during batches); false when it no longer holds it. */
export async function renewLease(db: Kysely<Database>, id: string, owner: string, leaseSeconds: number): Promise<boolean> {
  const r = await sql`update job set locked_until = now() + make_interval(secs => ${leaseSeconds}), heartbeat_at = now()
    where id = ${id} and locked_by = ${owner} and state = 'running'`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** The job ends (`done` or `failed` with its error) — only while `owner` holds it running. */
export async function finishJob(db: Kysely<Database>, id: string, owner: string, outcome: { state: 'done' | 'failed'; error?: string }): Promise<boolean> {
  const r = await sql`update job set state = ${outcome.state}, error = ${outcome.error?.slice(0, 2000) ?? null}, finished_at = now(),
    locked_by = null, locked_until = null, updated_at = now(), version = version + 1
    where id = ${id} and locked_by = ${owner} and state = 'running'`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** A stopping process lets its job go: queued again, for the next process to resume from its cursor. */
export const releaseJob = (db: Kysely<Database>, id: string, owner: string) =>
  sql`update job set state = 'queued', locked_by = null, locked_until = null, updated_at = now(), version = version + 1
    where id = ${id} and locked_by = ${owner} and state = 'running'`.execute(db);

/**
 * An administrator cancels a queued or running job: a running one stops at its next batch (this
 * waits for the batch in hand, whose transaction holds the row). False when it had already ended.
 */
export async function cancelJob(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await sql`update job set state = 'cancelled', finished_at = now(), locked_by = null, locked_until = null, updated_at = now(), version = version + 1
    where id = ${id} and state in ('queued', 'running')`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** An administrator retries a failed or cancelled job: queued again, resuming from its cursor. False when it is not failed or cancelled. */
export async function retryJob(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await sql`update job set state = 'queued', error = null, finished_at = null, updated_at = now(), version = version + 1
    where id = ${id} and state in ('failed', 'cancelled')`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** How many jobs are in each state (the metrics). */
export async function stateCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const r = await db.selectFrom('job').select(['state', sql<number>`count(*)::int`.as('n')]).groupBy('state').execute();
  return Object.fromEntries(r.map((x) => [String(x.state), Number(x.n)]));
}
