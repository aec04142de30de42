/**
 * A counting statement run with PostgreSQL told what it cannot know: that the groups are few. A
 * column whose statistics say nothing (never filled yet — every case's HIV status unknown — or a
 * date grouped by its quarter) is estimated at up to a tenth of the rows as groups; gathering that
 * many partial counts from parallel workers looks dear, and the planner then counts a million rows
 * in one process (HIV status × registration quarter: 2.5 s where the parallel plan takes under 1 s).
 * An indicator's cells are tens, a form's groups a few thousand: within the statement's transaction a
 * worker's row is priced as cheap to gather (`parallel_tuple_cost`), and the plan is parallel
 * wherever a parallel scan pays for its start (`parallel_setup_cost` unchanged).
 */
import { sql, type Compilable, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';

/** What a worker's row costs to gather while counting (PostgreSQL's default: 0.1). */
const GATHER_ROW_COST = 0.001;

/**
 * The rows of a counting statement, planned as `parallel.ts` says; inside a caller's transaction it is
 * run as it is (a setting there would outlive the statement).
 * @example const rows = await countInParallel(db, indicatorQuery(db, cq, rows, columns)) // [{ r0: 'MALE', c0: 'TB', g: 0, n: 12 }, …]
 */
export async function countInParallel<R>(db: Kysely<Database>, q: Compilable<R>): Promise<R[]> {
  if (db.isTransaction) return (await db.executeQuery(q)).rows;
  return db.transaction().execute(async (tx) => {
    await sql`set local parallel_tuple_cost = ${sql.lit(GATHER_ROW_COST)}`.execute(tx);
    return (await tx.executeQuery(q)).rows;
  });
}
