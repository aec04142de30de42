/**
 * The condition language (`engine/condition/`) compiled to SQL: a boolean expression over the values
 * `SqlValues` gives each subject (a report variable's column, a DAK fact's expression). It is never
 * NULL and answers as the JavaScript evaluator (`holds`) does: no value is never equal, in a list
 * or in a range (`equals`, `in` and a range fail, `not` of them passes), `empty` holds for it, a
 * span with a missing date fails. A value is never the empty text or an empty list here (a report
 * variable without a value is NULL), so `empty` is `is null`. Keys are parameters, or literals for a
 * statement whose expressions are grouped by (`literals`).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Condition, SpanCondition } from '../engine/condition/index.ts';

/** What a condition reads of a row. */
export interface SqlValues {
  /** A subject's value. */
  value(subject: string): RawBuilder<unknown>;
  /** What a range compares (none given: the value) — an age variable's whole years at its case date. */
  measure?(subject: string): RawBuilder<unknown>;
  /** The span test (none given: `spanSql` over the two subjects' values) — the WHO forms group it as one value. */
  span?(c: SpanCondition): RawBuilder<SqlBool>;
  /** Keys written as SQL literals rather than parameters. */
  literals?: boolean;
}

/**
 * Whether the date `end` is at most `maxMonths` (or more than `overMonths`) months after `start`; false when either is NULL.
 * @example spanSql(sql.ref('c.ini_treatment_date'), sql.ref('c.treatment_end_date'), { span: ['a', 'b'], maxMonths: 6 }) // coalesce(end <= start + make_interval(months => 6), false)
 */
export function spanSql(start: RawBuilder<unknown>, end: RawBuilder<unknown>, c: SpanCondition): RawBuilder<SqlBool> {
  return c.maxMonths !== undefined
    ? sql<SqlBool>`coalesce(${end} <= ${start} + make_interval(months => ${c.maxMonths}), false)`
    : sql<SqlBool>`coalesce(${end} > ${start} + make_interval(months => ${c.overMonths}), false)`;
}

/**
 * A condition as SQL over the values `r` reads (no condition: true).
 * @example conditionSql({ all: [{ var: 'sex', in: ['MALE'] }, { var: 'age', from: 0, to: 14 }] }, { value: (v) => sql.ref(`c.${v}`) })
 *   // ((coalesce(c.sex in ($1), false)) and (coalesce(c.age between $2 and $3, false)))
 */
export function conditionSql(c: Condition | undefined, r: SqlValues): RawBuilder<SqlBool> {
  if (!c) return sql<SqlBool>`true`;
  if ('all' in c) return sql<SqlBool>`(${sql.join(c.all.map((x) => conditionSql(x, r)), sql` and `)})`;
  if ('any' in c) return sql<SqlBool>`(${sql.join(c.any.map((x) => conditionSql(x, r)), sql` or `)})`;
  if ('not' in c) return sql<SqlBool>`(not ${conditionSql(c.not, r)})`;
  if ('span' in c) return r.span ? r.span(c) : spanSql(r.value(c.span[0]), r.value(c.span[1]), c);
  const key = (k: unknown) => (r.literals ? sql.lit(k) : sql`${k}`);
  const subject = (c.field ?? c.var)!;
  if ('from' in c) return sql<SqlBool>`coalesce(${r.measure ? r.measure(subject) : r.value(subject)} between ${key(c.from)} and ${key(c.to)}, false)`;
  const v = r.value(subject);
  if ('empty' in c) return sql<SqlBool>`(${v} is null)`;
  if ('notEmpty' in c) return sql<SqlBool>`(${v} is not null)`;
  if ('equals' in c) return sql<SqlBool>`coalesce(${v} = ${key(c.equals)}, false)`;
  return sql<SqlBool>`coalesce(${v} in (${sql.join(c.in.map(key))}), false)`;
}
