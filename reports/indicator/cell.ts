/**
 * The cases behind one number of an indicator (drill-through): the indicator's cases (place in the
 * reader's view, filters) whose variables hold the cell's keys — a key left out is that side's
 * 'Итог'. As a condition on the case list's `tbcase as t` and the number of such cases, which is the
 * number the cell shows.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ReportVariable } from '../../engine/report-vars.ts';
import { caseSelection, type CaseQuery } from './sql.ts';
import type { Key } from './shape.ts';

/**
 * @example
 * const { where, count } = await cellCases(db, cq, [{ v: gender, key: 'FEMALE' }, { v: classification, key: 'TB' }]);
 * await casePage(em, registry, s, place, where, 1, count) // the female TB cases, 50 a page
 */
export async function cellCases(db: Kysely<any>, cq: CaseQuery, cell: { v: ReportVariable; key: Key }[]) {
  const j = caseSelection(db, cq);
  for (const { v, key } of cell) {
    if (v.source.kind === 'each') {
      // a case holding that value among its rows (or none at all: no value)
      const s = v.source;
      const rows = sql`select 1 from ${sql.table(s.table)} as e where ${sql.ref(`e.${s.parent}`)} = c.id`;
      j.where(key === null ? sql<SqlBool>`not exists (${rows})` : sql<SqlBool>`exists (${rows} and ${sql.ref(`e.${v.column}`)} = ${key})`);
    } else {
      const value = j.value(v);
      j.where(key === null ? sql<SqlBool>`${value} is null` : sql<SqlBool>`${value} = ${key}`);
    }
  }
  const ids = j.query.select('c.id');
  const row = await db.selectFrom(ids.as('x')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return { where: (q: any) => q.where('t.id', 'in', ids), count: Number(row?.n ?? 0) };
}
