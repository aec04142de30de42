/**
 * One indicator as one SQL statement (issue 22): the cases of the place in the reader's view, the
 * filters, and the row and column variables as `GROUP BY GROUPING SETS` — the cells, the totals of
 * each row and of each column ('Итог') and the grand total in one pass. Every value is a parameter;
 * table and column names come only from the schemas (`engine/report-vars.ts`).
 * A variable of a sub-record with several rows per case (tags, prescriptions) counts a case under
 * each of its values, and then every count is of distinct cases (a total is not the sum of its cells).
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ReportFilter, ReportVariable, VarSource } from '../../engine/report-vars.ts';

/** A filter's value as checked by `filters.ts`: the keys chosen, or a month range (`YYYY-MM`). */
export type FilterValue = { keys: unknown[] } | { ini?: string; end?: string };
export type Cond = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

export interface CaseQuery {
  workspaceId: string;
  /** The place in the reader's view, on `tbcase as c` (undefined: the whole workspace). */
  place?: Cond;
  /** The same place as a condition on a column of cohort unit ids (the counts cube's, `cube.ts`). */
  units?: (column: string) => Cond | undefined;
  filters: { filter: ReportFilter; value: FilterValue }[];
}

type Q = SelectQueryBuilder<any, any, any>;
type Part = { source: VarSource; column: string; value: ReportVariable['value'] };

/** The alias a source table is joined under. */
const aliasOf = (s: VarSource) =>
  s.kind === 'case' ? 'c' : s.kind === 'ref' ? `r_${s.column}` : s.kind === 'latest' && s.until ? `s_${s.table}_${s.until.column}_${s.until.months}` : `s_${s.table}`;
const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** Adds each join a set of variables needs, once, in a stable order. */
export class Joins {
  private readonly done = new Set<string>();
  constructor(private q: Q, private readonly workspaceId: string) {}

  get query() {
    return this.q;
  }

  /** Narrows the selection (a condition built after the joins it reads). */
  where(cond: Cond | RawBuilder<SqlBool>) {
    this.q = this.q.where(cond as any);
  }

  private once(key: string, add: (q: Q) => Q) {
    if (this.done.has(key)) return;
    this.done.add(key);
    this.q = add(this.q);
  }

  /** The source table's alias, joined. */
  source(s: VarSource): string {
    const a = aliasOf(s);
    if (s.kind === 'ref') this.once(a, (q) => q.leftJoin(`${s.table} as ${a}`, `${a}.id`, `c.${s.column}`));
    if (s.kind === 'one' || s.kind === 'each') this.once(a, (q) => q.leftJoin(`${s.table} as ${a}`, `${a}.${s.parent}`, 'c.id'));
    if (s.kind === 'latest') {
      this.once(a, (q) =>
        q.leftJoinLateral(
          (eb: any) => {
            let q = eb.selectFrom(`${s.table} as l`).selectAll('l').whereRef(`l.${s.parent}`, '=', 'c.id');
            // as it stood `months` after the case's date (none when the case has no such date)
            if (s.until) q = q.where(sql<SqlBool>`${ref('l', s.date)} <= ${ref('c', s.until.column)} + make_interval(months => ${s.until.months})`);
            return q.orderBy(`l.${s.date}`, 'desc').orderBy('l.id', 'desc').limit(1).as(a);
          },
          (j: any) => j.onTrue(),
        ),
      );
    }
    return a;
  }

  /** The value a variable or filter reads, as SQL over the joined tables. */
  value(p: Part): RawBuilder<unknown> {
    const a = this.source(p.source);
    const col = ref(a, p.column);
    const v = p.value;
    switch (v.kind) {
      case 'period':
        return v.by === 'month' ? sql`to_char(${col}, 'YYYY-MM')` : v.by === 'quarter' ? sql`to_char(${col}, 'YYYY-"Q"Q')` : sql`to_char(${col}, 'YYYY')`;
      case 'recorded':
        return sql`(${col} is not null)`;
      case 'monthsSince':
        return sql`(date_part('year', age(current_date, ${col})) * 12 + date_part('month', age(current_date, ${col})) + 1)::int`;
      case 'age': {
        const age = `age_${a}`;
        const ws = this.workspaceId;
        this.once(age, (q) =>
          q.leftJoinLateral(
            (eb: any) =>
              eb
                .selectFrom('agerange as ar')
                .select('ar.id')
                .where('ar.workspace_id', '=', ws)
                .where(sql<SqlBool>`date_part('year', age(coalesce(${ref('c', v.at)}, current_date), ${col})) between ar.ini_age and ar.end_age`)
                .orderBy('ar.ini_age')
                .limit(1)
                .as(age),
            (j: any) => j.onTrue(),
          ),
        );
        return ref(age, 'id');
      }
      case 'area': {
        const u = `u_${a}_${p.column}`, au = `a_${a}_${p.column}`;
        this.once(u, (q) => q.leftJoin(`${v.table} as ${u}`, `${u}.id`, `${a}.${p.column}`));
        this.once(au, (q) => q.leftJoin(`adminunit as ${au}`, `${au}.id`, `${u}.${v.column}`));
        return ref(au, `p${v.level - 1}_id`);
      }
      default:
        return col;
    }
  }
}

/** The condition one filter puts on the cases. */
function filterCondition(j: Joins, f: ReportFilter, value: FilterValue): RawBuilder<SqlBool> {
  if ('keys' in value) {
    const keys = value.keys;
    if (f.source.kind === 'each') {
      // a case with any of the values: never through the join, which would repeat the case
      const s = f.source;
      return sql<SqlBool>`exists (select 1 from ${sql.table(s.table)} as e where ${sql.ref(`e.${s.parent}`)} = c.id and ${sql.ref(`e.${f.column}`)} in (${sql.join(keys)}))`;
    }
    if (f.value.kind === 'area' && f.value.level === 0) {
      const levels = [1, 2, 3, 4, 5].map((level) => j.value({ ...f, value: { ...f.value, level } as any }));
      return sql<SqlBool>`(${sql.join(levels.map((l) => sql`${l} in (${sql.join(keys)})`), sql` or `)})`;
    }
    return sql<SqlBool>`${j.value(f)} in (${sql.join(keys)})`;
  }
  return columnCondition(ref(j.source(f.source), f.column), value);
}

/** A filter's plain value on one column: a multi-select by IN, a period by month bounds. */
function columnCondition(col: RawBuilder<unknown>, value: FilterValue): RawBuilder<SqlBool> {
  if ('keys' in value) return sql<SqlBool>`${col} in (${sql.join(value.keys)})`;
  const parts: RawBuilder<SqlBool>[] = [];
  if (value.ini) parts.push(sql<SqlBool>`${col} >= ${`${value.ini}-01`}::date`);
  if (value.end) parts.push(sql<SqlBool>`${col} < (${`${value.end}-01`}::date + interval '1 month')`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}

/**
 * One filter as a condition on a case list's row (`tbcase as <alias>`), for a page read in the
 * list's order: a filter on a column of the case compares that column (its index serves the page);
 * on a column of a row the case references (its patient) an EXISTS on that one row by its key; any
 * other is an EXISTS on the same case with the joins it needs (one index lookup per row read, where
 * a semi-join would first collect every matching case).
 * @example store.query({ …, conditions: filters.map((f) => (q) => q.where(rowCondition(db, ws, f.filter, f.value))) })
 */
export function rowCondition(db: Kysely<any>, workspaceId: string, f: ReportFilter, value: FilterValue, alias = 't'): RawBuilder<SqlBool> {
  const v = f.value.kind;
  const plain = v === 'enum' || v === 'boolean' || v === 'ref' || v === 'period';
  if (plain && f.source.kind === 'case') return columnCondition(ref(alias, f.column), value);
  if (plain && f.source.kind === 'ref') {
    const on = f.source;
    return sql<SqlBool>`exists (select 1 from ${sql.table(on.table)} as r where ${ref('r', 'id')} = ${ref(alias, on.column)} and ${columnCondition(ref('r', f.column), value)})`;
  }
  const one = caseSelection(db, { workspaceId, filters: [{ filter: f, value }] });
  return sql<SqlBool>`exists (${one.query.select(sql`1`.as('one')).whereRef('c.id', '=', `${alias}.id`)})`;
}

/**
 * The cases of the workspace in the place, filtered: `tbcase as c` with the joins the filters need.
 * @example caseSelection(db, { workspaceId, place, filters: [] }).query.select('c.id')
 */
export function caseSelection(db: Kysely<any>, cq: CaseQuery): Joins {
  const j = new Joins(db.selectFrom('tbcase as c').where('c.workspace_id', '=', cq.workspaceId), cq.workspaceId);
  const conds = cq.filters.map(({ filter, value }) => filterCondition(j, filter, value));
  if (cq.place) j.where(cq.place);
  for (const c of conds) j.where(c);
  return j;
}

/**
 * The statement of an indicator: rows `{r0…, c0…, g, n}` — the row and column variables' keys,
 * `g` the `grouping()` mask (0 a cell, the column bits set: a row's total, the row bits set: a
 * column's total, all set: the grand total) and `n` the number of cases.
 * @example
 * const q = indicatorQuery(db, { workspaceId, filters: [] }, [cat.variable('gender')!], [cat.variable('classification')!]);
 * (await q.execute()) // [{ r0: 'MALE', c0: 'TB', g: 0, n: 12 }, …, { r0: null, c0: null, g: 3, n: 40 }]
 */
export function indicatorQuery(db: Kysely<any>, cq: CaseQuery, rows: ReportVariable[], columns: ReportVariable[]) {
  const j = caseSelection(db, cq);
  const dims = [...rows.map((v, i) => ({ v, name: `r${i}` })), ...columns.map((v, i) => ({ v, name: `c${i}` }))];
  const values = dims.map((d) => j.value(d.v).as(d.name));
  const inner = j.query.select([...values, 'c.id as case_id']);
  const many = dims.some((d) => d.v.source.kind === 'each');
  const names = (list: { name: string }[]) => sql.join(list.map((d) => sql.ref(`x.${d.name}`)));
  const r = dims.filter((d) => d.name.startsWith('r')), c = dims.filter((d) => d.name.startsWith('c'));
  const sets = sql`grouping sets ((${names(dims)}), (${names(r)}), (${names(c)}), ())`;
  return db
    .selectFrom(inner.as('x'))
    .select([...dims.map((d) => `x.${d.name}`), sql<number>`grouping(${names(dims)})`.as('g'), (many ? sql<number>`count(distinct x.case_id)` : sql<number>`count(*)`).as('n')])
    .groupBy(sets);
}
