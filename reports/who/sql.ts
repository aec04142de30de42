/**
 * A WHO form as SQL: its population (the place's cases notified in the quarter, within the reader's
 * view), its conditions over report variables read from the cases' analytic rows (`caseanalytic as c`:
 * every variable a column, `../indicator/sql.ts`) and over the framework's rules (`rules.ts`, over the
 * same row's columns), every cell a `count(*) filter
 * (where …)` of one statement, the excluded cases with their first reason, the cases of one cell.
 * A case left out of the whole form counts in no cell; one left out of some cells (`cells` of an
 * exclusion: no site of disease) counts in the others. Every value is a parameter; table and column
 * names come only from the schemas.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { AnalyticTable } from '../../engine/analytic.ts';
import type { ReportCatalogue, ReportVariable } from '../../engine/report-vars.ts';
import { AnalyticValues, Selection, type Cond } from '../indicator/sql.ts';
import type { Condition, SpanCondition } from '../../engine/condition/index.ts';
import { conditionSql as anyConditionSql, spanSql } from '../condition-sql.ts';
import { leavesOut, spanColumns, wholeForm, type FormDefinition, type FormTable, type Line } from './definition.ts';
import { DEFAULT_SETTINGS, isRule, type FormSettings } from './rules.ts';
import { quarterBefore, quarterDates, type Quarter } from './quarter.ts';

/** What a form is computed for: the workspace, the place (on the analytic row `c`, whose place columns are the case's) and the quarter asked. */
export interface FormQuery {
  workspaceId: string;
  /** The cases' analytic rows: which column holds each variable. */
  analytic: AnalyticTable;
  /** The units of the place in the reader's view, on the case's notifying unit; undefined: the whole workspace. */
  place?: Cond;
  quarter: Quarter;
  /** The workspace settings the rules follow; none: the defaults. */
  settings?: FormSettings;
  /** The cases (their analytic rows `c`: the case's unit columns) the reader may open, for the lists; undefined: every case of the population. */
  visible?: Cond;
}

/**
 * What a condition reads of a case: a variable's value, an age variable's whole years at its case
 * date, the months-condition between two dates of the case (`span`). `liveValues` reads them from each
 * case's analytic row; `GroupedValues` reads them from the columns of cases grouped by them.
 */
export interface Values {
  value(v: ReportVariable): RawBuilder<unknown>;
  years(v: ReportVariable): RawBuilder<unknown>;
  span(c: SpanCondition): RawBuilder<SqlBool>;
}

/** The values of each case, read from its analytic row; a rule (`rules.ts`) under the workspace's settings. */
export function liveValues(j: Selection, settings: FormSettings = DEFAULT_SETTINGS): Values {
  return {
    value: (v) => (isRule(v) ? v.rule(settings) : j.values.value(v)),
    years: (v) => j.values.years(v),
    span: (c) => {
      const [from, to] = spanColumns(c).map((col) => {
        if (!j.values.analytic.caseColumn(col)) throw new Error(`WHO form: the case column ${col} a span reads is not on the analytic row (declare its field x-analytic)`);
        return sql.ref(`c.${col}`);
      });
      return spanSql(from, to, c);
    },
  };
}

/**
 * The values as columns `g.d<n>` of the cases grouped by them: each distinct value a condition reads
 * becomes one grouping column (`dims`, read live), so that the form's many cell conditions are tested
 * once per group of alike cases, not once per case (a quarter's 20,000 cases are a few thousand groups).
 */
export class GroupedValues implements Values {
  readonly dims: { name: string; expr: RawBuilder<unknown> }[] = [];
  private readonly seen = new Map<string, string>();
  constructor(private readonly live: Values) {}

  private dim(key: string, expr: () => RawBuilder<unknown>): RawBuilder<any> {
    let name = this.seen.get(key);
    if (!name) {
      name = `d${this.dims.length}`;
      this.seen.set(key, name);
      this.dims.push({ name, expr: expr() });
    }
    return sql.ref(`g.${name}`);
  }

  value(v: ReportVariable) {
    return this.dim(`v:${v.id}`, () => this.live.value(v));
  }
  years(v: ReportVariable) {
    return this.dim(`y:${v.id}`, () => this.live.years(v));
  }
  span(c: SpanCondition) {
    return this.dim(`s:${spanColumns(c).join()}:${c.maxMonths}:${c.overMonths}`, () => this.live.span(c));
  }
}

/**
 * A condition as SQL over the values read (`../condition-sql.ts`): a variable's value (a rule's under
 * the workspace's settings), an age variable's whole years for a range, a span as `r` reads it.
 * @example conditionSql(liveValues(j), cat, { var: 'ageRange', from: 0, to: 14 }) // coalesce(<years> between $1 and $2, false)
 */
export function conditionSql(r: Values, cat: ReportCatalogue, c: Condition | undefined): RawBuilder<SqlBool> {
  const variable = (id: string) => cat.variable(id)!;
  return anyConditionSql(c, {
    value: (id) => r.value(variable(id)),
    measure: (id) => (variable(id).value.kind === 'age' ? r.years(variable(id)) : r.value(variable(id))),
    span: (s) => r.span(s),
  });
}

/** The dates of the form's population for the quarter asked. */
export const populationDates = (f: FormDefinition, q: Quarter) => quarterDates(quarterBefore(q, f.population.quartersBack));

/** The population's selection: the analytic rows `c` of the workspace's cases, the place, the quarter, `population.when`. */
export function population(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery): Selection {
  const j = new Selection(db.selectFrom(`${fq.analytic.name} as c`).where('c.workspace_id', '=', fq.workspaceId), new AnalyticValues(fq.analytic));
  const date = sql.ref(`c.${cat.filter(f.population.date)!.column}`);
  const { from, to } = populationDates(f, fq.quarter);
  j.where(sql<SqlBool>`${date} >= ${from}::date and ${date} < ${to}::date`);
  if (fq.place) j.where(fq.place);
  if (f.population.when) j.where(conditionSql(liveValues(j, fq.settings), cat, f.population.when));
  return j;
}

/** The first of these reasons that holds for a case, as a CASE (null: none). */
function firstReasonSql(r: Values, cat: ReportCatalogue, reasons: FormDefinition['exclude']): RawBuilder<string | null> {
  if (!reasons.length) return sql<null>`null`;
  return sql<string | null>`(case ${sql.join(reasons.map((e) => sql`when ${conditionSql(r, cat, e.when)} then ${e.id}`), sql` `)} else null end)`;
}

/** The reason a case of the population is left out of the whole form, as a CASE over those declared reasons (null: counted). */
export const reasonSql = (r: Values, cat: ReportCatalogue, f: FormDefinition) => firstReasonSql(r, cat, f.exclude.filter(wholeForm));

/** The condition of a table's cell: the table's own, the row's, the column's. */
export function cellSql(r: Values, cat: ReportCatalogue, t: FormTable, row: Line, column: Line): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${conditionSql(r, cat, t.when)} and ${conditionSql(r, cat, row.when)} and ${conditionSql(r, cat, column.when)})`;
}

/**
 * A case the cell counts, but for the whole-form reasons: in the cell, and no reason that leaves it
 * out of that cell only holds (`leavesOut`: a case with no site is left out of the cells by site).
 */
export function countedInCellSql(r: Values, cat: ReportCatalogue, f: FormDefinition, t: FormTable, row: Line, column: Line): RawBuilder<SqlBool> {
  const scoped = f.exclude.filter((e) => !wholeForm(e) && leavesOut(e, t.id, row.id, column.id));
  const cell = cellSql(r, cat, t, row, column);
  if (!scoped.length) return cell;
  return sql<SqlBool>`(${cell} and not (${sql.join(scoped.map((e) => conditionSql(r, cat, e.when)), sql` or `)}))`;
}

/** A case the table counts (its `when`) that is in none of its rows. */
export const inNoRowSql = (r: Values, cat: ReportCatalogue, t: FormTable) =>
  sql<SqlBool>`(${conditionSql(r, cat, t.when)} and not (${sql.join(t.rows.map((row) => conditionSql(r, cat, row.when)), sql` or `)}))`;

/**
 * The statement of a form for a quarter, in one pass over its population: one row with a column
 * `k<n>` per cell in declaration order (table, row, column), `excluded` (how many cases are left out
 * of the form or of some cells), `listed` (the first `limit` of them the reader may open —
 * `fq.visible` — in registration order, as JSON: id, case number, registration date, patient's names,
 * unit, reason) and `hidden` (how many they may not open). Each case is read once (a materialized CTE
 * with its reason and the values the conditions read); the cells are tested once per group of alike
 * cases (`GroupedValues`) and their cases summed.
 * @example const row = await formStatement(db, cat, form, fq, 500).executeTakeFirst(); row.k0 // new, pulmonary confirmed
 */
export function formStatement(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery, limit: number) {
  const j = population(db, cat, f, fq);
  const live = liveValues(j, fq.settings);
  const g = new GroupedValues(live);
  const cells: RawBuilder<SqlBool>[] = [];
  for (const t of f.tables) for (const r of t.rows) for (const c of t.columns) cells.push(countedInCellSql(g, cat, f, t, r, c));
  const declared = reasonSql(g, cat, f), reason = fullReasonSql(g, cat, f);
  const caseReason = fullReasonSql(live, cat, f);
  // every join is added by building the conditions: read the query only now
  const visible = fq.visible;
  const perCase = j.query.select([
    ...g.dims.map((d) => d.expr.as(d.name)),
    'c.id', 'c.registration_date', 'c.notification_unit_id', caseReason.as('reason'),
    (visible ? (eb: any) => sql<boolean>`coalesce(${visible(eb)}, false)`.as('visible') : sql<boolean>`true`.as('visible')),
  ] as any);
  const dims = g.dims.map((d) => sql.ref(`p.${d.name}`));
  const grouped = db.selectFrom('p').select([...g.dims.map((d, i) => dims[i].as(d.name)), sql<number>`count(*)`.as('n')] as any);
  const groups = dims.length ? grouped.groupBy(dims as any) : grouped;
  const tested = db.selectFrom(groups.as('g')).select(['g.n', declared.as('declared'), reason.as('reason'), ...cells.map((c, k) => c.as(`k${k}`))] as any);
  // the first `limit` in (registration date, case number) order: only the cases up to the date of the
  // limit-th are joined to their case rows for the number (a cohort sets thousands aside: each a probe)
  const lastDate = sql`(select p.registration_date from p where p.reason is not null and p.visible order by p.registration_date offset ${limit - 1} limit 1)`;
  const listed = sql`(select coalesce(json_agg(l order by l.registration_date, l.case_number), '[]') from (
      select e.id, e.reason, e.case_number, e.registration_date, lp.last_name, lp.name, lp.middle_name, lu.name as unit_name
        from (select p.*, lt.case_number, lt.patient_id from p join tbcase lt on lt.id = p.id
               where p.reason is not null and p.visible and p.registration_date <= coalesce(${lastDate}, 'infinity'::date)
               order by p.registration_date, lt.case_number limit ${limit}) e
        left join patient lp on lp.id = e.patient_id left join unit lu on lu.id = e.notification_unit_id) l)`;
  return db
    .with((cte) => cte('p').materialized(), () => perCase)
    .selectFrom(tested.as('x'))
    .select([
      ...cells.map((_c, k) => sql`coalesce(sum(x.n) filter (where x.declared is null and ${sql.ref(`x.k${k}`)}), 0)`.as(`k${k}`)),
      sql`coalesce(sum(x.n) filter (where x.reason is not null), 0)`.as('excluded'),
      listed.as('listed'),
      sql`(select count(*) from p where p.reason is not null and not p.visible)`.as('hidden'),
    ] as any);
}

/**
 * Why a case is listed: the first reason leaving it out of the whole form, else the first leaving it
 * out of some cells, else `noRow:<table>` for a counted case in no row of a table declared `complete`.
 */
function fullReasonSql(r: Values, cat: ReportCatalogue, f: FormDefinition): RawBuilder<string | null> {
  const declared = reasonSql(r, cat, f);
  const scoped = f.exclude.filter((e) => !wholeForm(e));
  const first = scoped.length ? sql<string | null>`coalesce(${declared}, ${firstReasonSql(r, cat, scoped)})` : declared;
  const complete = f.tables.filter((t) => t.complete);
  if (!complete.length) return first;
  return sql<string>`coalesce(${first}, ${sql`case ${sql.join(complete.map((t) => sql`when ${inNoRowSql(r, cat, t)} then ${`noRow:${t.id}`}`), sql` `)} else null end`})`;
}

/**
 * The excluded cases of the population, with the first declared reason, or `noRow:<table>` for a
 * counted case in no row of a table declared `complete`: `{id, reason}` rows of a sub-select.
 */
export function excludedQuery(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery) {
  const j = population(db, cat, f, fq);
  const reason = fullReasonSql(liveValues(j, fq.settings), cat, f);
  return j.query.select(['c.id as id', reason.as('reason')]);
}

/**
 * The reason one case (`c.id` = the column `idRef`) is listed by the form, as a scalar sub-select
 * (null: counted everywhere, or not of the population): read only for the few cases that need it.
 * @example sql`select d.id, ${reasonOfQuery(db, cat, f, fq, 'd.id')} as reason from d`
 */
export function reasonOfQuery(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery, idRef: string): RawBuilder<string | null> {
  const j = population(db, cat, f, fq);
  const reason = fullReasonSql(liveValues(j, fq.settings), cat, f);
  j.where(sql<SqlBool>`c.id = ${sql.ref(idRef)}`);
  return sql<string | null>`(${j.query.select(reason.as('reason'))})`;
}

/** The counted cases of one cell, as a sub-select of ids. */
export function cellIdsQuery(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery, t: FormTable, row: Line, column: Line) {
  const j = population(db, cat, f, fq);
  const live = liveValues(j, fq.settings);
  j.where(sql<SqlBool>`${reasonSql(live, cat, f)} is null`);
  j.where(countedInCellSql(live, cat, f, t, row, column));
  return j.query.select('c.id');
}

/**
 * The counted cases of one cell, each with `aside`: whether one of `asides` (conditions of another
 * form, over the same report variables) holds for it — in the same pass.
 * @example cellIdsAsideQuery(db, cat, tb07, fq, byGroup, total, total, [drtb.when]) // select c.id, (…) as aside
 */
export function cellIdsAsideQuery(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery, t: FormTable, row: Line, column: Line, asides: Condition[]) {
  const j = population(db, cat, f, fq);
  const live = liveValues(j, fq.settings);
  const aside = asides.length ? sql<boolean>`(${sql.join(asides.map((c) => conditionSql(live, cat, c)), sql` or `)})` : sql<boolean>`false`;
  j.where(sql<SqlBool>`${reasonSql(live, cat, f)} is null`);
  j.where(countedInCellSql(live, cat, f, t, row, column));
  return j.query.select(['c.id', aside.as('aside')]);
}
