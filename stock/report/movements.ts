/**
 * REP_MOVEMENTS: the units moved — signed, + in, − out — by the ledger's movements dated in
 * a period at the units of the place asked within the reader's view, counted by the stock report
 * variables (`variables.ts`) as the case reports' indicators are laid out (`reports/indicator/shape.ts`:
 * every key of an enum in declared order, zeros too; the rows of a reference by name; months in time;
 * the 'Итог' of each row and column and the grand total). One statement: `GROUP BY GROUPING SETS`.
 */
import { sql } from 'kysely';
import type { Lang } from '../../engine/i18n.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { shapeIndicator, type DbRow, type Dim, type IndicatorData } from '../../reports/indicator/shape.ts';
import { placeCondition, type ReportPlace } from './place.ts';
import { stockVariable, type StockVariableId } from './variables.ts';

export interface MovementsRequest extends ReportPlace {
  iniDate: string;
  endDate: string;
  rowVariables: StockVariableId[];
  columnVariables: StockVariableId[];
  productIds?: string[];
  types?: string[];
}

/** The names of the referenced rows (medicines, units, sources) that the keys are. */
const NAMES: Record<string, { table: string; column: string }> = { product: { table: 'product', column: 'name' }, unit: { table: 'unit', column: 'name' }, source: { table: 'source', column: 'name' } };

/**
 * The movements table of the request (checked by `schemas/forms/stock_report_movements.json`).
 * @example await movementsReport(ctx, em, s, { scope: 'WORKSPACE', iniDate: '2026-09-01', endDate: '2026-10-31', rowVariables: ['medicine'], columnVariables: ['movementType'] })
 * // { rows: [{ keys: [hrId], labels: ['Изониазид + Рифампицин, …'] }], columns: [INITIAL, RECEIPT, …], values: [[0, 140, -17, -3, 0, 0, 0]], rowTotals: [120], … }
 */
export async function movementsReport(ctx: AppContext, em: Em, s: Session, r: MovementsRequest): Promise<IndicatorData> {
  const rowDims: Dim[] = r.rowVariables.map((id) => ({ variable: stockVariable(ctx.registry, id) }));
  const colDims: Dim[] = r.columnVariables.map((id) => ({ variable: stockVariable(ctx.registry, id) }));
  const dims = [...rowDims, ...colDims];
  const inPlace = await placeCondition(em, s, r, sql.ref('m.unit_id'));
  let rows: DbRow[] = [];
  if (inPlace) {
    const exprs = dims.map((d) => (d.variable.value.kind === 'period' ? sql`to_char(${sql.ref(`m.${d.variable.column}`)}, 'YYYY-MM')` : sql.ref(`m.${d.variable.column}`)));
    const aliases = [...rowDims.map((_, i) => `r${i}`), ...colDims.map((_, i) => `c${i}`)];
    const all = exprs.map((e, i) => sql`${e} as ${sql.ref(aliases[i])}`);
    const rowSet = exprs.slice(0, rowDims.length), colSet = exprs.slice(rowDims.length);
    const sets = [exprs, rowSet, colSet, []].map((set) => sql`(${sql.join(set.length ? set : [sql``], sql`, `)})`);
    const where = [
      sql`m.workspace_id = ${s.workspaceId}`,
      sql`m.date between ${r.iniDate} and ${r.endDate}`,
      inPlace,
      ...(r.productIds?.length ? [sql`m.product_id in (${sql.join(r.productIds)})`] : []),
      ...(r.types?.length ? [sql`m.type in (${sql.join(r.types)})`] : []),
    ];
    const q = sql<DbRow>`select ${sql.join(all, sql`, `)}, grouping(${sql.join(exprs, sql`, `)}) as g, sum(m.quantity) as n
      from stockmovement m where ${sql.join(where, sql` and `)}
      group by grouping sets (${sql.join(sets, sql`, `)})`;
    rows = (await q.execute(kysely(em))).rows;
  }
  await nameKeys(em, s, dims, rows, aliasesOf(rowDims.length, colDims.length));
  return shapeIndicator(rows, rowDims, colDims, s.lang as Lang);
}

const aliasesOf = (nr: number, nc: number) => [...Array.from({ length: nr }, (_, i) => `r${i}`), ...Array.from({ length: nc }, (_, i) => `c${i}`)];

/** Fills each reference dimension's `names` with the labels of the ids present. */
async function nameKeys(em: Em, s: Session, dims: Dim[], rows: DbRow[], aliases: string[]): Promise<void> {
  for (const [i, d] of dims.entries()) {
    const v = d.variable.value;
    if (v.kind !== 'ref') continue;
    const ids = [...new Set(rows.map((row) => row[aliases[i]]).filter((x): x is string => typeof x === 'string'))];
    const target = NAMES[v.table];
    if (!ids.length || !target) continue;
    const named = await kyselyByName(em).selectFrom(target.table).select(['id', target.column]).where('workspace_id', '=', s.workspaceId).where('id', 'in', ids).execute();
    d.names = new Map(named.map((n: any) => [String(n.id), String(n[target.column])]));
  }
}
