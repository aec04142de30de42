/**
 * REP_MOVEMENTS: the units moved — signed, + in, − out — by the ledger's movements dated in a period at
 * the units of the place asked within the reader's view, counted by the stock report variables as a
 * case report's indicator is: the variables are declared `x-report` on the ledger's fields
 * (`schemas/tables/stockmovement.json`, a table counted by its own rows: `engine/report-rows.ts`) and the
 * indicator engine sums the movements' quantities (`reports/indicator/sql.ts`: the cells by a plain
 * `GROUP BY`, the 'Итог' of each row and column and the grand total by `GROUPING SETS`, one statement)
 * and lays out the table (`shape.ts`: every key of an enum in declared order, zeros too; the rows of a
 * reference by name; months in time).
 */
import { sql, type SqlBool } from 'kysely';
import type { Lang } from '../../engine/i18n.ts';
import { rowsReport } from '../../engine/report-rows.ts';
import type { ReportVariable } from '../../engine/report-vars.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { dimOf } from '../../reports/indicator/run.ts';
import { shapeIndicator, type DbRow, type IndicatorData } from '../../reports/indicator/shape.ts';
import { indicatorQuery, type CaseQuery } from '../../reports/indicator/sql.ts';
import { placeCondition, type ReportPlace } from './place.ts';

/** A stock report variable: the `x-report` id of a ledger field (the enum of `stock_report_movements.json`). */
export type StockVariableId = 'medicine' | 'movementType' | 'month' | 'unit' | 'source';

export interface MovementsRequest extends ReportPlace {
  iniDate: string;
  endDate: string;
  rowVariables: StockVariableId[];
  columnVariables: StockVariableId[];
  productIds?: string[];
  types?: string[];
}

/** The ledger as the indicator engine reads it. */
export const LEDGER = 'stockmovement';

/**
 * The movements table of the request (checked by `schemas/forms/stock_report_movements.json`).
 * @example await movementsReport(ctx, em, s, { scope: 'WORKSPACE', iniDate: '2026-09-01', endDate: '2026-10-31', rowVariables: ['medicine'], columnVariables: ['movementType'] })
 * // { rows: [{ keys: [hrId], labels: ['Изониазид + Рифампицин, …'] }], columns: [INITIAL, RECEIPT, …], values: [[0, 140, -17, -3, 0, 0, 0]], rowTotals: [120], … }
 */
export async function movementsReport(ctx: AppContext, em: Em, s: Session, r: MovementsRequest): Promise<IndicatorData> {
  const { catalogue, table } = rowsReport(ctx.registry, LEDGER);
  const variable = (id: StockVariableId): ReportVariable => catalogue.variable(id)!;
  const rowVars = r.rowVariables.map(variable), colVars = r.columnVariables.map(variable);
  const db = kysely(em);
  const inPlace = await placeCondition(em, s, r, sql.ref('c.unit_id'));
  let rows: DbRow[] = [];
  if (inPlace) {
    const dated = sql<SqlBool>`c.date between ${r.iniDate} and ${r.endDate}`;
    const keys = (id: string, list?: string[]) => (list?.length ? [{ filter: catalogue.filter(id)!, value: { keys: list } }] : []);
    const cq: CaseQuery = { workspaceId: s.workspaceId, analytic: table, place: () => sql<SqlBool>`(${inPlace} and ${dated})`, filters: [...keys('medicine', r.productIds), ...keys('movementType', r.types)] };
    rows = (await indicatorQuery(db, cq, rowVars, colVars, 'quantity').execute()) as DbRow[];
  }
  const dims = (vars: ReportVariable[], prefix: 'r' | 'c') => Promise.all(vars.map((v, i) => dimOf(db, s.workspaceId, v, rows.map((row) => row[`${prefix}${i}`]))));
  return shapeIndicator(rows, await dims(rowVars, 'r'), await dims(colVars, 'c'), s.lang as Lang);
}
