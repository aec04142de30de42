/**
 * Filling the analytic rows of the cases already there (`engine/analytic.ts`): when the table is new,
 * or a declaration changed what its rows hold (a new `x-report` field: its migration adds the column,
 * empty), a start queues a background job (`server/jobs/`) recomputing every case's row, a batch of
 * cases per transaction, while the server answers. The table's comment keeps the digest of the definition its rows were filled by, so a start
 * with the same declarations does nothing. From then on the writer keeps each row in the transaction of the write (`pending.ts`).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { loadSchemas } from '../../engine/load.ts';
import { schemasDir } from '../config.ts';
import type { Registry } from '../../engine/registry.ts';
import { kysely, type Database } from '../db/kysely.ts';
import { analyticDefinition, upsertAnalytic } from './compute.ts';
import { analyticPlan } from './pending.ts';
import type { JobKind } from '../types.ts';
import type { AppContext } from '../types.ts';

const CHUNK = 50_000;

/**
 * Recomputes the analytic rows of the workspace's cases (of every workspace without one), in chunks
 * of cases by id, each its own statement; `onProgress` hears how many are done. For rows written
 * beside the writer in bulk (the generators, a back-fill).
 * @example await refillAnalytic(db, registry, workspaceId, (n) => console.log(n))
 */
export async function refillAnalytic(db: Kysely<Database>, registry: Registry, workspaceId?: string, onProgress?: (done: number) => void): Promise<number> {
  const plan = analyticPlan(registry);
  if (!plan) return 0;
  let done = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const ws = workspaceId ? sql`and workspace_id = ${workspaceId}` : sql``;
    const last = await sql<{ id: string; n: number }>`select max(id::text)::uuid as id, count(*)::int as n from (select id from tbcase where id > ${after}::uuid ${ws} order by id limit ${CHUNK}) x`.execute(db);
    const { id, n } = last.rows[0] ?? {};
    if (!id || !n) break;
    await upsertAnalytic(db, plan.table, sql`c.id > ${after}::uuid and c.id <= ${id}::uuid ${workspaceId ? sql`and c.workspace_id = ${workspaceId}` : sql``}`);
    after = id;
    done += Number(n);
    onProgress?.(done);
  }
  return done;
}

/** The digest of what the rows hold: the columns and how each is computed. */
const digestOf = (db: Kysely<Database>, registry: Registry) => {
  const plan = analyticPlan(registry)!;
  return createHash('sha1').update(analyticDefinition(db, plan.table)).digest('hex');
};

/** The digest the table's comment says its rows were filled by. */
const markedDigest = async (db: Kysely<Database>, table: string) =>
  (await sql<{ c: string | null }>`select obj_description(${table}::regclass, 'pg_class') as c`.execute(db)).rows[0]?.c?.replace(/^rows: /, '');

/** Cases an analytic refill batch recomputes: a statement of ~10,000 rows takes seconds at most, so a stop waits little. */
const REFILL_BATCH = 10_000;

/**
 * The background job refilling every case's analytic row (`server/jobs/`): batches of cases by id,
 * each in its own transaction with the job's cursor (`{after}`: the last case id done); the last marks
 * the table with the digest of the declarations it filled by (when they are still the current ones).
 */
export const analyticRefillKind: JobKind = {
  kind: 'analytic.refill',
  total: async ({ em }) => Number((await sql<{ n: number }>`select count(*)::int as n from tbcase`.execute(kysely(em))).rows[0].n),
  async batch({ ctx, em, job }) {
    const plan = analyticPlan(ctx.registry);
    const db = kysely(em);
    if (!plan) return { cursor: job.cursor, did: 0, finished: true };
    const after = String(job.cursor?.after ?? '00000000-0000-0000-0000-000000000000');
    const last = await sql<{ id: string | null; n: number }>`select max(id::text)::uuid as id, count(*)::int as n from (select id from tbcase where id > ${after}::uuid order by id limit ${REFILL_BATCH}) x`.execute(db);
    const { id, n } = last.rows[0] ?? { id: null, n: 0 };
    if (!id || !n) {
      const digest = digestOf(db, ctx.registry);
      if (job.params.digest === digest) await sql`comment on table ${sql.table(plan.table.name)} is ${sql.lit(`rows: ${digest}`)}`.execute(db);
      return { cursor: job.cursor, did: 0, finished: true };
    }
    await upsertAnalytic(db, plan.table, sql`c.id > ${after}::uuid and c.id <= ${id}::uuid`);
    return { cursor: { after: id }, did: Number(n), finished: false };
  },
};

/**
 * At start, after the migrations: when the analytic rows were made by other declarations (or never:
 * a new report column's migration added it empty), queues the refill job for the current ones — once
 * per set of declarations, whichever process starts first. The server answers meanwhile; a report
 * counts a new column's values as the job fills them (its progress under Administration → background jobs).
 * @example await queueAnalyticRefill(ctx) // { id, created: true } after a new x-report field
 */
export async function queueAnalyticRefill(ctx: AppContext): Promise<{ id: string; created: boolean } | undefined> {
  const plan = analyticPlan(ctx.registry);
  if (!plan) return undefined;
  const db = kysely(ctx.orm.em.fork());
  const digest = digestOf(db, ctx.registry);
  if ((await markedDigest(db, plan.table.name)) === digest) return undefined;
  return ctx.jobs.enqueue({ kind: analyticRefillKind.kind, params: { digest }, dedupeKey: `analytic.refill:${digest}` }, db);
}

/**
 * Recomputes the analytic rows of the cases a condition on `tbcase as c` selects, in one statement:
 * for rows written in bulk beside the writer (the generators), right after they are written.
 * @example await refreshAnalyticWhere(db, registry, sql`c.workspace_id = ${ws} and c.case_number like 'G-%'`)
 */
export async function refreshAnalyticWhere(db: Kysely<Database>, registry: Registry, where: RawBuilder<SqlBool>): Promise<number> {
  const plan = analyticPlan(registry);
  return plan ? upsertAnalytic(db, plan.table, where) : 0;
}

let schemasRegistry: Registry | undefined;
/**
 * The registry of the product's own schema files (`schemas/`), read once: what a generator run outside
 * a server (a benchmark, `npm run gen:cases`) computes the analytic rows by.
 * @example await refreshAnalyticWhere(db, productRegistry(), sql`c.id = any(${ids})`)
 */
export const productRegistry = (): Registry => (schemasRegistry ??= loadSchemas(schemasDir));
