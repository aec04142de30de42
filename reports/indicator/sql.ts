/**
 * One indicator as one SQL statement over the cases' analytic rows (`caseanalytic as c`, a
 * row per case with every declared variable already computed, `engine/analytic.ts`): the place's cases
 * in the reader's view, the filters, and the row and column variables: the cells by a plain `GROUP BY`
 * over the rows (parallel), the totals of each row and of each column ('Итог') and the grand total
 * by `GROUPING SETS` over those cells, in one statement with no join. Every value is a parameter; column names come only from the schemas.
 * A variable of a sub-record with several rows per case (tags, prescriptions: an array on the row)
 * counts a case under each of its values, and then every count is of distinct cases (a total is not
 * the sum of its cells): its grouping sets read the rows themselves.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { AnalyticColumn, AnalyticTable } from '../../engine/analytic.ts';
import type { ReportFilter, ReportVariable } from '../../engine/report-vars.ts';

/** A filter's value as checked by `filters.ts`: the keys chosen, or a month range (`YYYY-MM`). */
export type FilterValue = { keys: unknown[] } | { ini?: string; end?: string };
export type Cond = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

export interface CaseQuery {
  workspaceId: string;
  /** The cases' analytic rows: which column holds each variable. */
  analytic: AnalyticTable;
  /** The place in the reader's view, on the analytic row `c` (its place columns are the case's: `cases/places/place.ts`); undefined: the whole workspace. */
  place?: Cond;
  /** The same place as a condition on a column of cohort unit ids (the counts cube's, `cube.ts`). */
  units?: (column: string) => Cond | undefined;
  filters: { filter: ReportFilter; value: FilterValue }[];
}

type Q = SelectQueryBuilder<any, any, any>;

const isArray = (col: AnalyticColumn) => col.sqlType.endsWith('[]');

/**
 * The values of the variables and filters on an analytic row (`alias`, default `c`): each a column,
 * read as the variable counts it (a date by its month, quarter or year, whether it is recorded, the
 * months since it; an age by its band; an area at its level).
 * @example new AnalyticValues(a).value(cat.variable('registrationDate.quarter')!) // to_char("c"."registration_date", 'YYYY-"Q"Q')
 */
export class AnalyticValues {
  constructor(readonly analytic: AnalyticTable, readonly alias = 'c') {}

  /** The column holding a variable's value (an age's band; `years`: its whole years). */
  column(v: ReportVariable | ReportFilter, years = false): RawBuilder<unknown> {
    return sql.ref(`${this.alias}.${this.analytic.column(v, { years }).name}`);
  }

  /** Whether the variable holds many values per case (an array column). */
  many(v: ReportVariable | ReportFilter): boolean {
    return isArray(this.analytic.column(v));
  }

  /** The value a variable is counted by (a many-valued one: its array). */
  value(v: ReportVariable | ReportFilter): RawBuilder<unknown> {
    const col = this.column(v);
    const d = v.value;
    switch (d.kind) {
      case 'period':
        return d.by === 'month' ? sql`to_char(${col}, 'YYYY-MM')` : d.by === 'quarter' ? sql`to_char(${col}, 'YYYY-"Q"Q')` : sql`to_char(${col}, 'YYYY')`;
      case 'recorded':
        return sql`(${col} is not null)`;
      case 'monthsSince':
        return sql`(date_part('year', age(current_date, ${col})) * 12 + date_part('month', age(current_date, ${col})) + 1)::int`;
      default:
        return col;
    }
  }

  /**
   * What a variable is first grouped by: a date its day (a date of 4 bytes, read from an index in
   * its order where one holds it; a quarter taken of each of a million rows costs more than the
   * grouping), any other its value. `period` then takes a day's month, quarter or year of the groups.
   */
  groupBy(v: ReportVariable): RawBuilder<unknown> {
    return v.value.kind === 'period' ? this.column(v) : this.value(v);
  }

  /** A grouped day (`expr`) as the first day of its month, quarter or year (`date_trunc`): the groups `keyOf` writes out. */
  period(v: ReportVariable, expr: RawBuilder<unknown>): RawBuilder<unknown> {
    const d = v.value;
    // the period a literal: the same expression in the select list and the GROUP BY (two parameters would not be)
    return d.kind === 'period' ? sql`date_trunc(${sql.lit(d.by)}, ${expr}::timestamp)` : expr;
  }

  /** The key of a group `period` made (`expr`): a date's month, quarter or year written as `value` writes it. */
  keyOf(v: ReportVariable, expr: RawBuilder<unknown>): RawBuilder<unknown> {
    const d = v.value;
    if (d.kind !== 'period') return expr;
    return d.by === 'month' ? sql`to_char(${expr}, 'YYYY-MM')` : d.by === 'quarter' ? sql`to_char(${expr}, 'YYYY-"Q"Q')` : sql`to_char(${expr}, 'YYYY')`;
  }

  /** An age variable's whole years at its case date. */
  years(v: ReportVariable): RawBuilder<unknown> {
    return this.column(v, true);
  }

  /** The condition one filter puts on the row: a multi-select by its keys (any of them for an array, at any level for an area), a period by month bounds. */
  filter(f: ReportFilter, value: FilterValue): RawBuilder<SqlBool> {
    if ('keys' in value) {
      if (f.value.kind === 'area' && f.value.level === 0) {
        const levels = this.analytic.areaColumns(f).map((c) => sql.ref(`${this.alias}.${c.name}`));
        return sql<SqlBool>`(${sql.join(levels.map((l) => sql`${l} in (${sql.join(value.keys)})`), sql` or `)})`;
      }
      return this.hasKeys(f, value.keys);
    }
    const col = this.column(f);
    const parts: RawBuilder<SqlBool>[] = [];
    if (value.ini) parts.push(sql<SqlBool>`${col} >= ${`${value.ini}-01`}::date`);
    if (value.end) parts.push(sql<SqlBool>`${col} < (${`${value.end}-01`}::date + interval '1 month')`);
    return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
  }

  /** The row holds one of the keys (an array: among its values). */
  hasKeys(v: ReportVariable | ReportFilter, keys: unknown[]): RawBuilder<SqlBool> {
    const c = this.analytic.column(v);
    if (isArray(c)) return sql<SqlBool>`${this.column(v)} && array[${sql.join(keys)}]::${sql.raw(c.sqlType)}`;
    return sql<SqlBool>`${this.value(v)} in (${sql.join(keys)})`;
  }

  /** The row holds the cell's key of a variable (null: no value — an array: none at all). */
  key(v: ReportVariable, key: unknown): RawBuilder<SqlBool> {
    if (this.many(v)) return key === null ? sql<SqlBool>`cardinality(${this.column(v)}) = 0` : this.hasKeys(v, [key]);
    return key === null ? sql<SqlBool>`${this.value(v)} is null` : sql<SqlBool>`${this.value(v)} = ${key}`;
  }
}

/** The analytic rows of a selection, narrowed condition by condition. */
export class Selection {
  constructor(private q: Q, readonly values: AnalyticValues) {}

  get query() {
    return this.q;
  }

  /** Narrows the selection. */
  where(cond: Cond | RawBuilder<SqlBool>) {
    this.q = this.q.where(cond as any);
  }
}

/**
 * The analytic rows of the workspace's cases in the place, filtered (`caseanalytic as c`).
 * @example caseSelection(db, { workspaceId, analytic, place, filters: [] }).query.select('c.id')
 */
export function caseSelection(db: Kysely<any>, cq: CaseQuery): Selection {
  const values = new AnalyticValues(cq.analytic);
  const j = new Selection(db.selectFrom(`${cq.analytic.name} as c`).where('c.workspace_id', '=', cq.workspaceId), values);
  if (cq.place) j.where(cq.place);
  for (const { filter, value } of cq.filters) j.where(values.filter(filter, value));
  return j;
}

/**
 * One filter as a condition on a case list's row (`tbcase as <alias>`), for a page read in the list's
 * order: a filter on a column of the case itself compares the list row's column (the same value the
 * analytic row holds, written in the same transaction; the list's index serves a period), any other
 * is an EXISTS on the case's analytic row (one primary-key probe per row read).
 * @example store.query({ …, conditions: filters.map((f) => (q) => q.where(rowCondition(db, a, ws, f.filter, f.value))) })
 */
export function rowCondition(db: Kysely<any>, analytic: AnalyticTable, workspaceId: string, f: ReportFilter, value: FilterValue, alias = 't'): RawBuilder<SqlBool> {
  const kind = f.value.kind;
  const own = f.source.kind === 'case' && (kind === 'enum' || kind === 'boolean' || kind === 'ref' || kind === 'period');
  if (own) return new AnalyticValues(analytic, alias).filter(f, value);
  return onAnalyticRow(db, analytic, workspaceId, alias, (v) => v.filter(f, value));
}

/** A condition on the analytic row of the list's case `alias`, as an EXISTS probe by its key. */
export function onAnalyticRow(db: Kysely<any>, analytic: AnalyticTable, workspaceId: string, alias: string, cond: (v: AnalyticValues) => RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  const v = new AnalyticValues(analytic, 'a');
  const probe = db.selectFrom(`${analytic.name} as a`).select(sql`1`.as('one')).whereRef('a.id', '=', `${alias}.id`).where('a.workspace_id', '=', workspaceId).where(cond(v));
  return sql<SqlBool>`exists (${probe})`;
}

/**
 * The statement of an indicator: rows `{r0…, c0…, g, n}` — the row and column variables' keys,
 * `g` the `grouping()` mask (0 a cell, the column bits set: a row's total, the row bits set: a
 * column's total, all set: the grand total) and `n` the number of cases — or, with `sum` (a column
 * of the rows counted: a stock movement's signed quantity), the sum of that column over them.
 * @example
 * const q = indicatorQuery(db, { workspaceId, analytic, filters: [] }, [cat.variable('gender')!], [cat.variable('classification')!]);
 * (await q.execute()) // [{ r0: 'MALE', c0: 'TB', g: 0, n: 12 }, …, { r0: null, c0: null, g: 3, n: 40 }]
 */
export function indicatorQuery(db: Kysely<any>, cq: CaseQuery, rows: ReportVariable[], columns: ReportVariable[], sum?: string) {
  const j = caseSelection(db, cq);
  const dims = [...rows.map((v, i) => ({ v, name: `r${i}` })), ...columns.map((v, i) => ({ v, name: `c${i}` }))];
  let q = j.query;
  const values = dims.map((d, i) => {
    if (!j.values.many(d.v)) return j.values.value(d.v).as(d.name);
    // each of the case's values, or one row without a value when it has none
    const e = `e${i}`;
    const arr = j.values.column(d.v);
    q = q.innerJoinLateral(sql`unnest(case when cardinality(${arr}) = 0 then array[null]::${sql.raw(cq.analytic.column(d.v).sqlType)} else ${arr} end)`.as(e) as any, (join: any) => join.onTrue());
    return sql.ref(`${e}.${e}`).as(d.name);
  });
  const many = dims.some((d) => j.values.many(d.v));
  const inner = q.select([...values, 'c.id as case_id']);
  const names = (list: { name: string }[]) => sql.join(list.map((d) => sql.ref(`x.${d.name}`)));
  const r = dims.filter((d) => d.name.startsWith('r')), c = dims.filter((d) => d.name.startsWith('c'));
  const sets = (alias: string) => {
    const of = (list: { name: string }[]) => sql.join(list.map((d) => sql.ref(`${alias}.${d.name}`)));
    return sql`grouping sets ((${of(dims)}), (${of(r)}), (${of(c)}), ())`;
  };
  if (many) {
    if (sum) throw new Error(`a sum of ${sum} by a several-values variable would count a row under each value`);
    return db
      .selectFrom(inner.as('x'))
      .select([...dims.map((d) => `x.${d.name}`), sql<number>`grouping(${names(dims)})`.as('g'), sql<number>`count(distinct x.case_id)`.as('n')])
      .groupBy(sets('x'));
  }
  // one value per case: the cells by a plain GROUP BY over the rows (a parallel aggregate), the
  // totals summed from the cells — the grouping sets read tens of rows, not every case three more times;
  // a date grouped by its day, then the days' groups by their period, written out as keys only for the cells
  const grouped = j.query.select([...dims.map((d) => j.values.groupBy(d.v).as(d.name)), ...(sum ? [sql.ref(`c.${sum}`).as('m')] : [])]);
  const byDay = db
    .selectFrom(grouped.as('x'))
    .select([...dims.map((d) => `x.${d.name}`), (sum ? sql<number>`sum(x.m)` : sql<number>`count(*)`).as('n')])
    .groupBy(dims.map((d) => `x.${d.name}`));
  const cells: SelectQueryBuilder<any, any, any> = dims.some((d) => d.v.value.kind === 'period')
    ? db
        .selectFrom(byDay.as('z'))
        .select([...dims.map((d) => j.values.period(d.v, sql.ref(`z.${d.name}`)).as(d.name)), sql<number>`sum(z.n)`.as('n')])
        .groupBy(dims.map((d) => j.values.period(d.v, sql.ref(`z.${d.name}`))))
    : byDay;
  const ys = sql.join(dims.map((d) => sql.ref(`y.${d.name}`)));
  return db
    .selectFrom(cells.as('y'))
    .select([...dims.map((d) => j.values.keyOf(d.v, sql.ref(`y.${d.name}`)).as(d.name)), sql<number>`grouping(${ys})`.as('g'), sql<number>`sum(y.n)::bigint`.as('n')])
    .groupBy(sets('y'));
}
