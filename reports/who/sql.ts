/**
 * A WHO form as SQL: its population (the place's cases notified in the quarter, within the reader's
 * view), its conditions over report variables read through the indicator engine's joins
 * (`../indicator/sql.ts`), every cell a `count(*) filter (where …)` of one statement, the excluded
 * cases with their first reason, the cases of one cell. Every value is a parameter; table and column
 * names come only from the schemas.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ReportCatalogue } from '../../engine/report-vars.ts';
import { Joins, type Cond } from '../indicator/sql.ts';
import type { Condition, FormDefinition, FormTable, Line } from './definition.ts';
import { quarterBefore, quarterDates, type Quarter } from './quarter.ts';

/** What a form is computed for: the workspace, the place (on `tbcase as c`) and the quarter asked. */
export interface FormQuery {
  workspaceId: string;
  /** The units of the place in the reader's view, on the case's notifying unit; undefined: the whole workspace. */
  place?: Cond;
  quarter: Quarter;
}

const TRUE = sql<SqlBool>`true`;

/** A condition as SQL over the joined tables; never NULL (a missing value fails `in` and passes `not in`). */
export function conditionSql(j: Joins, cat: ReportCatalogue, c: Condition | undefined): RawBuilder<SqlBool> {
  if (!c) return TRUE;
  if ('all' in c) return sql<SqlBool>`(${sql.join(c.all.map((x) => conditionSql(j, cat, x)), sql` and `)})`;
  if ('any' in c) return sql<SqlBool>`(${sql.join(c.any.map((x) => conditionSql(j, cat, x)), sql` or `)})`;
  if ('not' in c) return sql<SqlBool>`(not ${conditionSql(j, cat, c.not)})`;
  if ('span' in c) {
    const [from, to] = c.columns!.map((col) => sql.ref(`c.${col}`));
    return c.maxMonths !== undefined
      ? sql<SqlBool>`coalesce(${to} <= ${from} + make_interval(months => ${c.maxMonths}), false)`
      : sql<SqlBool>`coalesce(${to} > ${from} + make_interval(months => ${c.overMonths ?? 0}), false)`;
  }
  const v = cat.variable(c.var)!;
  if ('ageFrom' in c && v.value.kind === 'age') {
    const born = sql.ref(`${j.source(v.source)}.${v.column}`);
    const years = sql`date_part('year', age(coalesce(${sql.ref(`c.${v.value.at}`)}, current_date), ${born}))`;
    return sql<SqlBool>`coalesce(${years} between ${c.ageFrom} and ${c.ageTo}, false)`;
  }
  const value = j.value(v);
  if ('empty' in c) return sql<SqlBool>`(${value} is null)`;
  return sql<SqlBool>`coalesce(${value} in (${sql.join((c as { in: unknown[] }).in)}), false)`;
}

/** The dates of the form's population for the quarter asked. */
export const populationDates = (f: FormDefinition, q: Quarter) => quarterDates(quarterBefore(q, f.population.quartersBack));

/** The population's selection: `tbcase as c` of the workspace, the place, the quarter, `population.when`. */
export function population(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery): Joins {
  const j = new Joins(db.selectFrom('tbcase as c').where('c.workspace_id', '=', fq.workspaceId), fq.workspaceId);
  const date = sql.ref(`c.${cat.filter(f.population.date)!.column}`);
  const { from, to } = populationDates(f, fq.quarter);
  j.where(sql<SqlBool>`${date} >= ${from}::date and ${date} < ${to}::date`);
  if (fq.place) j.where(fq.place);
  if (f.population.when) j.where(conditionSql(j, cat, f.population.when));
  return j;
}

/** The reason a case of the population is left out, as a CASE over the declared reasons (null: counted). */
export function reasonSql(j: Joins, cat: ReportCatalogue, f: FormDefinition): RawBuilder<string | null> {
  if (!f.exclude.length) return sql<null>`null`;
  return sql<string | null>`(case ${sql.join(f.exclude.map((e) => sql`when ${conditionSql(j, cat, e.when)} then ${e.id}`), sql` `)} else null end)`;
}

/** The condition of a table's cell: the table's own, the row's, the column's. */
export function cellSql(j: Joins, cat: ReportCatalogue, t: FormTable, row: Line, column: Line): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${conditionSql(j, cat, t.when)} and ${conditionSql(j, cat, row.when)} and ${conditionSql(j, cat, column.when)})`;
}

/** A case the table counts (its `when`) that is in none of its rows. */
export const inNoRowSql = (j: Joins, cat: ReportCatalogue, t: FormTable) =>
  sql<SqlBool>`(${conditionSql(j, cat, t.when)} and not (${sql.join(t.rows.map((r) => conditionSql(j, cat, r.when)), sql` or `)}))`;

/**
 * The statement counting every cell of every table at once, over the counted cases (the population
 * but the excluded), and the excluded cases: one row, a column `k<n>` per cell in declaration order
 * (table, row, column) and `excluded`. Each case's reason and cell conditions are read once, in a
 * sub-select, and counted above it.
 * @example const row = await countsQuery(db, cat, form, fq).executeTakeFirst(); row.k0 // new, pulmonary confirmed
 */
export function countsQuery(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery) {
  const j = population(db, cat, f, fq);
  const cells: RawBuilder<unknown>[] = [];
  for (const t of f.tables) for (const r of t.rows) for (const c of t.columns) cells.push(cellSql(j, cat, t, r, c));
  const declared = reasonSql(j, cat, f), reason = fullReasonSql(j, cat, f);
  // every join is added by building the conditions: read the query only now
  const inner = j.query.select([declared.as('declared'), reason.as('reason'), ...cells.map((c, k) => (c as RawBuilder<SqlBool>).as(`k${k}`))] as any);
  return db
    .selectFrom(inner.as('x'))
    .select([...cells.map((_c, k) => sql`count(*) filter (where x.declared is null and ${sql.ref(`x.k${k}`)})`.as(`k${k}`)), sql`count(*) filter (where x.reason is not null)`.as('excluded')] as any);
}

/** The first declared reason, or `noRow:<table>` for a counted case in no row of a table declared `complete`. */
function fullReasonSql(j: Joins, cat: ReportCatalogue, f: FormDefinition): RawBuilder<string | null> {
  const declared = reasonSql(j, cat, f);
  const complete = f.tables.filter((t) => t.complete);
  if (!complete.length) return declared;
  return sql<string>`coalesce(${declared}, ${sql`case ${sql.join(complete.map((t) => sql`when ${inNoRowSql(j, cat, t)} then ${`noRow:${t.id}`}`), sql` `)} else null end`})`;
}

/**
 * The excluded cases of the population, with the first declared reason, or `noRow:<table>` for a
 * counted case in no row of a table declared `complete`: `{id, reason}` rows of a sub-select.
 */
export function excludedQuery(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery) {
  const j = population(db, cat, f, fq);
  const reason = fullReasonSql(j, cat, f);
  return j.query.select(['c.id as id', reason.as('reason')]);
}

/** The counted cases of one cell, as a sub-select of ids. */
export function cellIdsQuery(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery, t: FormTable, row: Line, column: Line) {
  const j = population(db, cat, f, fq);
  j.where(sql<SqlBool>`${reasonSql(j, cat, f)} is null`);
  j.where(cellSql(j, cat, t, row, column));
  return j.query.select('c.id');
}
