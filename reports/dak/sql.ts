/**
 * WHO's TB indicators as SQL: a subject's rows of the period and place (cases: their
 * analytic rows `caseanalytic as a`, placed by the unit that notified them as the WHO forms place
 * them; contacts: placed by the unit following them), within the reader's view. The indicators that
 * share a subject and a period are computed by one statement: the rows grouped first by the facts
 * their conditions read (a year's cases fall into a few thousand groups of alike rows), each
 * indicator's numerator, denominator and excluded rows by reason then summed over the groups with
 * `filter`; a breakdown adds the disaggregation's key to the grouping; a drill-through selects the
 * ids of one number's rows. Every value is a parameter or a literal of the declarations.
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Session } from '../../server/types.ts';
import { unitsWhere, type Place } from '../../cases/places/place.ts';
import type { IndicatorDefinition } from './definition.ts';
import type { Condition } from '../../engine/condition/index.ts';
import { conditionSql as anyConditionSql } from '../condition-sql.ts';
import { indicatorFacts } from './definition.ts';
import { DATE_JOINS, DATES, DIMENSIONS, FACTS, type ContactJoin, type DimensionId, type Subject } from './facts.ts';

/** The period asked (`to` excluded), the place, the reader. */
export interface IndicatorQuery {
  s: Session;
  place: Place;
  from: string;
  to: string;
  /** The year and quarter asked, for a rate per population (`rate.ts`). */
  period?: { year: number; quarter?: number };
}

const ALL_JOINS: ReadonlySet<ContactJoin> = new Set(['p', 'ia', 't']);

/**
 * The rows of a subject in the workspace and the place, within the reader's view: the one function
 * every indicator reads through — cases from their analytic rows; contacts with the tables
 * `joins` names beside them (`ContactJoin`: all by default; a statement names those its facts read).
 * @example subjectRows(db, 'case', q).select('a.id')
 */
export function subjectRows(db: Kysely<any>, subject: Subject, q: IndicatorQuery, joins: ReadonlySet<ContactJoin> = ALL_JOINS): SelectQueryBuilder<any, any, any> {
  if (subject === 'case') {
    const base = db.selectFrom('caseanalytic as a').where('a.workspace_id', '=', q.s.workspaceId);
    const inPlace = unitsWhere(db, q.s, q.place, 'a.notification_unit_id');
    return (inPlace ? base.where(inPlace) : base) as SelectQueryBuilder<any, any, any>;
  }
  let base = db.selectFrom('contact as k').where('k.workspace_id', '=', q.s.workspaceId) as SelectQueryBuilder<any, any, any>;
  if (joins.has('p')) base = base.innerJoin('patient as p', 'p.id', 'k.patient_id');
  if (joins.has('ia')) base = base.innerJoin('caseanalytic as ia', 'ia.id', 'k.case_id');
  if (joins.has('t')) base = base.leftJoin('tptcourse as t', 't.contact_id', 'k.id');
  const inPlace = unitsWhere(db, q.s, q.place, 'k.unit_id');
  return inPlace ? base.where(inPlace) : base;
}

/**
 * The tables beside a contact that the indicators of `defs` read (their facts and period dates) and
 * the disaggregation `dim`: what their statement joins.
 * @example joinsOf([TB_IND_49]) // Set { 'ia' }
 */
export function joinsOf(defs: IndicatorDefinition[], dim?: DimensionId): ReadonlySet<ContactJoin> {
  const subject = defs[0].subject;
  if (subject === 'case') return new Set();
  return new Set([
    ...defs.flatMap((d) => [...indicatorFacts(d).flatMap((f) => FACTS[subject][f].joins ?? []), ...(DATE_JOINS[d.period.date] ?? [])]),
    ...(dim ? DIMENSIONS[subject][dim]?.joins ?? [] : []),
  ]);
}

/**
 * Runs `run` on a connection of its own without JIT compilation: a grouped statement over a year's
 * rows (a hundred `filter` sums) is estimated dear enough for PostgreSQL to compile it with LLVM,
 * which took longer than running it (seconds of CPU for a statement that runs in a fraction of one,
 * as `npm run bench:reports` showed). The setting is the session's, reset before the connection goes back to the pool
 * (no transaction: the embedded PGlite has one connection, on which transactions may not overlap —
 * and no JIT either).
 * @example await withoutJit(db, (c) => groupStatement(c, defs, q).executeTakeFirst())
 */
export function withoutJit<T>(db: Kysely<any>, run: (c: Kysely<any>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (c) => {
    await sql`set jit = off`.execute(c);
    try {
      return await run(c);
    } finally {
      await sql`reset jit`.execute(c);
    }
  });
}

/** The id of a subject's row. */
export const rowId = (subject: Subject) => (subject === 'case' ? 'a.id' : 'k.id');

/** The ISO date `months` before `iso` (the day kept: periods start on the 1st). */
export function monthsBefore(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const total = y * 12 + (m - 1) - months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The rows of an indicator's period: its date in the period asked, `monthsBack` months before. */
function inPeriod(d: IndicatorDefinition, q: IndicatorQuery): RawBuilder<SqlBool> {
  const date = DATES[d.subject][d.period.date];
  return sql<SqlBool>`(${date} >= ${monthsBefore(q.from, d.period.monthsBack)}::date and ${date} < ${monthsBefore(q.to, d.period.monthsBack)}::date)`;
}

/**
 * A condition over the facts as `value` reads them (`../condition-sql.ts`, keys as literals: the
 * statement groups by its expressions); never NULL. A yes/no fact is never NULL either.
 * @example conditionSql({ var: 'treatmentStarted', equals: true }, (f) => FACTS.case[f].sql) // coalesce(coalesce(a.ini_treatment_date is not null, false) = true, false)
 */
export function conditionSql(c: Condition | undefined, value: (fact: string) => RawBuilder<unknown>): RawBuilder<SqlBool> {
  return anyConditionSql(c, { value, literals: true });
}

/** The first exclusion reason that holds (null: none). */
function reasonSql(d: IndicatorDefinition, value: (fact: string) => RawBuilder<unknown>): RawBuilder<string | null> {
  if (!d.exclude.length) return sql<null>`null`;
  return sql<string | null>`(case ${sql.join(d.exclude.map((x) => sql`when ${conditionSql(x.when, value)} then ${sql.lit(x.id)}`), sql` `)} end)`;
}

/** What a statement answers per indicator (`i` its place in the group): denominator, numerator, excluded by reason. */
export const columnsOf = (i: number, d: IndicatorDefinition) => ({ den: `d${i}`, num: `n${i}`, reasons: d.exclude.map((_x, j) => `x${i}_${j}`) });

/**
 * One statement computing the indicators of `defs` (one subject and period date, each its own
 * `monthsBack`): per indicator `d<i>`, `n<i>` and `x<i>_<j>` (excluded for reason j); with a
 * disaggregation `dim`, a row per key (`dim`, null: not known).
 */
export function groupStatement(db: Kysely<any>, defs: IndicatorDefinition[], q: IndicatorQuery, dim?: DimensionId) {
  const subject = defs[0].subject;
  const facts = [...new Set(defs.flatMap(indicatorFacts))];
  const name = new Map(facts.map((f, i) => [f, `f${i}`]));
  const g = (fact: string) => sql.ref(`g.${name.get(fact)}`);
  // the periods of the group (one `monthsBack` each) as grouping flags
  const periods = [...new Set(defs.map((d) => d.period.monthsBack))];
  const period = (d: IndicatorDefinition) => sql.ref(`g.p${periods.indexOf(d.period.monthsBack)}`);
  const dimension = dim ? DIMENSIONS[subject][dim]! : undefined;
  const inner = subjectRows(db, subject, q, joinsOf(defs, dim))
    .where(sql<SqlBool>`(${sql.join(periods.map((m) => inPeriod(defs.find((d) => d.period.monthsBack === m)!, q)), sql` or `)})`)
    .select([
      ...facts.map((f) => FACTS[subject][f].sql.as(name.get(f)!)),
      ...periods.map((m, i) => inPeriod(defs.find((d) => d.period.monthsBack === m)!, q).as(`p${i}`)),
      ...(dimension ? [dimension.sql.as('dim')] : []),
    ] as any);
  const keys = [...facts.map((f) => name.get(f)!), ...periods.map((_m, i) => `p${i}`), ...(dimension ? ['dim'] : [])];
  const grouped = sql`(select ${sql.join(keys.map((k) => sql.ref(`r.${k}`)))}, count(*)::int as n from (${inner}) r group by ${sql.join(keys.map((k) => sql.ref(`r.${k}`)))})`;
  const sums = defs.flatMap((d, i) => {
    const cols = columnsOf(i, d);
    const den = sql<SqlBool>`(${period(d)} and ${conditionSql(d.denominator?.when, g)})`;
    const reason = reasonSql(d, g);
    return [
      sql`coalesce(sum(g.n) filter (where ${den} and ${reason} is null), 0)::int`.as(cols.den),
      sql`coalesce(sum(g.n) filter (where ${den} and ${reason} is null and ${conditionSql(d.numerator?.when, g)}), 0)::int`.as(cols.num),
      ...d.exclude.map((x, j) => sql`coalesce(sum(g.n) filter (where ${den} and ${reason} = ${sql.lit(x.id)}), 0)::int`.as(cols.reasons[j])),
    ];
  });
  const q0 = db.selectFrom(sql`${grouped}`.as('g')).select(sums as any);
  return dimension ? q0.select(sql.ref('g.dim').as('dim')).groupBy('g.dim') : q0;
}

/** Which rows of an indicator a drill-through lists. */
export type Part = 'numerator' | 'denominator' | 'excluded';

/**
 * The ids of an indicator's rows: its numerator's, its denominator's, or those left out (for the
 * reason `reason`, else any), as a sub-select of `id`.
 */
export function partIds(db: Kysely<any>, d: IndicatorDefinition, q: IndicatorQuery, part: Part, reason?: string) {
  const live = (fact: string) => FACTS[d.subject][fact].sql;
  const why = reasonSql(d, live);
  let rows = subjectRows(db, d.subject, q, joinsOf([d])).where(inPeriod(d, q)).where(conditionSql(d.denominator?.when, live));
  if (part === 'excluded') rows = rows.where(reason ? sql<SqlBool>`${why} = ${reason}` : sql<SqlBool>`${why} is not null`);
  else rows = rows.where(sql<SqlBool>`${why} is null`);
  if (part === 'numerator') rows = rows.where(conditionSql(d.numerator?.when, live));
  return rows.select(sql.ref(rowId(d.subject)).as('id'));
}
