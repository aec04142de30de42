import { sql, type SelectQueryBuilder } from 'kysely';
import type { Em } from '../../db/orm.ts';
import { kyselyByName as db } from '../../db/kysely.ts';
import { isRowScoped } from '../../scope/rows.ts';
import type { TableLimits } from './limits.ts';
import { matchingRows, type QueryOptions } from './matching.ts';
import { listRows } from './shaped.ts';

/** Counting stops here: a count of a million rows costs seconds, "10 000+" costs milliseconds. */
export const COUNT_CAP = 10_000;
/** A count may take this long (ms), so a page with its count answers within 150 ms; past it the planner's estimate is answered. */
export const COUNT_MS = 100;

/** A list's count: exact up to the cap (`countCapped` past it), or the planner's estimate (`countEstimated`). */
export interface RowCount {
  count: number;
  countCapped: boolean;
  countEstimated?: boolean;
}

/**
 * The number of matching rows, up to {@link COUNT_CAP} (then `countCapped`), disjoint branches
 * counted apart — and, for the row-scoped tables that grow to millions (cases, patients, their
 * sub-records), within {@link COUNT_MS} (100 ms): a count that would take longer (a rare combination
 * of filters over a million rows) answers the planner's estimate instead (`countEstimated`); an
 * estimate under the cap is counted again with ten times the time first.
 * @example await countRows(limits, { key: 'иван' }) // {count: 12, countCapped: false}
 */
export async function countRows(l: TableLimits, o: Omit<QueryOptions, 'pageSize'>): Promise<RowCount> {
  // catalogues are small: their count needs no clock (and no transaction for it), one statement
  // compiled once per shape (shaped.ts); the tables placed by a unit are the ones that grow with the programme
  if (!isRowScoped(l.def)) {
    const [row] = await listRows<{ n: number }>(l, { ...o, pageSize: 0 }, 'count', [], (l, o) => countStatement(l.em, matchingRows(l, o).select(sql`1`.as('one')), COUNT_CAP + 1));
    return capped(Number(row?.n ?? 0));
  }
  return boundedCount(l.em, (em) => l.on(em).branches().map((only) => matchingRows(l.on(em), { ...o, pageSize: 0 }, only).select(sql`1`.as('one'))));
}

/** `select count(*)::int as n` of a part's first `cap` rows. */
const countStatement = (em: Em, part: SelectQueryBuilder<any, any, any>, cap: number) => db(em).selectFrom(part.limit(cap).as('m')).select(sql<number>`count(*)::int`.as('n'));

/** A count up to {@link COUNT_CAP}, and whether more match. */
const capped = (n: number): RowCount => ({ count: Math.min(n, COUNT_CAP), countCapped: n > COUNT_CAP });

/** The disjoint parts a count adds up: for each, a select of one row per match, on the given connection. */
export type CountParts = (em: Em) => SelectQueryBuilder<any, any, any>[];

/**
 * The number of rows the parts select, up to {@link COUNT_CAP} and within {@link COUNT_MS} (then the
 * planner's estimate, counted again with ten times the time first when it is under the cap) — the
 * bound of every list's count, for any statement (the advanced search counts analytic rows).
 * @example await boundedCount(em, (em) => [kysely(em).selectFrom('caseanalytic as c').select(sql`1`.as('one')).where('c.gender', '=', 'FEMALE')])
 */
export async function boundedCount(em: Em, parts: CountParts): Promise<RowCount> {
  const exact = await exactWithin(em, parts, COUNT_MS);
  if (exact) return exact;
  const n = await estimatedCount(em, parts);
  // a few rows estimated: a busy server ran out of time, not a big count — counted again, longer,
  // so a user never reads '≈ 1' for three cases
  if (n < COUNT_CAP) {
    const again = await exactWithin(em, parts, 10 * COUNT_MS);
    if (again) return again;
  }
  return { count: Math.min(n, COUNT_CAP), countCapped: n > COUNT_CAP, countEstimated: true };
}

/** The exact count if it takes at most `ms`, else undefined. */
async function exactWithin(em: Em, parts: CountParts, ms: number): Promise<RowCount | undefined> {
  try {
    return await em.fork().transactional(async (tx) => {
      await sql.raw(`set local statement_timeout = ${ms}`).execute(db(tx));
      return exactCount(tx, parts);
    });
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if ((err.code ?? err.cause?.code) !== '57014') throw e;
    return undefined;
  }
}

/**
 * The number of rows the parts select, up to {@link COUNT_CAP}, however long it takes — what a user
 * asking for the exact number gets.
 * @example await exactCount(em, (em) => [kysely(em).selectFrom('caseanalytic as c').select(sql`1`.as('one'))]) // {count: 10000, countCapped: true}
 */
export async function exactCount(em: Em, parts: CountParts): Promise<RowCount> {
  let n = 0;
  for (const part of parts(em)) {
    if (n > COUNT_CAP) break;
    const row = await countStatement(em, part, COUNT_CAP + 1 - n).executeTakeFirst();
    n += Number(row?.n ?? 0);
  }
  return capped(n);
}

/**
 * The planner's estimate of the matching rows (no row is read).
 * @example await estimatedCount(em, parts) // 7646
 */
export async function estimatedCount(em: Em, parts: CountParts): Promise<number> {
  let n = 0;
  for (const part of parts(em)) {
    const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json) ${part}`.execute(db(em));
    n += Math.round(Number(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']));
  }
  return n;
}
