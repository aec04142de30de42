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
 * for one page.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ReportVariable } from '../../engine/report-vars.ts';
import { caseSelection, onAnalyticRow, rowCondition, type CaseQuery } from './sql.ts';
import { cubeCellCount, type Cube } from './cube.ts';
import type { Key } from './shape.ts';

/** From this share of the indicator's cases on, a cell's page is read row by row. */
const ROW_BY_ROW_SHARE = 0.01;

/**
 * @example
 * const { where, count } = await cellCases(db, cq, [{ v: gender, key: 'FEMALE' }, { v: classification, key: 'TB' }], cube);
 * await casePage(em, registry, s, place, where, 1, count) // the female TB cases, 50 a page
 */
export async function cellCases(db: Kysely<any>, cq: CaseQuery, cell: { v: ReportVariable; key: Key }[], cube?: Cube) {
  const counted = (await cubeCellCount(db, cube, cq, cell)) ?? (await liveCellCount(db, cq, cell));
  if (counted.cell >= counted.all * ROW_BY_ROW_SHARE) {
    const conds = [
      ...cq.filters.map(({ filter, value }) => rowCondition(db, cq.analytic, cq.workspaceId, filter, value)),
      ...(cell.length ? [onAnalyticRow(db, cq.analytic, cq.workspaceId, 't', (v) => sql<SqlBool>`(${sql.join(cell.map(({ v: x, key }) => v.key(x, key)), sql` and `)})`)] : []),
    ];
    return { where: (q: any) => q.where(sql<SqlBool>`(${conds.length ? sql.join(conds, sql` and `) : sql`true`})`), count: counted.cell };
  }
  const j = caseSelection(db, cq);
  for (const { v, key } of cell) j.where(j.values.key(v, key));
  const ids = j.query.select('c.id');
  return { where: (q: any) => q.where('t.id', 'in', ids), count: counted.cell };
}

/**
 * A cell's cases and all the indicator's, counted on the analytic rows in one pass (a parallel scan
 * where the filters narrow nothing an index serves).
 * @example await liveCellCount(db, cq, [{ v: ageRange, key: band }]) // { cell: 100248, all: 1000000 }
 */
async function liveCellCount(db: Kysely<any>, cq: CaseQuery, cell: { v: ReportVariable; key: Key }[]): Promise<{ cell: number; all: number }> {
  const j = caseSelection(db, cq);
  const inCell = cell.length ? sql.join(cell.map(({ v, key }) => j.values.key(v, key)), sql` and `) : sql`true`;
  const row = await j.query.select([sql<number>`count(*) filter (where ${inCell})`.as('cell'), sql<number>`count(*)`.as('all')]).executeTakeFirst();
  return { cell: Number(row?.cell ?? 0), all: Number(row?.all ?? 0) };
}
