/**
 * The cases behind one number of an indicator (drill-through): the indicator's cases (place in the
 * reader's view, filters) whose variables hold the cell's keys — a key left out is that side's
 * 'Итог'. As a condition on the case list's `tbcase as t` and the number of such cases, which is the
 * number the cell shows.
 *
 * The cell's cases are read from the analytic rows (`caseanalytic`, `sql.ts`). At a million cases a
 * cell can hold a third of them: its number then comes from the counts cube when the indicator is the
 * cube's (`cube.ts`), else from the analytic rows with the indicator's count beside it in one pass; when
 * the cell is a large share of the indicator's cases its page is read row by row in the list's order,
 * each case tested on its analytic row by its key — collecting every case of the cell first took
 * seconds. A small share is collected first (a semi-join), as walking the list would read most of it
 * for one page. A drill-through screen asks for the page alone (`counted: false`): the number is
 * the indicator's own, already shown.
 */
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { ReportVariable } from '../../engine/report-vars.ts';
import { caseSelection, onAnalyticRow, rowCondition, type CaseQuery } from './sql.ts';
import { cubeCellCount, type Cube } from './cube.ts';
import type { Key } from './shape.ts';

/** From this share of the indicator's cases on, a cell's page is read row by row. */
const ROW_BY_ROW_SHARE = 0.01;

/**
 * The cell's cases as a condition on the case list, and their number (`counted: false`: not counted —
 * the page alone, its number being the one the indicator showed; the share of the indicator's cases
 * that chooses how the page is read is then the planner's estimate, a few milliseconds instead of a
 * count over every case of the indicator).
 * @example
 * const { where, count } = await cellCases(db, cq, [{ v: gender, key: 'FEMALE' }, { v: classification, key: 'TB' }], cube);
 * await casePage(em, registry, s, place, where, 1, count) // the female TB cases, 50 a page
 */
export async function cellCases(db: Kysely<Database>, cq: CaseQuery, cell: { v: ReportVariable; key: Key }[], cube?: Cube, counted = true): Promise<{ where: (q: any) => any; count?: number }> {
  const share = counted ? (await cubeCellCount(db, cube, cq, cell)) ?? (await liveCellCount(db, cq, cell)) : await estimatedShare(db, cq, cell);
  const count = counted ? share.cell : undefined;
  if (share.cell >= share.all * ROW_BY_ROW_SHARE) {
    const conds = [
      ...cq.filters.map(({ filter, value }) => rowCondition(db, cq.analytic, cq.workspaceId, filter, value)),
      ...(cell.length ? [onAnalyticRow(db, cq.analytic, cq.workspaceId, 't', (v) => sql<SqlBool>`(${sql.join(cell.map(({ v: x, key }) => v.key(x, key)), sql` and `)})`)] : []),
    ];
    return { where: (q: any) => q.where(sql<SqlBool>`(${conds.length ? sql.join(conds, sql` and `) : sql`true`})`), count };
  }
  const ids = cellSelection(db, cq, cell).query.select('c.id');
  return { where: (q: any) => q.where('t.id', 'in', ids), count };
}

/** The analytic rows of the indicator's cases in the cell. */
function cellSelection(db: Kysely<Database>, cq: CaseQuery, cell: { v: ReportVariable; key: Key }[]) {
  const j = caseSelection(db, cq);
  for (const { v, key } of cell) j.where(j.values.key(v, key));
  return j;
}

/**
 * The planner's estimates of the cell's and the indicator's cases (no row is read).
 * @example await estimatedShare(db, cq, [{ v: ageRange, key: band }]) // { cell: 98000, all: 1000000 }
 */
async function estimatedShare(db: Kysely<Database>, cq: CaseQuery, cell: { v: ReportVariable; key: Key }[]): Promise<{ cell: number; all: number }> {
  const rows = async (q: SelectQueryBuilder<any, any, any>) => {
    const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json) ${q}`.execute(db);
    return Number(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  };
  const [inCell, all] = await Promise.all([rows(cellSelection(db, cq, cell).query.select('c.id')), rows(caseSelection(db, cq).query.select('c.id'))]);
  return { cell: inCell, all };
}

/**
 * A cell's cases and all the indicator's, counted on the analytic rows in one pass (a parallel scan
 * where the filters narrow nothing an index serves).
 * @example await liveCellCount(db, cq, [{ v: ageRange, key: band }]) // { cell: 100248, all: 1000000 }
 */
async function liveCellCount(db: Kysely<Database>, cq: CaseQuery, cell: { v: ReportVariable; key: Key }[]): Promise<{ cell: number; all: number }> {
  const j = caseSelection(db, cq);
  const inCell = cell.length ? sql.join(cell.map(({ v, key }) => j.values.key(v, key)), sql` and `) : sql`true`;
  const row = await j.query.select([sql<number>`count(*) filter (where ${inCell})`.as('cell'), sql<number>`count(*)`.as('all')]).executeTakeFirst();
  return { cell: Number(row?.cell ?? 0), all: Number(row?.all ?? 0) };
}
