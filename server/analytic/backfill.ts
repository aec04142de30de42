/**
 * Filling the analytic rows of the cases already there (`engine/analytic.ts`), at start: when the
 * table is new, or a declaration changed what its rows hold (a new `x-report` field: its migration adds
 * the column, empty), every case's row is recomputed, a chunk of cases per statement, before the server
 * answers. The table's comment keeps the digest of the definition its rows were filled by, so a start
 * with the same declarations does nothing. From then on the writer keeps each row in the transaction of the write (`pending.ts`).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { loadSchemas } from '../../engine/load.ts';
import { schemasDir } from '../config.ts';
import type { Registry } from '../../engine/registry.ts';
import { kysely } from '../db/kysely.ts';
import type { Orm } from '../db/orm.ts';
import { analyticDefinition, upsertAnalytic } from './compute.ts';
import { analyticPlan } from './pending.ts';

const CHUNK = 50_000;

/**
 * Recomputes the analytic rows of the workspace's cases (of every workspace without one), in chunks
 * of cases by id, each its own statement; `onProgress` hears how many are done. For rows written
 * beside the writer in bulk (the generators, a back-fill).
 * @example await refillAnalytic(db, registry, workspaceId, (n) => console.log(n))
 */
export async function refillAnalytic(db: Kysely<any>, registry: Registry, workspaceId?: string, onProgress?: (done: number) => void): Promise<number> {
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
const digestOf = (db: Kysely<any>, registry: Registry) => {
  const plan = analyticPlan(registry)!;
  return createHash('sha1').update(analyticDefinition(db, plan.table)).digest('hex');
};

/**
 * At start, after the migrations: fills every case's analytic row when the table's rows were made by
 * other declarations (or never), then marks the table with the digest. Answers how many rows it filled.
 * @example await ensureAnalyticRows(orm, registry) // 0 when nothing changed
 */
export async function ensureAnalyticRows(orm: Orm, registry: Registry, log: (text: string) => void = console.log): Promise<number> {
  const plan = analyticPlan(registry);
  if (!plan) return 0;
  const em = orm.em.fork();
  const db = kysely(em);
  const digest = digestOf(db, registry);
  const marked = async () => (await sql<{ c: string | null }>`select obj_description(${plan.table.name}::regclass, 'pg_class') as c`.execute(db)).rows[0]?.c;
  if ((await marked()) === `rows: ${digest}`) return 0;
  // chunk by chunk, each its own statement: a start stopped half-way does the rest (rows already right are not rewritten), and
  // two processes starting at once only write the same rows twice
  const total = Number((await sql<{ n: number }>`select count(*)::int as n from tbcase`.execute(db)).rows[0].n);
  if (total) log(`filling the analytic rows of ${total} cases…`);
  const n = await refillAnalytic(db, registry, undefined, (done) => total > CHUNK && log(`  ${done} / ${total}`));
  await sql`comment on table ${sql.table(plan.table.name)} is ${sql.lit(`rows: ${digest}`)}`.execute(db);
  return n;
}

/**
 * Recomputes the analytic rows of the cases a condition on `tbcase as c` selects, in one statement:
 * for rows written in bulk beside the writer (the generators), right after they are written.
 * @example await refreshAnalyticWhere(db, registry, sql`c.workspace_id = ${ws} and c.case_number like 'G-%'`)
 */
export async function refreshAnalyticWhere(db: Kysely<any>, registry: Registry, where: RawBuilder<SqlBool>): Promise<number> {
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
